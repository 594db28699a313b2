import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorBox } from '../common/ErrorBox';

interface Props {
  /** the page's path: a failed page is forgotten when the viewer goes elsewhere */
  pathname: string;
  children?: ReactNode;
}
interface State {
  error: Error | null;
  failedPath: string | null;
}

/** A page that throws while rendering shows the error box instead of a blank console. */
export class RenderErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedPath: null };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.setState({ failedPath: this.props.pathname });
    console.error(error, info.componentStack);
  }

  override render() {
    const { error, failedPath } = this.state;
    if (error && (failedPath === null || failedPath === this.props.pathname))
      return <ErrorBox message={error.message} />;
    return this.props.children;
  }
}
