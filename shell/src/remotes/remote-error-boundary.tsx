import { Component, type ReactNode } from 'react';

interface Props {
  /** What the area shows when its code failed to load or threw, given the error. */
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

interface State {
  failed: boolean;
  error?: unknown;
}

/** Keeps a failing remote inside its own area: without it React unmounts the whole page. */
export class RemoteErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
