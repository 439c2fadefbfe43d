import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { PaymentStore, TransactionRow } from './store.js';

/** The channel on which the database names every transaction that changed (migration 0011's trigger). */
export const TRANSACTION_CHANNEL = 'transaction_changed';

/**
 * The transactions status calls read, kept in memory (docs/decisions/0060): a status page polls its payment
 * every few seconds, and a crowd of them would otherwise be a crowd of queries (on the embedded database, a
 * millisecond of the one thread each). Unknown ids are kept too (a 404 costs no query).
 *
 * Never stale after a change was acknowledged:
 * - the database's trigger names each changed row on `TRANSACTION_CHANNEL`, and every instance forgets it;
 * - this instance's own writes forget their row as soon as they return (`forgettingWrites`), before the
 *   caller can answer anyone, so a read on the same instance never waits for the notice;
 * - a read that overlapped any forgetting is not kept (it may have read the row before the change);
 * - while the feed's connection is down (notices may be missed), nothing is served from memory or kept.
 *
 * Only status calls read from here; every step that moves money reads the database.
 */
export function createStatusCache(load: (id: string) => Promise<TransactionRow | undefined>, max = 10_000) {
  const rows = new LRUCache<string, { row: TransactionRow | undefined }>({ max });
  // Grows with every forgetting: a read that saw it change was under way across a change.
  let forgotten = 0;
  let feed: ChangeFeed | undefined;
  const live = () => feed?.listening() ?? false;

  function forget(id: string | undefined) {
    forgotten++;
    if (id === undefined) rows.clear();
    else rows.delete(id);
  }

  return {
    async find(id: string): Promise<TransactionRow | undefined> {
      if (live()) {
        const kept = rows.get(id);
        if (kept) return kept.row;
      } else if (rows.size > 0) {
        forget(undefined);
      }
      const before = forgotten;
      const row = await load(id);
      if (live() && forgotten === before) rows.set(id, { row });
      return row;
    },

    forget: (id: string) => forget(id),

    /** Starts following the database's notices; until then (and whenever they may be missed) reads go through. */
    async follow(changes: ChangeFeed) {
      // Whatever was kept before the notices were heard is dropped (`undefined`: they may have been missed).
      await changes.listen(TRANSACTION_CHANNEL, (id) => forget(id === '' ? undefined : id));
      forget(undefined);
      feed = changes;
    },

    size: () => rows.size,
  };
}

/** Resolves `write`, then forgets the row it changed. */
async function thenForget<T>(write: Promise<T>, id: string, forget: (id: string) => void): Promise<T> {
  try {
    return await write;
  } finally {
    // A failed write may still have committed (a lost answer): forgetting is always safe.
    forget(id);
  }
}

/**
 * The store, forgetting in the cache each transaction it changes as soon as the write returns. Only the writes
 * that change what a status call shows (state, reference, reason, the row itself); the leases are not shown.
 */
export function forgettingWrites(store: PaymentStore, forget: (id: string) => void): PaymentStore {
  return {
    ...store,
    insertOnce: (row) => thenForget(store.insertOnce(row), row.id, forget),
    transition: (id, to, change) => thenForget(store.transition(id, to, change), id, forget),
    claimStart: (id, leaseSeconds) => thenForget(store.claimStart(id, leaseSeconds), id, forget),
    recordAttempt: (attempt) => thenForget(store.recordAttempt(attempt), attempt.transactionId, forget),
    update: (id, set) => thenForget(store.update(id, set), id, forget),
  };
}
