import { Component, type ReactNode } from 'react';

interface Props {
  fallback: (status: number) => ReactNode;
  children: ReactNode;
}

/** The status comes from statusCode, status or response.status of what was thrown, else 500. */
export function statusOf(error: unknown): number {
  if (typeof error !== 'object' || error === null) return 500;
  const source = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } };
  for (const value of [source.statusCode, source.status, source.response?.status]) {
    if (typeof value === 'number' && value >= 400 && value < 600) return value;
  }
  return 500;
}

/** A page that throws while rendering shows the error page instead of a blank screen; keyed by URL to reset. */
export class ErrorBoundary extends Component<Props, { status: number | null }> {
  override state = { status: null as number | null };

  static getDerivedStateFromError(error: unknown) {
    return { status: statusOf(error) };
  }

  override componentDidCatch(error: unknown) {
    console.error('[app] page failed', error);
  }

  override render() {
    return this.state.status === null ? this.props.children : this.props.fallback(this.state.status);
  }
}
