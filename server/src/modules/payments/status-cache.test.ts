import { describe, expect, it } from 'vitest';
import type { ChangeFeed } from '../../db/change-feed.js';
import { createStatusCache, forgettingWrites, TRANSACTION_CHANNEL } from './status-cache.js';
import type { PaymentStore, TransactionRow } from './store.js';

/** A change feed under the test's hand: it delivers notices when told, and can lose its connection. */
function handFeed() {
  const handlers = new Map<string, ((payload: string | undefined) => void)[]>();
  let up = true;
  const feed: ChangeFeed = {
    async listen(channel, onChange) {
      handlers.set(channel, [...(handlers.get(channel) ?? []), onChange]);
    },
    async notify(channel, payload = '') {
      for (const handler of handlers.get(channel) ?? []) handler(payload);
    },
    listening: () => up,
    async close() {},
  };
  return {
    feed,
    notice: (id: string) => void feed.notify(TRANSACTION_CHANNEL, id),
    lose: () => (up = false),
    /** The connection is back: every listener hears `undefined` (notices may have been missed). */
    regain: () => {
      up = true;
      for (const handler of handlers.get(TRANSACTION_CHANNEL) ?? []) handler(undefined);
    },
  };
}

/** A database of rows by id, counting its reads; after `hold`, the next read answers when released. */
function handDatabase() {
  const rows = new Map<string, TransactionRow>();
  let reads = 0;
  let gate: Promise<void> | undefined;
  return {
    rows,
    reads: () => reads,
    hold(): () => void {
      let release!: () => void;
      gate = new Promise<void>((r) => (release = r));
      return release;
    },
    async load(id: string): Promise<TransactionRow | undefined> {
      reads++;
      const found = rows.get(id);
      const waiting = gate;
      gate = undefined;
      if (waiting) await waiting;
      return found;
    },
  };
}

const row = (id: string, state: string) => ({ id, state }) as TransactionRow;

/** A cache over a hand database holding T1 (PENDING) and a hand feed; following it unless told not to. */
async function handCache(options: { follow?: boolean; max?: number } = {}) {
  const db = handDatabase();
  const hand = handFeed();
  db.rows.set('T1', row('T1', 'PENDING'));
  const cache = createStatusCache((id) => db.load(id), options.max);
  if (options.follow !== false) await cache.follow(hand.feed);
  return { db, hand, cache };
}

describe('status cache', () => {
  it('reads each transaction once while nothing changes, unknown ones too', async () => {
    const { db, cache } = await handCache();

    for (let i = 0; i < 3; i++) {
      expect((await cache.find('T1'))?.state).toBe('PENDING');
      expect(await cache.find('NOPE')).toBeUndefined();
    }
    expect(db.reads()).toBe(2);
  });

  it('reads the database again after the database names the row as changed', async () => {
    const { db, hand, cache } = await handCache();
    await cache.find('T1');
    await cache.find('T2');

    db.rows.set('T1', row('T1', 'FULFILLED'));
    db.rows.set('T2', row('T2', 'CREATED'));
    expect((await cache.find('T1'))?.state).toBe('PENDING');
    hand.notice('T1');
    hand.notice('T2');
    expect((await cache.find('T1'))?.state).toBe('FULFILLED');
    expect((await cache.find('T2'))?.state).toBe('CREATED');
  });

  it('does not keep a read that was under way when a change was noticed', async () => {
    const { db, hand, cache } = await handCache();

    const release = db.hold();
    const reading = cache.find('T1');
    // The read saw the row before the change; the change's notice arrives before its answer.
    db.rows.set('T1', row('T1', 'PAID'));
    hand.notice('T1');
    release();
    expect((await reading)?.state).toBe('PENDING');
    expect((await cache.find('T1'))?.state).toBe('PAID');
    expect(db.reads()).toBe(2);
  });

  it('serves nothing from memory before it follows the feed, nor while the feed is down', async () => {
    const { db, hand, cache } = await handCache({ follow: false });
    await cache.find('T1');
    await cache.find('T1');
    expect(db.reads()).toBe(2);

    await cache.follow(hand.feed);
    await cache.find('T1');
    await cache.find('T1');
    expect(db.reads()).toBe(3);

    hand.lose();
    db.rows.set('T1', row('T1', 'FAILED'));
    expect((await cache.find('T1'))?.state).toBe('FAILED');
    db.rows.set('T1', row('T1', 'REFUNDED'));
    expect((await cache.find('T1'))?.state).toBe('REFUNDED');
    expect(cache.size()).toBe(0);

    hand.regain();
    expect((await cache.find('T1'))?.state).toBe('REFUNDED');
    expect((await cache.find('T1'))?.state).toBe('REFUNDED');
    expect(db.reads()).toBe(6);
  });

  it('forgets everything when the feed came back after a loss, whatever it kept before', async () => {
    const { db, hand, cache } = await handCache();
    await cache.find('T1');
    // Lost and back with no read in between: the notice of this change was missed.
    hand.lose();
    db.rows.set('T1', row('T1', 'PAID'));
    hand.regain();
    expect((await cache.find('T1'))?.state).toBe('PAID');
  });

  it('keeps at most its size, dropping the least recently read', async () => {
    const { db, cache } = await handCache({ max: 2 });
    await cache.find('A');
    await cache.find('B');
    await cache.find('A');
    await cache.find('C');
    expect(cache.size()).toBe(2);
    const before = db.reads();
    await cache.find('A');
    expect(db.reads()).toBe(before);
    await cache.find('B');
    expect(db.reads()).toBe(before + 1);
  });
});

describe('the store forgets its own writes', () => {
  const written: string[] = [];
  const fake = {
    insertOnce: async (r: { id: string }) => ({ row: r, created: true }),
    transition: async () => undefined,
    claimStart: async () => undefined,
    recordAttempt: async () => undefined,
    update: async () => {
      throw new Error('connection lost');
    },
    find: async () => undefined,
  } as unknown as PaymentStore;
  const store = forgettingWrites(fake, (id) => written.push(id));

  it('forgets the row once each write that changes what a status shows has returned, or failed', async () => {
    await store.insertOnce({ id: 'T1' } as Parameters<PaymentStore['insertOnce']>[0]);
    await store.transition('T2', 'PAID');
    await store.claimStart('T3', 30);
    await store.recordAttempt({ transactionId: 'T4', attempt: 1, provider: 'paystack', reference: 'R' });
    await expect(store.update('T5', {})).rejects.toThrow('connection lost');
    await store.find('T6');
    expect(written).toEqual(['T1', 'T2', 'T3', 'T4', 'T5']);
  });
});
