import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react';

export interface OnDemandProps {
  children: ReactNode;
  /**
   * Called when the code could not be fetched: the opener tells the person why (a toast) and
   * closes what it opened.
   */
  onFailed: (error: TypeError) => void;
}

/**
 * Where a dialog whose code is fetched when it opens is rendered (the first screen does without it).
 * Nothing shows while it comes. If it cannot come (offline before it was ever opened, or a redeploy
 * removed the file), `onFailed` is called and nothing is drawn; the page around it goes on. A failed
 * fetch of a module is a TypeError; any other error is not this boundary's and goes on up.
 */
export class OnDemand extends Component<OnDemandProps, { error?: unknown }> {
  state: { error?: unknown } = {};

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown) {
    // Only now, with the failure shown, does the component ask for its code again on its next render.
    if (typeof error === 'object' && error !== null) askAgainAfter.get(error)?.();
    if (error instanceof TypeError) this.props.onFailed(error);
  }

  render() {
    const { error } = this.state;
    if (error !== undefined && !(error instanceof TypeError)) throw error;
    return error === undefined ? <Suspense fallback={null}>{this.props.children}</Suspense> : null;
  }
}

/** By failed fetch: how its component makes a fresh lazy component (OnDemand calls it once it has caught the failure). */
const askAgainAfter = new WeakMap<object, () => void>();

/**
 * A component whose code is fetched when it first renders (inside OnDemand). React keeps a failed
 * fetch of a lazy component for good; this one asks again the next time it is opened (back online).
 * Not sooner: React renders a failed tree once more before it shows the error boundary, and a fresh
 * fetch in that render would suspend instead of failing, again and again while offline.
 */
export function onDemand<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const fresh = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          if (typeof error === 'object' && error !== null) askAgainAfter.set(error, () => (Loaded = fresh()));
          throw error;
        },
      ),
    );
  let Loaded = fresh();
  return function OnDemandComponent(props: Props) {
    const Component = Loaded;
    return <Component {...props} />;
  };
}
