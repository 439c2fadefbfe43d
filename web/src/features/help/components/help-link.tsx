import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { helpSearch, type HelpLocation } from '../utils/faq-tree';

/**
 * A step of the help centre as a real link: a browser without JavaScript follows it and the server renders
 * that stage; the live page moves there itself (and to the top). A click meant for a new tab is left to the
 * browser.
 */
export function HelpLink({
  to,
  go,
  className,
  children,
}: {
  to: HelpLocation;
  go: (next: HelpLocation) => void;
  className: string;
  children: ReactNode;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go(to);
  };
  return (
    <Link className={className} to={{ search: helpSearch(to) }} onClick={onClick}>
      {children}
    </Link>
  );
}
