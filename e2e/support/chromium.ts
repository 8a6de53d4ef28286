// @ts-expect-error plain ESM script, typed below
import * as script from '../../scripts/chromium.mjs';

const { findChromium, chromiumArgs } = script as { findChromium: (options?: { headlessShell?: boolean }) => string; chromiumArgs: string[] };

/** The browser the E2E tests drive: Debian's headless shell when installed (see scripts/chromium.mjs). */
export const findTestChromium = () => findChromium({ headlessShell: true });
export { chromiumArgs };
