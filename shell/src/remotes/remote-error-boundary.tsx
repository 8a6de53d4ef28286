import { Component, type ReactNode } from 'react';

interface Props {
  /** What the area shows when its code failed; `reset` renders it again. */
  fallback: (reset: () => void) => ReactNode;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Keeps a failing remote inside its own area: without it React unmounts the whole page. */
export class RemoteErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  reset = () => this.setState({ failed: false });

  render() {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}
