import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { num, one, type SandboxDb } from './db.js';
import { consumeFault, pause, readFaults } from './faults.js';

/*
 * Outbound notifications to the portal: Paystack webhooks and wallet callbacks. They are sent after the
 * request that caused them has answered (a provider never makes the payer wait for the merchant), retried on
 * network errors and non-2xx answers, and logged in sandbox.deliveries. Retry timers are the only thing held
 * in memory; they are cancelled when the sandbox closes.
 */

export type DeliveryKind = 'paystack-webhook' | 'wallet-callback';

export interface Delivery {
  kind: DeliveryKind;
  url: string;
  body: string;
  headers: Record<string, string>;
}

export interface Deliverer {
  send(delivery: Delivery): void;
  /** Resolves when every delivery started so far has finished (for tests). */
  idle(): Promise<void>;
}

/** Waits before each attempt: the first at once, then backing off. */
export const RETRY_DELAYS_MS = [0, 500, 2_000, 5_000, 15_000];
const ATTEMPT_TIMEOUT_MS = 10_000;
const OVERTAKE_POLL_MS = 100;

/** The fault knobs of each kind of notification (faults.ts: the standing ones and the "next N" ones). */
const NOTIFICATION_KNOBS = {
  'paystack-webhook': {
    system: 'webhooks',
    dropNext: 'dropNext',
    lateNext: 'lateNext',
    reorderNext: 'reorderNext',
    duplicateNext: 'duplicateNext',
    duplicate: 'duplicate',
    delayMs: 'delayMs',
    lateMs: 'lateMs',
  },
  'wallet-callback': {
    system: 'wallets',
    dropNext: 'dropCallbacksNext',
    lateNext: 'lateCallbacksNext',
    reorderNext: 'reorderCallbacksNext',
    duplicateNext: 'duplicateCallbacksNext',
    duplicate: 'duplicateCallbacks',
    delayMs: 'callbackDelayMs',
    lateMs: 'lateCallbackMs',
  },
} as const;

export function hmacHex(algorithm: 'sha256' | 'sha512', key: string, body: string): string {
  return createHmac(algorithm, key).update(body).digest('hex');
}

/** A callback URL the portal gave as a path is resolved against the portal's base URL. */
export function absoluteUrl(url: string, base: string): string {
  return new URL(url, base.endsWith('/') ? base : base + '/').toString();
}

export function createDeliverer(db: SandboxDb, log: FastifyBaseLogger, signal: AbortSignal): Deliverer {
  const running = new Set<Promise<void>>();

  async function post(delivery: Delivery): Promise<{ ok: boolean; status?: number; error?: string }> {
    try {
      const res = await fetch(delivery.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...delivery.headers },
        body: delivery.body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
      });
      await res.arrayBuffer().catch(() => undefined);
      return { ok: res.ok, status: res.status };
    } catch (err) {
      return { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
  }

  async function record(
    id: number,
    status: string,
    attempts: number,
    result?: { status?: number; error?: string },
  ) {
    if (signal.aborted) return;
    await db.query(
      `UPDATE sandbox.deliveries SET status = $2, attempts = $3, last_status = $4, last_error = $5,
         updated_at = clock_timestamp() WHERE id = $1`,
      [id, status, attempts, result?.status ?? null, result?.error ?? null],
    );
  }

  /** Tries until one attempt is accepted; returns the number of attempts made, or null when all failed. */
  async function attemptAll(id: number, delivery: Delivery, attemptsBefore: number): Promise<number | null> {
    let attempts = attemptsBefore;
    for (const wait of RETRY_DELAYS_MS) {
      await pause(wait, signal);
      if (signal.aborted) return null;
      const result = await post(delivery);
      attempts += 1;
      await record(id, result.ok ? 'DELIVERED' : 'RETRYING', attempts, result);
      if (result.ok) return attempts;
    }
    await record(id, 'FAILED', attempts);
    return null;
  }

  /** Records a fault applied to a delivery: what a test counts to know its knob took effect. */
  async function note(id: number, fault: string) {
    if (signal.aborted) return;
    await db.query('UPDATE sandbox.deliveries SET faults = array_append(faults, $2) WHERE id = $1', [
      id,
      fault,
    ]);
  }

  /**
   * Holds a delivery until one of the same kind created after it was delivered (by any instance: the table
   * is shared), for at most `maxMs`; true when one overtook it.
   */
  async function overtaken(id: number, kind: DeliveryKind, maxMs: number): Promise<boolean> {
    const until = Date.now() + maxMs;
    while (!signal.aborted && Date.now() < until) {
      const later = await one(
        db,
        `SELECT 1 FROM sandbox.deliveries WHERE kind = $1 AND id > $2 AND status = 'DELIVERED' LIMIT 1`,
        [kind, id],
      );
      if (later) return true;
      await pause(OVERTAKE_POLL_MS, signal);
    }
    return false;
  }

  async function run(delivery: Delivery): Promise<void> {
    const row = await one<{ id: number }>(
      db,
      'INSERT INTO sandbox.deliveries (kind, url, body) VALUES ($1, $2, $3) RETURNING id',
      [delivery.kind, delivery.url, delivery.body],
    );
    const id = Number(row?.id);
    const knobs = NOTIFICATION_KNOBS[delivery.kind];
    const faults = (await readFaults(db))[knobs.system] as unknown as Record<string, number | boolean>;
    const setting = (knob: string) => faults[knob] as number | boolean;
    // A counter is taken only when the knobs just read say it is set, as the API faults do: no statement
    // per notification for every knob left at 0.
    const take = async (knob: string) =>
      Number(setting(knob)) > 0 && (await consumeFault(db, knobs.system, knob));
    if (await take(knobs.dropNext)) {
      await record(id, 'DROPPED', 0);
      await note(id, 'dropped');
      return;
    }
    const late = await take(knobs.lateNext);
    const reorder = await take(knobs.reorderNext);
    const twice = setting(knobs.duplicate) === true || (await take(knobs.duplicateNext));
    const lateMs = num(setting(knobs.lateMs));
    await pause(num(setting(knobs.delayMs)) + (late ? lateMs : 0), signal);
    if (late && !signal.aborted) await note(id, 'late');
    if (reorder && (await overtaken(id, delivery.kind, lateMs))) await note(id, 'reordered');
    const attempts = await attemptAll(id, delivery, 0);
    // A provider may deliver the same notification twice; the portal must cope.
    if (attempts !== null && twice && (await attemptAll(id, delivery, attempts)) !== null)
      await note(id, 'duplicate');
  }

  return {
    send(delivery) {
      const task = run(delivery)
        .catch((err: unknown) => {
          if (!signal.aborted) log.warn({ err, url: delivery.url }, 'sandbox delivery failed');
        })
        .finally(() => running.delete(task));
      running.add(task);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
