import { Component, Suspense, type ReactNode } from 'react';
import { LoadingPage, PageLoadError } from '@hub/ui/screens/StatusPages/StatusPages';

interface State {
  failed: boolean;
}

/** A page loaded on demand: a spinner while its chunk arrives, "Failed to load page" if it cannot. */
export class PageBoundary extends Component<{ children: ReactNode; fallback?: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('[app] page failed to load:', error);
  }

  override render() {
    if (this.state.failed) return <PageLoadError />;
    return <Suspense fallback={this.props.fallback ?? <LoadingPage />}>{this.props.children}</Suspense>;
  }
}
