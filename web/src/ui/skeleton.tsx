import type { CSSProperties } from 'react';

/** A grey placeholder block shown while content loads. */
export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return (
    <span aria-hidden="true" className={['skeleton', className].filter(Boolean).join(' ')} style={style} />
  );
}
