import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { num, type SandboxDb } from './db.js';

/*
 * Fault injection for tests of the portal's resilience. Knobs live in sandbox.faults (not in memory) so that
 * every instance behind a proxy misbehaves the same way; "next N" counters are consumed atomically.
 */

/**
 * An HTTP API the portal calls: added latency, the next N calls fail with 5xx, the next N hang, the next N
 * are refused as a provider refuses a caller it will not serve (401 a rotated key, 403, 429 throttling).
 */
export interface ApiFaults {
  latencyMs: number;
  failNext5xx: number;
  failNext401: number;
  failNext403: number;
  failNext429: number;
  timeoutNext: number;
  /** How long a "timeout" call hangs before it answers 504: longer than any sane client timeout. */
  hangMs: number;
}

/**
 * Faults of the notifications the sandbox sends (Paystack webhooks, wallet callbacks): besides the standing
 * delay and duplication, "next N" counters make one notification each late (held `lateMs`), duplicate (sent
 * twice) or out of order (held until a notification sent after it was delivered, at most `lateMs`). Each
 * applied fault is recorded on its delivery (`sandbox.deliveries.faults`).
 */
export interface Faults {
  card: ApiFaults;
  core: ApiFaults;
  sms: ApiFaults;
  wallets: ApiFaults & {
    dropCallbacksNext: number;
    callbackDelayMs: number;
    duplicateCallbacks: boolean;
    lateCallbacksNext: number;
    duplicateCallbacksNext: number;
    reorderCallbacksNext: number;
    lateCallbackMs: number;
  };
  webhooks: {
    delayMs: number;
    duplicate: boolean;
    dropNext: number;
    lateNext: number;
    duplicateNext: number;
    reorderNext: number;
    lateMs: number;
  };
}

/** How late a "late" notification is, and how long an out-of-order one waits at most, unless set. */
const LATE_MS = 15_000;

export type ApiSystem = 'card' | 'core' | 'sms' | 'wallets';

const API_DEFAULTS: ApiFaults = {
  latencyMs: 0,
  failNext5xx: 0,
  failNext401: 0,
  failNext403: 0,
  failNext429: 0,
  timeoutNext: 0,
  hangMs: 35_000,
};

/** The "refuse the next N" knobs and what each answers. */
const REFUSALS: Array<
  [knob: 'failNext401' | 'failNext403' | 'failNext429', status: number, message: string]
> = [
  ['failNext401', 401, 'Invalid key (sandbox fault)'],
  ['failNext403', 403, 'Forbidden (sandbox fault)'],
  ['failNext429', 429, 'Too many requests (sandbox fault)'],
];

export function defaultFaults(): Faults {
  return {
    card: { ...API_DEFAULTS },
    core: { ...API_DEFAULTS },
    sms: { ...API_DEFAULTS },
    wallets: {
      ...API_DEFAULTS,
      dropCallbacksNext: 0,
      callbackDelayMs: 0,
      duplicateCallbacks: false,
      lateCallbacksNext: 0,
      duplicateCallbacksNext: 0,
      reorderCallbacksNext: 0,
      lateCallbackMs: LATE_MS,
    },
    webhooks: {
      delayMs: 0,
      duplicate: false,
      dropNext: 0,
      lateNext: 0,
      duplicateNext: 0,
      reorderNext: 0,
      lateMs: LATE_MS,
    },
  };
}

export async function readFaults(db: SandboxDb): Promise<Faults> {
  const faults = defaultFaults() as unknown as Record<string, Record<string, unknown>>;
  const { rows } = await db.query<{ system: string; knob: string; value: unknown }>(
    'SELECT system, knob, value FROM sandbox.faults',
  );
  for (const row of rows) {
    const system = faults[row.system];
    if (system && row.knob in system) system[row.knob] = row.value;
  }
  return faults as unknown as Faults;
}

/**
 * Validates a partial knob set ({card:{failNext5xx:2}}) against the known knobs. Returns the list of
 * [system, knob, value] to store, or an error message.
 */
export function parseFaultPatch(patch: unknown): Array<[string, string, number | boolean]> | string {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch))
    return 'body must be a JSON object';
  const defaults = defaultFaults() as unknown as Record<string, Record<string, unknown>>;
  const out: Array<[string, string, number | boolean]> = [];
  for (const [system, knobs] of Object.entries(patch)) {
    const known = defaults[system];
    if (!known) return `unknown fault system '${system}'`;
    if (typeof knobs !== 'object' || knobs === null || Array.isArray(knobs))
      return `${system} must be an object`;
    for (const [knob, value] of Object.entries(knobs as Record<string, unknown>)) {
      if (!(knob in known)) return `unknown knob '${system}.${knob}'`;
      if (typeof known[knob] === 'boolean') {
        if (typeof value !== 'boolean') return `${system}.${knob} must be a boolean`;
      } else if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 3_600_000) {
        return `${system}.${knob} must be a non-negative integer`;
      }
      out.push([system, knob, value]);
    }
  }
  return out;
}

export async function writeFaults(
  db: SandboxDb,
  knobs: Array<[string, string, number | boolean]>,
): Promise<void> {
  for (const [system, knob, value] of knobs) {
    await db.query(
      `INSERT INTO sandbox.faults (system, knob, value) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (system, knob) DO UPDATE SET value = EXCLUDED.value`,
      [system, knob, JSON.stringify(value)],
    );
  }
}

export async function clearFaults(db: SandboxDb): Promise<void> {
  await db.query('DELETE FROM sandbox.faults');
}

/** Takes one from a "next N" counter; true when there was one to take (so this call must misbehave). */
export async function consumeFault(db: SandboxDb, system: string, knob: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE sandbox.faults SET value = to_jsonb((value #>> '{}')::integer - 1)
     WHERE system = $1 AND knob = $2 AND jsonb_typeof(value) = 'number' AND (value #>> '{}')::integer > 0
     RETURNING 1`,
    [system, knob],
  );
  return rows.length > 0;
}

/** Sleeps, but wakes up early (without throwing) when the sandbox shuts down. */
export async function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return;
  await sleep(ms, undefined, { signal }).catch(() => undefined);
}

/**
 * A preHandler hook applying an API's faults once the request is read, before its handler runs. `errorBody` is
 * the system's own error shape, so the portal's adapter sees a failure as that provider would send it. Latency
 * comes after the request was received: a caller that gives up meanwhile leaves a request that is still
 * applied, as a provider acts on a request whose answer is lost on the way back.
 */
export function apiFaultHook(
  db: SandboxDb,
  system: ApiSystem,
  signal: AbortSignal,
  errorBody: (message: string) => unknown,
) {
  return async (_req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const faults = (await readFaults(db))[system];
    if (faults.latencyMs > 0) await pause(num(faults.latencyMs), signal);
    if (faults.timeoutNext > 0 && (await consumeFault(db, system, 'timeoutNext'))) {
      await pause(num(faults.hangMs), signal);
      return reply.code(504).send(errorBody('Gateway timeout (sandbox fault)'));
    }
    if (faults.failNext5xx > 0 && (await consumeFault(db, system, 'failNext5xx'))) {
      return reply.code(500).send(errorBody('Internal server error (sandbox fault)'));
    }
    for (const [knob, status, message] of REFUSALS) {
      if (faults[knob] > 0 && (await consumeFault(db, system, knob))) {
        if (status === 429) void reply.header('retry-after', '1');
        return reply.code(status).send(errorBody(message));
      }
    }
    return undefined;
  };
}
