import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Skeleton } from '../skeleton';

type BoundaryProps = { errorText: string; retryText: string; children: ReactNode; className?: string };

/**
 * Wraps a lazily loaded map: a placeholder while the map code loads, and a visible error (never a blank
 * area) when the map script fails to load or the map fails to start. The rest of the page keeps working.
 */
export class MapBoundary extends Component<BoundaryProps, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Spec §8: the map component rejects when its script fails; the page shows an error and logs it.
    console.warn('[map] failed to load', error, info.componentStack);
  }

  override render() {
    const { errorText, retryText, children, className } = this.props;
    const classes = ['map-frame', className].filter(Boolean).join(' ');
    if (this.state.failed) {
      return (
        <div className={`${classes} map-frame--error`} role="alert">
          <p>{errorText}</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }))}
          >
            {retryText}
          </button>
        </div>
      );
    }
    return (
      <div className={classes} key={this.state.attempt}>
        <Suspense fallback={<Skeleton className="map-frame__placeholder" />}>{children}</Suspense>
      </div>
    );
  }
}
