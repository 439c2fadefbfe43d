import type { ReactNode } from 'react';
import { useHydrated } from '@/lib/hydration';

/**
 * What only a browser without JavaScript needs (a plain form's extra field or button). It is in the
 * server's HTML, hidden there from scripted browsers by the `.nojs-only` rule, and leaves once the page is
 * live, so the live page holds no second copy of a control.
 */
export function WithoutScript({ children, className }: { children: ReactNode; className?: string }) {
  const hydrated = useHydrated();
  if (hydrated) return null;
  return <div className={['nojs-only', className].filter(Boolean).join(' ')}>{children}</div>;
}
