import type { MouseEvent } from 'react';

type Click = (event: MouseEvent<HTMLButtonElement>) => void;

/**
 * A button that cannot be used yet (a form not filled in, a payment under way) but stays a Tab stop:
 * `disabled` takes a button out of the Tab order, so someone tabbing through a form with a screen reader
 * never learns that it has a BUY AIRTIME button at all. `aria-disabled` announces it as unavailable, and
 * the click is cancelled here, also the one a browser makes when Enter is pressed in a field (implicit
 * submission), so the form is not sent. Before the page is live there is no handler: the form goes to the
 * server, which checks it (docs/decisions/0050).
 */
export function unavailableWhen(unavailable: boolean, onClick?: Click) {
  return {
    'aria-disabled': unavailable || undefined,
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      if (unavailable) event.preventDefault();
      else onClick?.(event);
    },
  };
}
