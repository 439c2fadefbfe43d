import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_KINDS } from '../src/soak/fault-kinds.js';
import { METHODS } from '../src/soak/payments.js';
import { formatSoak } from '../src/soak/report.js';
import { runSoak } from '../src/soak/run.js';
import { startSystem, systemAvailable, type System } from '../src/system.js';

/**
 * Fault injection on real processes, CI's size of the soak (`npm run soak`, deploy/src/soak): two portal
 * instances behind nginx on a private PostgreSQL; payments of every method (Paystack and DPO cards, airtime,
 * mobile money and SmartCash by PIN, mobile money and MPESA by push, an attacker's try without consent)
 * while one fault of every kind strikes at a random moment: an instance SIGKILLed and restarted, the
 * database restarted, the core down for more than 30 s and failing once, gateway time-outs, 5xx, 401 and
 * 429, webhooks and wallet callbacks late, twice, out of order and lost, the browser's return late, twice and
 * never. Every fault must take effect (refused, or never met by a call or notification, fails the test); then
 * every payment must settle and the money invariants hold against the providers' own records.
 */
const PAYMENTS = Number(process.env['FAULT_PAYMENTS'] ?? 36);
const SEED = Number(process.env['FAULT_SEED'] ?? randomInt(2 ** 31));

describe.skipIf(!systemAvailable())('faults, on several instances, lose no money and give none twice', () => {
  let system: System;

  beforeAll(async () => {
    system = await startSystem();
  });

  afterAll(async () => {
    await system?.stop();
  });

  it('drives payments of every method through one fault of every kind; every fault applied, every invariant held', async () => {
    const result = await runSoak(system, {
      seed: SEED,
      payments: PAYMENTS,
      faults: Object.fromEntries(FAULT_KINDS.map((k) => [k.name, 1])),
      workers: 3,
      pauseMs: 500,
      applyTimeoutMs: 90_000,
      settleTimeoutMs: 150_000,
      log: (line) => console.log(line),
    });
    console.log(formatSoak(result));
    expect(result.failures).toEqual([]);
    expect(result.payments.length).toBeGreaterThanOrEqual(PAYMENTS);
    expect(result.invariants.byState['FULFILLED'] ?? 0).toBeGreaterThan(0);
    // Every method reached the providers at least once, whatever the faults did to the other tries.
    for (const method of METHODS.filter((m) => !m.name.startsWith('attack'))) {
      expect(
        result.payments.some((p) => p.method === method.name && p.transactionId && !p.clientError),
        method.name,
      ).toBe(true);
    }
    // A payment was confirmed as the core went down and the core stayed down 30 s more: it was refunded.
    expect(result.witnesses.qualified).toBeGreaterThan(0);
  });
});
