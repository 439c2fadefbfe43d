import { lazy, Suspense, type ComponentType } from 'react';
import { addLaterPart, isHydrated } from '@/lib/hydration';
import { nextTask } from '@/lib/sleep';

async function afterTasks(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await nextTask();
}

/**
 * `Component` hydrated in a task of its own, the `order`-th after the page's first hydration task, instead of
 * inside it: a cheap phone hydrates a whole page in one task that blocks every tap meanwhile (the layout's
 * header and footer were a third of it). Preact keeps the server's HTML of a part that suspends while the page
 * hydrates, and hydrates it when it resumes (docs/decisions/0050), so nothing on screen changes.
 *
 * The part must render one element at its root and must not call `useId` (ids are counted in render order).
 * On the server it renders as it is; in a page that is already live it renders at once. The hydration
 * end-to-end test checks each later part until the page is live (e2e/tests/hydration-recorder.js lists them).
 */
export function hydrateLater<P extends object>(Component: ComponentType<P>, order: number): ComponentType<P> {
  if (typeof window === 'undefined') return Component;
  const Later = lazy(() => {
    const ready = isHydrated() ? Promise.resolve() : afterTasks(order);
    addLaterPart(ready);
    return ready.then(() => ({ default: Component }));
  });
  function HydratedLater(props: P) {
    return (
      <Suspense fallback={null}>
        <Later {...props} />
      </Suspense>
    );
  }
  HydratedLater.displayName = `HydratedLater(${Component.displayName ?? Component.name})`;
  return HydratedLater;
}
