/**
 * Federation fills a shared package's exports once the share scope has loaded it. Where nobody has
 * loaded `@chirp/session` yet (the shell, first of all), its exports are still empty when the modules
 * that import them are evaluated, and top-level uses (`paths.home`, `create(...)`) would crash.
 * Importing it here and waiting for the pending share loads makes it ready before the app loads.
 */
import '@chirp/session';

type ModuleCache = { pendingShareLoads?: Promise<unknown>[] };
const cache = (globalThis as { __mf_module_cache__?: ModuleCache }).__mf_module_cache__;
await Promise.all(cache?.pendingShareLoads ?? []);
