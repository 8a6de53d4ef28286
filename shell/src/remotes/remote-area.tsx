import { type ComponentType, createElement, lazy, Suspense, useState } from 'react';
import { loadRemoteModule, type RemoteModuleId } from './remote-registry';
import { RemoteErrorBoundary } from './remote-error-boundary';

type AnyProps = Record<string, unknown>;
const lazyComponents = new Map<string, ComponentType<AnyProps>>();

function lazyRemote(id: RemoteModuleId, attempt: number): ComponentType<AnyProps> {
  const key = `${id}#${attempt}`;
  let component = lazyComponents.get(key);
  if (!component) {
    component = lazy(() => loadRemoteModule<{ default: ComponentType<AnyProps> }>(id, attempt));
    lazyComponents.set(key, component);
  }
  return component;
}

interface RemoteAreaProps<P> {
  /** `remote/ExposedModule`, as the remote's `exposes` names it. */
  module: RemoteModuleId;
  /** Names the area in the failure message: "The {label} could not be loaded." */
  label: string;
  props?: P;
  /** What shows while the code downloads (a spinner by default; `null` for small areas). */
  loading?: React.ReactNode;
}

/**
 * One remote area of the page, behind Suspense and an error boundary. When the remote's server is
 * down or its code throws, only this area says so; "Retry" loads it again without a page reload.
 */
export function RemoteArea<P extends object>({ module, label, props, loading }: RemoteAreaProps<P>) {
  const [attempt, setAttempt] = useState(0);
  // Stable per (module, attempt): lazyRemote caches the component, so React keeps its state.
  const Remote = lazyRemote(module, attempt);
  return (
    <RemoteErrorBoundary
      key={attempt}
      fallback={() => (
        <div role="alert" className="remote-error">
          <p>
            The {label} could not be loaded. Check your connection, then try again.
          </p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </button>
        </div>
      )}
    >
      <Suspense fallback={loading === undefined ? <Spinner label={`Loading the ${label}`} /> : loading}>
        {createElement(Remote, props as AnyProps)}
      </Suspense>
    </RemoteErrorBoundary>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner" role="status">
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
