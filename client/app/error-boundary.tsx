import { Component, type ReactNode } from 'react';
import { ErrorState } from '../components/state-panel';

interface ErrorBoundaryProps {
  /** When it changes (a navigation), a caught error is cleared. */
  resetKey: string;
  children: ReactNode;
}

interface ErrorBoundaryState {
  hasError: boolean;
}

/** Catches a render error in a page and offers Try Again instead of a blank screen (React logs the error). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { hasError: true };
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.hasError && previous.resetKey !== this.props.resetKey) {
      this.setState({ hasError: false });
    }
  }

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    return (
      <ErrorState
        onRetry={() => {
          this.setState({ hasError: false });
        }}
      />
    );
  }
}
