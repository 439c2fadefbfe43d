import type { Logger } from './logger.js';

/** How many distinct errors are remembered; past it the memory starts again (errors naming ids differ). */
const REMEMBERED = 100;

/**
 * Logs an error once per `windowMs` for each distinct message; the next line for that message says how many
 * were left out. The job queue's workers each report a lost database every second, a multi-kilobyte stack
 * each (about 390 lines a minute in an operator's trial), which buried the one line that mattered; the database
 * pool's connections report it each too.
 */
export function repeatedErrorLog(log: Logger, message: string, windowMs = 60_000, now = Date.now) {
  const seen = new Map<string, { at: number; leftOut: number }>();
  return (error: unknown) => {
    const key = error instanceof Error ? error.message : String(error);
    const last = seen.get(key);
    const at = now();
    if (last && at - last.at < windowMs) {
      last.leftOut++;
      return;
    }
    if (seen.size >= REMEMBERED) seen.clear();
    log.error({ err: error, ...(last?.leftOut ? { leftOut: last.leftOut } : {}) }, message);
    seen.set(key, { at, leftOut: 0 });
  };
}
