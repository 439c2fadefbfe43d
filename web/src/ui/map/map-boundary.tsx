import { Component, lazy, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useHydrated } from '@/lib/hydration';
import { nextTask } from '@/lib/sleep';
import './map-frame.css';
import { Skeleton } from '../skeleton';

/**
 * Maps draw into the browser's DOM (Leaflet needs `window`): the server's HTML and the hydrating render hold
 * the placeholder, and the map loads once the page is live.
 */
function InBrowser({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return useHydrated() ? children : fallback;
}

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
    // A map needs JavaScript: a browser without it is not shown a placeholder that never fills.
    const classes = ['map-frame', 'js-only', className].filter(Boolean).join(' ');
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
        <InBrowser fallback={<Skeleton className="map-frame__placeholder" />}>
          <Suspense fallback={<Skeleton className="map-frame__placeholder" />}>{children}</Suspense>
        </InBrowser>
      </div>
    );
  }
}

/** Spec §9: a map script that has not loaded after 120 s has failed. */
export const MAP_SCRIPT_TIMEOUT_MS = 120_000;

/**
 * React.lazy for a map module, failing (into the MapBoundary's error) when the script does not arrive in
 * time, as well as when it fails to load. The map renders in a task after the one that ran the module's code
 * (Leaflet's evaluation is itself a long task on a slow phone; the map's start would otherwise join it).
 */
export function lazyMap<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs = MAP_SCRIPT_TIMEOUT_MS,
) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`map script not loaded in ${timeoutMs} ms`)),
          timeoutMs,
        );
        load().then(
          (module) => {
            clearTimeout(timer);
            void nextTask().then(() => resolve(module));
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      }),
  );
}
