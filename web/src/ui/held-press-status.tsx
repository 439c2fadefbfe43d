import type { HeldPress } from './unavailable';

/**
 * Says `label` ('Checking the number...') to a screen reader while a press is held: the region is there from
 * the start, so the words are announced when they appear (a loader drawn with its text often is not).
 */
export function HeldPressStatus({ press, label }: { press: HeldPress; label: string }) {
  return (
    <p className="visually-hidden" role="status">
      {press.held ? label : null}
    </p>
  );
}
