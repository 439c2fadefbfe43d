import type { ReactNode } from 'react';

/**
 * The frame of the pages that are one card under a title (about, offline, a missing purchase, the error
 * page): the title is the page's h1 and labels its section; `lead` is the line under it.
 */
export function CardPage({
  titleId,
  title,
  lead,
  className,
  cardClassName,
  busy,
  children,
}: {
  titleId: string;
  title: ReactNode;
  lead?: ReactNode;
  /** Added to the section's 'page container'. */
  className?: string;
  /** Added to the card's 'card'. */
  cardClassName?: string;
  busy?: boolean;
  children?: ReactNode;
}) {
  return (
    <section
      className={['page container', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
    >
      <div className={['card', cardClassName].filter(Boolean).join(' ')}>
        <h1 id={titleId} className="page__title">
          {title}
        </h1>
        {lead === undefined ? null : <p className="page__lead">{lead}</p>}
        {children}
      </div>
    </section>
  );
}
