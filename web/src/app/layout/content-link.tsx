import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { useLocalePath } from '@/lib/language';

export type ContentLinkData = { label: string; path?: string; href?: string };

/** A link from content: app paths stay in the app (with the language prefix); others are plain links. */
export function ContentLink({
  link,
  children,
  className,
}: {
  link: ContentLinkData;
  children: ReactNode;
  className?: string;
}) {
  const localePath = useLocalePath();
  if (link.path?.startsWith('/')) {
    return (
      <Link className={className} to={localePath(link.path)}>
        {children}
      </Link>
    );
  }
  const href = link.href ?? link.path ?? '#';
  const external = /^https?:/.test(href);
  return (
    <a
      className={className}
      href={href}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </a>
  );
}
