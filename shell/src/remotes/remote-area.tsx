import type { RemoteModuleId, RemoteModules } from '@chirp/seams';
import { onRecoveryChance } from '@chirp/session';
import { Spinner } from '@chirp/ui';
import { type ComponentType, createElement, lazy, type ReactNode, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { loadedRemoteModule, loadRemoteModule } from './remote-registry';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { IncompatibleRemoteError } from './session-contract';

const lazyComponents = new Map<string, ComponentType<never>>();

/** The area's component: the module's own once it is here (no suspending), else a lazy one that loads it. */
function lazyRemote<Id extends RemoteModuleId>(id: Id, attempt: number): ComponentType<RemoteModules[Id]> {
  const key = `${id}#${attempt}`;
  let component = lazyComponents.get(key) as ComponentType<RemoteModules[Id]> | undefined;
  if (!component) {
    const here = loadedRemoteModule(id, attempt);
    if (here) return here.default;
    component = lazy(() => loadRemoteModule(id, attempt));
    lazyComponents.set(key, component as ComponentType<never>);
  }
  return component;
}

/** Presses Retry by itself when the server may be back (online again, the tab back, the live stream back). */
function RetryOnRecovery({ retry }: { retry: () => void }) {
  // A layout effect: the area listens from the moment its error shows, not a frame later, so a
  // connection that comes back at once is not missed.
  useLayoutEffect(() => onRecoveryChance(retry), [retry]);
  return null;
}

type RemoteAreaProps<Id extends RemoteModuleId> = {
  /** `remote/ExposedModule`, one of those @chirp/seams declares. */
  module: Id;
  /** Names the area in the failure message: "The {label} could not be loaded." */
  label: string;
  /** What shows while the code downloads (a spinner by default; `null` for small areas). */
  loading?: ReactNode;
  /** Called once the remote's module has rendered and run its effects. */
  onShown?: () => void;
} & ([keyof RemoteModules[Id]] extends [never] ? { props?: never } : { props: RemoteModules[Id] });

/**
 * Calls `run` once the remote's module, rendered before it, has run its effects too: a store it
 * changed in a layout effect (what was typed before it took over) is read again by its components in
 * their passive effects, and those renders are done by the time `run`'s own work comes.
 */
function Shown({ run }: { run: () => void }) {
  useEffect(() => run(), [run]);
  return null;
}

/**
 * One remote area of the page, behind Suspense and an error boundary. When the remote's server is
 * down or its code throws, only this area says so; "Retry" loads it again without a page reload.
 * A remote built against another major of @chirp/session is not run: the area says so.
 */
export function RemoteArea<Id extends RemoteModuleId>({ module, label, props, loading, onShown }: RemoteAreaProps<Id>) {
  const [attempt, setAttempt] = useState(0);
  // Stable per (module, attempt): lazyRemote caches the component, so React keeps its state.
  const Remote = lazyRemote(module, attempt);
  return (
    <RemoteErrorBoundary
      key={attempt}
      fallback={(error) => (
        <div role="alert" className="remote-error">
          {error instanceof IncompatibleRemoteError ? (
            <p>
              The {label} could not be loaded: it was built for another version of Chirp (session{' '}
              {error.builtWith}; this page provides {error.provided}). Reload the page, or try again
              later.
            </p>
          ) : (
            <p>The {label} could not be loaded. Check your connection, then try again.</p>
          )}
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </button>
          <RetryOnRecovery retry={() => setAttempt((n) => n + 1)} />
        </div>
      )}
    >
      <Suspense fallback={loading === undefined ? <Spinner label={`Loading the ${label}`} /> : loading}>
        {createElement(Remote as ComponentType<object>, props ?? {})}
        {onShown && <Shown run={onShown} />}
      </Suspense>
    </RemoteErrorBoundary>
  );
}
