/**
 * Load benchmark (numbers, not pass/fail): requests per second and p99 latency of the status call, the
 * bundle list, the content call and complete card payments (initiate + process + checkout + confirm),
 * each against the portal as a real process on PostgreSQL, beside a bare Fastify route on the same
 * machine as the ceiling. Prints each as a ratio to that ceiling.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:load
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { clientHeaders } from '@portal/contract/client-headers';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 20);
const ADMIN_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BFE = '/orp/bfe/api/portal-service';
/** The spec's API key and service id (the portal under test runs with the default values). */
const API = clientHeaders();

type Row = { name: string; rps: number; p99: number; errors: number };

async function waitReady(url: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'ignore' });
}

async function cannon(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  return {
    name,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Complete payments by as many concurrent "subscribers" as connections, for the duration. */
async function payments(base: string, cardSecret: string): Promise<Row> {
  const latencies: number[] = [];
  let errors = 0;
  let seq = 0;
  const until = Date.now() + SECONDS * 1000;
  const json = { 'content-type': 'application/json', ...API };
  async function one() {
    const t0 = performance.now();
    const init = await fetch(`${base}${BFE}/transaction/v1/initiate`, {
      method: 'POST',
      headers: { ...json, 'idempotency-key': `bench-${process.pid}-${++seq}-${Date.now()}` },
      body: JSON.stringify({
        amount: 100,
        mobileNumber: '8021000001',
        transactionType: 'PREPAID_RECHARGE',
        paymentMode: 'PAYMENT_GATEWAY',
        paymentGateway: 'paystack',
        emailId: 'bench@example.com',
      }),
    }).then((r) => r.json() as Promise<{ result: { transactionId: string } }>);
    const transactionId = init.result.transactionId;
    const proc = await fetch(`${base}${BFE}/transaction/v1/process`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ transactionId, paymentMode: 'PAYMENT_GATEWAY', paymentGateway: 'paystack' }),
    }).then((r) => r.json() as Promise<{ result: { redirectUrl: string } }>);
    const checkout = await fetch(proc.result.redirectUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4084084084084081', expiry: '12/30', cvv: '408' }).toString(),
    });
    const callback = checkout.headers.get('location');
    if (!callback) throw new Error('no callback');
    await fetch(callback, { redirect: 'manual' });
    latencies.push(performance.now() - t0);
    void cardSecret;
  }
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) await one().catch(() => errors++);
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    name: 'card payment (4 calls)',
    rps: latencies.length / SECONDS,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    errors,
  };
}

/**
 * How long the job queue needs to give the value of every paid payment: polls the transaction states
 * until nothing is PAID (paid, value not yet given) or 120 s pass.
 */
async function fulfilmentDrain(databaseUrl: string, since: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const phaseEnd = Date.now();
  try {
    for (;;) {
      const { rows } = await client.query<{ state: string; n: string }>(
        'SELECT state, count(*) AS n FROM transactions WHERE created_at >= to_timestamp($1 / 1000.0) GROUP BY state',
        [since],
      );
      const count = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
      const waiting = count('PAID');
      const fulfilled = count('FULFILLED');
      if (waiting === 0 || Date.now() - phaseEnd > 120_000) {
        const now = Date.now();
        return {
          total: fulfilled + waiting,
          fulfilled,
          lagSeconds: (now - phaseEnd) / 1000,
          perSecond: fulfilled / ((now - since) / 1000),
        };
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await client.end();
  }
}

async function main() {
  const dbName = `portal_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const ceilingPort = 18990;
  const portalPort = 18991;
  const children: ChildProcess[] = [];
  try {
    children.push(start(['--import', 'tsx', 'bench/src/bare-fastify.ts'], { PORT: String(ceilingPort) }));
    children.push(
      start(['--import', 'tsx', 'server/src/main.ts'], {
        NODE_ENV: 'production',
        PORT: String(portalPort),
        DATABASE_URL: dbUrl.toString(),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SERVE_WEB: 'false',
        RATE_LIMIT_PER_MINUTE: '100000000',
      }),
    );
    const ceilingUrl = `http://127.0.0.1:${ceilingPort}`;
    const base = `http://127.0.0.1:${portalPort}`;
    await waitReady(`${ceilingUrl}/`);
    await waitReady(`${base}/readyz`);

    // One finished payment for the status call.
    const init = await fetch(`${base}${BFE}/transaction/v1/initiate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...API },
      body: JSON.stringify({
        amount: 100,
        mobileNumber: '8021000001',
        transactionType: 'PREPAID_RECHARGE',
        paymentMode: 'PAYMENT_GATEWAY',
        paymentGateway: 'paystack',
        emailId: 'bench@example.com',
      }),
    }).then((r) => r.json() as Promise<{ result: { transactionId: string } }>);
    const tid = init.result.transactionId;

    const rows: Row[] = [];
    rows.push(await cannon('bare Fastify route (ceiling)', { url: `${ceilingUrl}/` }));
    rows.push(
      await cannon('transaction status', {
        url: `${base}${BFE}/transaction/v1/status?tid=${tid}`,
        headers: API,
      }),
    );
    rows.push(
      await cannon('bundle list', {
        url: `${base}${BFE}/product/v1/bundle`,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...API },
        body: JSON.stringify({ msisdn: '8021000001', lineType: 'PREPAID', serviceType: null }),
      }),
    );
    rows.push(
      await cannon('content call (translation)', {
        url: `${base}${BFE}/cms/webpage/activePackage?opco=NG&pageUrl=translation&lang=en`,
        headers: API,
      }),
    );
    const paidFrom = Date.now();
    rows.push(await payments(base, ''));
    const drain = await fulfilmentDrain(dbUrl.toString(), paidFrom);

    const ceiling = rows[0]!.rps;
    console.log(
      `\nload on ${CONNECTIONS} connections, ${SECONDS} s each, PostgreSQL, one portal process (2 cores shared with the load generator)`,
    );
    console.log('endpoint                          req/s    p99 ms   errors   ratio to ceiling');
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(32)} ${r.rps.toFixed(0).padStart(7)} ${r.p99.toFixed(0).padStart(9)} ${String(r.errors).padStart(8)}   ${(r.rps / ceiling).toFixed(3)}`,
      );
    }
    console.log(
      `\nfulfilment: ${drain.total} paid payments, ${drain.fulfilled} FULFILLED; the last one ${drain.lagSeconds.toFixed(1)} s after the payment phase ended (${drain.perSecond.toFixed(1)} fulfilments/s from the first payment)`,
    );
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
