import { Component, type ReactNode } from 'react';

type Props = { fallback: ReactNode; children: ReactNode };
type State = { hasFailed: boolean };

/**
 * A chart that cannot be drawn (it threw on unexpected data) must not take the dashboard down: the figures are still in the text beside it.
 */
export class ChartErrorBoundary extends Component<Props, State> {
  override state: State = { hasFailed: false };

  static getDerivedStateFromError(): State {
    return { hasFailed: true };
  }

  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}
