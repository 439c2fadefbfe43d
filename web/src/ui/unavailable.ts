import { useEffect, useState, type MouseEvent } from 'react';

type Click = (event: MouseEvent<HTMLButtonElement>) => void;

/**
 * A press that waits for a check under way (the payer number's line check, slow on a slow network) rather than
 * being cancelled: `useHeldPress` makes one, `unavailableWhen` takes it.
 */
export type HeldPress = {
  /** The check the button waits for is running: a press now is held, not dropped. */
  waiting: boolean;
  /** A press is held until the check ends. */
  held: boolean;
  /** A press was made for the current subject (held, or carried out when its check ended). */
  pressed: boolean;
  hold: (button: HTMLButtonElement) => void;
};

/**
 * A button that cannot be used yet (a form not filled in, a payment under way) but stays a Tab stop:
 * `disabled` takes a button out of the Tab order, so someone tabbing through a form with a screen reader
 * never learns that it has a BUY AIRTIME button at all. `aria-disabled` announces it as unavailable, and
 * the click is cancelled here, also the one a browser makes when Enter is pressed in a field (implicit
 * submission), so the form is not sent. Before the page is live there is no handler: the form goes to the
 * server, which checks it (docs/decisions/0050).
 *
 * With `held` (`useHeldPress`), a press while its check is still running is not lost: it is cancelled now and
 * made again when the check ends.
 */
export function unavailableWhen(unavailable: boolean, onClick?: Click, held?: HeldPress) {
  return {
    'aria-disabled': unavailable || undefined,
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      if (!unavailable) onClick?.(event);
      else {
        event.preventDefault();
        if (held?.waiting) held.hold(event.currentTarget);
      }
    },
  };
}

/**
 * A press (a click, or Enter in a field) made while `waiting` (a check of `subject` is running) is held and
 * made again on the same button when the check ends: the check passed, the button is usable and the press
 * goes through (the form is sent); it failed, the button is still unavailable and the press is cancelled,
 * the check's message standing. Changing the subject (another number) forgets a held press.
 */
export function useHeldPress(waiting: boolean, subject: string): HeldPress {
  const [press, setPress] = useState<{ subject: string; button: HTMLButtonElement | null }>();
  const current = press?.subject === subject ? press : undefined;
  const button = current?.button ?? null;

  useEffect(() => {
    if (waiting || !button) return;
    setPress({ subject, button: null });
    // After the commit that ended the check: the button's handler and its form's see the answer.
    if (button.isConnected) button.click();
  }, [waiting, button, subject]);

  return {
    waiting,
    held: button !== null,
    pressed: current !== undefined,
    hold: (target) => setPress({ subject, button: target }),
  };
}
