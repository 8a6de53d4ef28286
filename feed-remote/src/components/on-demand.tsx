import { errorMessage, toast } from '@chirp/session';
import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react';

interface Props {
  children: ReactNode;
  /** Called when the code could not be fetched: the opener closes what it opened. */
  onFailed: () => void;
}

/**
 * Where a dialog whose code is fetched when it opens is rendered (the first screen does without it).
 * Nothing shows while it comes. If it cannot come (offline before it was ever opened, or a redeploy
 * removed the file), the person is told why in a toast and the dialog stays closed; the feed around
 * it goes on. A failed fetch of a module is a TypeError; any other error is not this boundary's and
 * goes on up.
 */
export class OnDemand extends Component<Props, { error?: unknown }> {
  state: { error?: unknown } = {};

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown) {
    if (!(error instanceof TypeError)) return;
    toast.error(errorMessage(error));
    this.props.onFailed();
  }

  render() {
    const { error } = this.state;
    if (error !== undefined && !(error instanceof TypeError)) throw error;
    return error === undefined ? <Suspense fallback={null}>{this.props.children}</Suspense> : null;
  }
}

/**
 * A component whose code is fetched when it first renders (inside OnDemand). React keeps a failed
 * fetch of a lazy component for good; this one asks again the next time it is opened (back online).
 */
export function onDemand<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const fresh = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          Loaded = fresh();
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
