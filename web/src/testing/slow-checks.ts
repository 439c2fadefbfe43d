import { PATHS } from '@portal/contract/paths';

/**
 * From here on the number checks wait until the test lets them answer (a slow network); the other calls
 * are answered as before. Call it after mockFetch: it wraps the fetch in place.
 */
export function slowChecks() {
  const answer = globalThis.fetch;
  const waiting: (() => void)[] = [];
  globalThis.fetch = (input, init) =>
    String(input).includes(PATHS.validateMsisdn)
      ? new Promise<Response>((resolve) => waiting.push(() => resolve(answer(input, init))))
      : answer(input, init);
  return { waiting: () => waiting.length, release: () => waiting.splice(0).forEach((go) => go()) };
}
