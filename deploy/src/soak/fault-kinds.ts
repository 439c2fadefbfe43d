import { payOnCheckout, returnOnce, startCard, type BrowserReturn } from '../drive.js';
import { patchFaults, readFaults, type FaultBoard } from '../sandbox-faults.js';
import type { CoreDown } from '../invariants.js';
import type { System } from '../system.js';
import { SUCCESS_CARD } from './payments.js';
import type { Random } from './random.js';

/**
 * Every fault the soak injects, and how it knows the fault took effect. A knob the sandbox took is not yet a
 * fault: a counter must be consumed by a call, a notification fault must be recorded on a delivery the
 * sandbox made (`sandbox.deliveries.faults`), a browser-return fault must be played by a payment that reached
 * its return, a core outage must fail core calls. Anything else is "not applied", with the reason.
 */
export type Injection =
  { applied: true; note?: string } | { applied: false; reason: string; fatal?: boolean };

export type OutageWitness = { transactionId: string; downFrom: Date; downTo: Date };

export type FaultContext = {
  base: string;
  system: System;
  /** This kind's own stream. */
  random: Random;
  /** Resolves with the board once `check` holds, undefined after `timeoutMs`. */
  watch(check: (board: FaultBoard) => boolean, timeoutMs: number): Promise<FaultBoard | undefined>;
  /** How many deliveries of a kind carry a fault (dropped, late, reordered, duplicate); undefined if unknown. */
  deliveryFaults(kind: DeliveryKind, fault: string): Promise<number | undefined>;
  returns: ReturnFaults;
  applyTimeoutMs: number;
  /** Kinds acting on the same knob take turns. */
  withLock<T>(key: string, work: () => Promise<T>): Promise<T>;
  witnesses: OutageWitness[];
  /** When the core was down (every outage, with or without a witness): it holds the airtime charges. */
  coreOutages: CoreDown[];
  /** Instances down on purpose (killed by the soak, not yet started again): any other death is a crash. */
  downOnPurpose: Set<number>;
};

export type FaultKind = {
  name: string;
  /** The shortest time between two injections of this kind (a core outage and the calm after it). */
  slotMs: number;
  /** How long one injection lasts at least. */
  busyMs: number;
  inject(ctx: FaultContext): Promise<Injection>;
};

type DeliveryKind = 'paystack-webhook' | 'wallet-callback';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** A refusal (4xx) is the sandbox saying no: the run cannot prove what it was asked to. */
const notSet = (what: string, error: string): Injection => ({
  applied: false,
  reason: `${what} not set: ${error}`,
  fatal: error.startsWith('HTTP 4'),
});

/** The next call of `system` misbehaves as `knob` says; applied once a call consumed it. */
async function nextCall(ctx: FaultContext, system: string, knob: string): Promise<Injection> {
  return ctx.withLock(`${system}.${knob}`, async () => {
    const error = await patchFaults(ctx.base, { [system]: { [knob]: 1 } });
    if (error) return notSet(`${system}.${knob}`, error);
    const board = await ctx.watch((b) => b[system]?.[knob] === 0, ctx.applyTimeoutMs);
    if (board) return { applied: true, note: system };
    // Withdrawn, so that it cannot act later uncounted.
    await patchFaults(ctx.base, { [system]: { [knob]: 0 } });
    return {
      applied: false,
      reason: `${system}.${knob}: no call consumed it in ${ctx.applyTimeoutMs / 1000} s`,
    };
  });
}

/** The next notification (webhook or wallet callback) suffers `fault`; applied once a delivery records it. */
async function nextNotification(
  ctx: FaultContext,
  kind: DeliveryKind,
  system: string,
  knob: string,
  fault: string,
): Promise<Injection> {
  return ctx.withLock(`${system}.${knob}`, async () => {
    const before = await ctx.deliveryFaults(kind, fault);
    if (before === undefined) return { applied: false, reason: `${kind} ${fault}: deliveries unreadable` };
    const error = await patchFaults(ctx.base, { [system]: { [knob]: 1 } });
    if (error) return notSet(`${system}.${knob}`, error);
    const until = Date.now() + ctx.applyTimeoutMs + LATE_MS;
    while (Date.now() < until) {
      const now = await ctx.deliveryFaults(kind, fault);
      if (now !== undefined && now > before) return { applied: true };
      await sleep(1000);
    }
    const left = (await readFaults(ctx.base))?.[system]?.[knob];
    await patchFaults(ctx.base, { [system]: { [knob]: 0 } });
    return {
      applied: false,
      reason:
        left === 0
          ? `${kind} ${fault}: taken by a delivery that never completed it (its instance died, or nothing overtook it)`
          : `${kind} ${fault}: no ${kind} consumed it`,
    };
  });
}

/** How late a late notification is, and the longest an out-of-order one waits (set by the soak at start). */
export const LATE_MS = 15_000;
/** Every core call fails for the whole outage: a counter no outage can use up. */
const OUTAGE_CALLS = 3_000_000;
/** The API faults of the gateways (the card gateways and the wallets alike). */
const GATEWAYS = ['card', 'wallets'] as const;
/** A timed-out gateway call hangs this long: longer than the portal's time-out in the system (2.5 s). */
export const HANG_MS = 4_000;

const gatewayFault = (name: string, knob: string): FaultKind => ({
  name,
  slotMs: 3_000,
  busyMs: 0,
  inject: (ctx) => nextCall(ctx, ctx.random.pick(GATEWAYS), knob),
});

const notificationFault = (name: string, kind: DeliveryKind, knob: string, fault: string): FaultKind => ({
  name,
  slotMs: 4_000,
  busyMs: 0,
  inject: (ctx) =>
    nextNotification(ctx, kind, kind === 'paystack-webhook' ? 'webhooks' : 'wallets', knob, fault),
});

const returnFault = (name: string, fault: ReturnFault): FaultKind => ({
  name,
  slotMs: 4_000,
  busyMs: 0,
  inject: async (ctx) =>
    (await ctx.returns.request(fault, ctx.applyTimeoutMs))
      ? { applied: true }
      : { applied: false, reason: `no card payment reached its return in ${ctx.applyTimeoutMs / 1000} s` },
});

/** SIGKILL one instance at a random moment, then start it again after a random pause. */
const instanceKill: FaultKind = {
  name: 'instance-kill',
  slotMs: 20_000,
  busyMs: 10_000,
  inject: (ctx) =>
    ctx.withLock('instances', async () => {
      const instances = ctx.system.cluster.instances;
      const index = ctx.random.int(0, instances.length - 1);
      const victim = instances[index]!;
      if (!victim.alive()) return { applied: false, reason: `instance ${index + 1} was not running` };
      ctx.downOnPurpose.add(index);
      try {
        victim.kill('SIGKILL');
        await sleep(ctx.random.int(200, 3_000));
        let last: unknown;
        for (let attempt = 0; attempt < 3; attempt++) {
          try {
            await victim.start();
            return { applied: true, note: `instance ${index + 1}` };
          } catch (error) {
            last = error;
          }
        }
        return {
          applied: false,
          reason: `instance ${index + 1} did not start again: ${String(last)}`,
          fatal: true,
        };
      } finally {
        ctx.downOnPurpose.delete(index);
      }
    }),
};

/** Stop PostgreSQL (connections cut), leave it down up to 2 s, start it. */
const databaseRestart: FaultKind = {
  name: 'database-restart',
  slotMs: 20_000,
  busyMs: 5_000,
  inject: async (ctx) => {
    try {
      await ctx.system.pg.restart(ctx.random.int(0, 2_000));
      return { applied: true };
    } catch (error) {
      return { applied: false, reason: `database restart failed: ${String(error)}`, fatal: true };
    }
  },
};

/**
 * The core fails every call for 40-45 s. A card payment confirmed as the outage begins is its witness: when
 * the core stayed down 30 s after its confirmation, it must have been refunded, with no credit left. (10 s
 * beyond the 30 s, so that a witness whose confirmation a gateway fault delays a little still counts.)
 */
const coreOutage: FaultKind = {
  name: 'core-outage',
  slotMs: 60_000,
  busyMs: 46_000,
  inject: (ctx) =>
    ctx.withLock('core.failNext5xx', async () => {
      const lengthMs = ctx.random.int(40_000, 45_000);
      const witness = await startCard(ctx.base, ctx.random.int(50, 500)).catch(() => undefined);
      const error = await patchFaults(ctx.base, { core: { failNext5xx: OUTAGE_CALLS } });
      if (error) return notSet('core outage', error);
      const downFrom = new Date();
      if (witness?.redirectUrl) await payOnCheckout(witness.redirectUrl, SUCCESS_CARD, returnOnce);
      await sleep(downFrom.getTime() + lengthMs - Date.now());
      const left = (await readFaults(ctx.base))?.['core']?.['failNext5xx'];
      const downTo = new Date();
      const ended = await patchFaults(ctx.base, { core: { failNext5xx: 0 } });
      if (ended) return { applied: false, reason: `core outage could not be ended: ${ended}`, fatal: true };
      ctx.coreOutages.push({ from: downFrom, to: downTo });
      if (witness?.redirectUrl)
        ctx.witnesses.push({ transactionId: witness.transactionId, downFrom, downTo });
      const failed = typeof left === 'number' ? OUTAGE_CALLS - left : 0;
      return failed > 0
        ? { applied: true, note: `${failed} core calls failed over ${(lengthMs / 1000).toFixed(0)} s` }
        : { applied: false, reason: 'no core call was made during the outage (or its count was unreadable)' };
    }),
};

/** The catalogue, in the order the report prints it. */
export const FAULT_KINDS: FaultKind[] = [
  instanceKill,
  databaseRestart,
  coreOutage,
  { ...gatewayFault('core-5xx', 'failNext5xx'), inject: (ctx) => nextCall(ctx, 'core', 'failNext5xx') },
  gatewayFault('gateway-timeout', 'timeoutNext'),
  gatewayFault('gateway-5xx', 'failNext5xx'),
  gatewayFault('gateway-401', 'failNext401'),
  gatewayFault('gateway-429', 'failNext429'),
  notificationFault('webhook-late', 'paystack-webhook', 'lateNext', 'late'),
  notificationFault('webhook-duplicate', 'paystack-webhook', 'duplicateNext', 'duplicate'),
  notificationFault('webhook-out-of-order', 'paystack-webhook', 'reorderNext', 'reordered'),
  notificationFault('webhook-lost', 'paystack-webhook', 'dropNext', 'dropped'),
  notificationFault('callback-late', 'wallet-callback', 'lateCallbacksNext', 'late'),
  notificationFault('callback-duplicate', 'wallet-callback', 'duplicateCallbacksNext', 'duplicate'),
  notificationFault('callback-out-of-order', 'wallet-callback', 'reorderCallbacksNext', 'reordered'),
  notificationFault('callback-lost', 'wallet-callback', 'dropCallbacksNext', 'dropped'),
  returnFault('return-late', 'late'),
  returnFault('return-duplicate', 'duplicate'),
  returnFault('return-lost', 'lost'),
];

/** The knobs that shape the faults above, set once at the start. */
export const FAULT_SETTINGS: FaultBoard = {
  card: { hangMs: HANG_MS },
  wallets: { hangMs: HANG_MS, lateCallbackMs: LATE_MS },
  webhooks: { lateMs: LATE_MS },
};

// ---- the browser's return from a card checkout -----------------------------------------------------------

type ReturnFault = 'late' | 'duplicate' | 'lost';

export type ReturnFaults = {
  /** What the card payments use to return: the next requested fault, else a plain return. */
  browserReturn: BrowserReturn;
  /** Resolves true once a payment played `fault`, false if none did in time. */
  request(fault: ReturnFault, timeoutMs: number): Promise<boolean>;
};

/**
 * Faults of the browser's return to the portal after the checkout (the pg-callback): it comes 5-20 s late,
 * twice at once (a double tap, a reload), or never (the tab was closed); the portal must settle from the
 * provider's notification or by reconciliation.
 */
export function returnFaults(random: Random): ReturnFaults {
  const waiting: { fault: ReturnFault; played: (done: boolean) => void }[] = [];
  return {
    async browserReturn(callbackUrl) {
      const next = waiting.shift();
      if (!next) return returnOnce(callbackUrl);
      if (next.fault === 'late') {
        await sleep(random.int(5_000, 20_000));
        await returnOnce(callbackUrl);
      } else if (next.fault === 'duplicate') {
        await Promise.all([returnOnce(callbackUrl), returnOnce(callbackUrl)]);
      }
      next.played(true);
    },
    request(fault, timeoutMs) {
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          resolve(false);
        }, timeoutMs);
        const entry = {
          fault,
          played: (done: boolean) => {
            clearTimeout(timer);
            resolve(done);
          },
        };
        waiting.push(entry);
      });
    },
  };
}
