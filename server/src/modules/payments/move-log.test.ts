import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../lib/logger.js';
import { loggingMoves } from './move-log.js';
import type { PaymentStore, TransactionRow } from './store.js';

function captured() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level: 'info' }, sink) as unknown as Logger, lines };
}

const row = (id: string, startAttempts = 1) => ({ id, startAttempts }) as TransactionRow;

describe("the log of a payment's moves", () => {
  it('writes one line for each move that took place, none for a move another caller won', async () => {
    const { log, lines } = captured();
    const store = {
      transition: async (id: string) => (id === 'TXWON' ? row(id) : undefined),
      claimStart: async (id: string) => row(id, 2),
    } as unknown as PaymentStore;
    const logged = loggingMoves(store, log);

    await logged.transition('TXWON', 'PAID', { data: { source: 'webhook', gateway: 'paystack' } });
    await logged.transition('TXLOST', 'CANCELLED', { reason: 'cancelled' });
    await logged.transition('TXWON', 'FAILED', { reason: 'Declined by the bank' });
    await logged.claimStart('TXWON', 30);

    expect(
      lines.map(({ transactionId, state, source, reason, attempt, msg }) => ({
        transactionId,
        state,
        source,
        reason,
        attempt,
        msg,
      })),
    ).toEqual([
      { transactionId: 'TXWON', state: 'PAID', source: 'webhook', msg: 'payment moved' },
      { transactionId: 'TXWON', state: 'FAILED', reason: 'Declined by the bank', msg: 'payment moved' },
      { transactionId: 'TXWON', state: 'STARTING', attempt: 2, msg: 'payment moved' },
    ]);
    expect(lines.every((line) => line['level'] === 30)).toBe(true);
  });
});
