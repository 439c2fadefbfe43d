import { describe, expect, it } from 'vitest';
import type { Logger } from './logger.js';
import { repeatedErrorLog } from './repeated-errors.js';

describe('repeatedErrorLog', () => {
  it('logs an error once a window, then says how many of it were left out; another error at once', () => {
    const lines: { fields: Record<string, unknown>; message: string }[] = [];
    const log = {
      error: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }),
    };
    let clock = 0;
    const report = repeatedErrorLog(log as unknown as Logger, 'job queue error', 60_000, () => clock);
    const lost = new Error('Connection terminated unexpectedly');
    for (let second = 0; second < 60; second++) {
      clock = second * 1000;
      report(lost);
    }
    report(new Error('relation "pgboss.job" does not exist'));
    clock = 60_000;
    report(lost);
    expect(lines.map((l) => [l.message, (l.fields['err'] as Error).message, l.fields['leftOut']])).toEqual([
      ['job queue error', 'Connection terminated unexpectedly', undefined],
      ['job queue error', 'relation "pgboss.job" does not exist', undefined],
      ['job queue error', 'Connection terminated unexpectedly', 59],
    ]);
  });
});
