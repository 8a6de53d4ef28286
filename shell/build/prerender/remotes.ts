/**
 * The shell's remote registry (src/remotes/remote-registry.ts) as the build-time render sees it: the
 * auth remote's pages come from its source, so the public pages render with the remote's own
 * components. In the browser the same pages still load as a remote.
 */
import type { ExposedModule, RemoteModuleId } from '@chirp/seams';
import { exposedModules } from '../../../auth-remote/src/exposed-modules.ts';
import type { Prefetch } from '../../src/remotes/remote-registry.ts';

export async function loadRemoteModule<Id extends RemoteModuleId>(id: Id): Promise<ExposedModule<Id>> {
  const [remote, name] = id.split('/');
  const module = remote === 'auth' ? (exposedModules as Record<string, unknown>)[`./${name}`] : undefined;
  if (!module) throw new Error(`${id} is not rendered at build time: only the auth remote's pages are`);
  return module as ExposedModule<Id>;
}

// Effects and the start's choices, which a render at build time never makes.
export const remoteBuild = async (): Promise<string | null> => null;
export const prepareRemotes = (): void => undefined;
export const loadFirstScreen = (): void => undefined;
export const loadedRemoteModule = (): undefined => undefined;
export const prefetchRemoteModules = (): Prefetch => ({ now: () => undefined, cancel: () => undefined });
