// @ts-expect-error plain ESM script, typed below
import * as script from '../../scripts/chromium.mjs';

/** See scripts/chromium.mjs. */
export const { findChromium, chromiumArgs } = script as { findChromium: () => string; chromiumArgs: string[] };
