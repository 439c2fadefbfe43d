import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { PATHS } from '@portal/contract/paths';

/**
 * Number checks asked during `act` (typing a number) wait until the test releases them (a slow network); the
 * other calls are answered as before. Returns once `act` has asked its check. Call it after mockFetch: it
 * wraps the fetch in place.
 */
export async function checkHeldDuring(act: () => Promise<unknown>): Promise<{ release: () => void }> {
  const answer = globalThis.fetch;
  const waiting: (() => void)[] = [];
  globalThis.fetch = (input, init) =>
    String(input).includes(PATHS.validateMsisdn)
      ? new Promise<Response>((resolve) => waiting.push(() => resolve(answer(input, init))))
      : answer(input, init);
  await act();
  await expect.poll(() => waiting.length).toBe(1);
  return { release: () => waiting.splice(0).forEach((go) => go()) };
}

/** What a screen reader is told while a press waits for the check (ui/held-press-status.tsx), if anything. */
export function heldPressSaid(): HTMLElement | null {
  return screen.queryByText('Checking the number...', { selector: '.visually-hidden' });
}
