/**
 * Cost that does not grow with the data (numbers, not pass/fail). On a fresh PostgreSQL database, the portal
 * (built in this process, so that the SQL it sends can be seen) runs on two databases: an empty one, and one
 * holding 1,000,000 past transactions with their events, payment attempts and provider events, written by
 * SQL (generate_series, in the database, not a million inserts from Node). The status call, initiate, and
 * one reconciliation pass are timed on both, alternately, each the median of many runs. Every statement those calls sent to
 * PostgreSQL (logged as they ran, not guessed) is then explained once on the full tables
 * (EXPLAIN (ANALYZE, BUFFERS), rolled back): the plans on the portal's big tables are printed, and any
 * sequential scan of them is called out.
 *
 *   npm run bench:big-table                         # PostgreSQL at BENCH_DATABASE_URL (default: local)
 *   BENCH_ROWS=200000 npm run bench:big-table       # a smaller history
 */
import { createHmac } from 'node:crypto';
import pg from 'pg';
import { JOBS } from '@portal/server/modules/payments/context';
import { clientHeaders } from '@portal/contract/client-headers';
import { startInProcess, type InProcessPortal } from './in-process.js';
import { BASE_PORT, freshDatabase, scratchDir } from './portal.js';
import { capture, shape, type LoggedQuery } from './sql-log.js';

const ROWS = Number(process.env['BENCH_ROWS'] ?? 1_000_000);
const STATUS_RUNS = Number(process.env['BENCH_STATUS_RUNS'] ?? 300);
const INITIATE_RUNS = Number(process.env['BENCH_INITIATE_RUNS'] ?? 150);
const RECONCILE_RUNS = Number(process.env['BENCH_RECONCILE_RUNS'] ?? 25);
const BFE = '/orp/bfe/api/portal-service';
const API = clientHeaders();
/** The portal's own tables that grow with every payment. */
const BIG_TABLES = ['transactions', 'transaction_events', 'payment_attempts', 'provider_events'];
/** The sandbox's prepaid lines: the payers of the measured initiates. */
const NUMBERS = ['8021000001', '8021000004', '8021000006'];

type Operation = 'status' | 'initiate' | 'reconcile' | 'webhook';
const OPERATIONS: Operation[] = ['status', 'initiate', 'reconcile', 'webhook'];
const RUNS: Record<Operation, number> = {
  status: STATUS_RUNS,
  initiate: INITIATE_RUNS,
  reconcile: RECONCILE_RUNS,
  webhook: STATUS_RUNS,
};
type Timing = { median: number; p90: number; runs: number };

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)] ?? 0,
    p90: sorted[Math.floor(sorted.length * 0.9)] ?? 0,
  };
};

/**
 * The portal's calls as a bench makes them. Initiate buys a recharge for one of the sandbox's lines, a
 * different amount each time, so that the paying-twice guard (on, as in production) looks and lets it pass.
 */
function operations(portal: InProcessPortal) {
  let sequence = 0;
  const initiate = async () => {
    const n = ++sequence;
    const response = await fetch(`${portal.baseUrl}${BFE}/transaction/v1/initiate`, {
      method: 'POST',
      headers: {
        ...API,
        'content-type': 'application/json',
        'idempotency-key': `big-table-${Date.now()}-${n}`,
      },
      body: JSON.stringify({
        amount: 100 + (n % 40_000),
        mobileNumber: NUMBERS[n % NUMBERS.length],
        transactionType: 'PREPAID_RECHARGE',
        paymentMode: 'PAYMENT_GATEWAY',
        paymentGateway: 'paystack',
        emailId: 'bench@example.com',
      }),
    });
    const body = (await response.json()) as { result?: { transactionId?: string }; message?: string };
    if (!body.result?.transactionId) throw new Error(`initiate: ${response.status} ${body.message}`);
    return body.result.transactionId;
  };
  /**
   * Payments nobody asked about yet: each measured status call is the first read of its payment, so it times
   * the query, not the status calls' memory (decision 60), which answers every later read.
   */
  const unread: string[] = [];
  const prepare = async (count: number) => {
    for (let i = 0; i < count; i++) unread.push(await initiate());
  };
  const status = async () => {
    const id = unread.pop() ?? (await initiate());
    const response = await fetch(`${portal.baseUrl}${BFE}/transaction/v1/status?tid=${id}`, {
      headers: API,
    });
    if (!response.ok) throw new Error(`status: ${response.status}`);
    await response.arrayBuffer();
  };
  const reconcile = () => portal.handler(JOBS.reconcile)({}, { signal: new AbortController().signal });
  /**
   * A signed gateway notification about a charge the portal holds no payment for (another integration on
   * the same merchant account, an earlier attempt): acknowledged, after looking for the attempt it may be.
   */
  const webhook = async () => {
    const reference = `ELSEWHERE${++sequence}`;
    const body = JSON.stringify({ event: 'charge.success', data: { id: sequence, reference } });
    const signature = createHmac('sha512', portal.config.secrets.cardSecretKey).update(body).digest('hex');
    const response = await fetch(`${portal.baseUrl}${BFE}/transaction/v1/webhook/paystack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      body,
    });
    if (!response.ok) throw new Error(`webhook: ${response.status}`);
    await response.arrayBuffer();
  };
  const timed = { status, initiate, reconcile, webhook } satisfies Record<Operation, () => Promise<unknown>>;
  return { ...timed, prepare };
}

/** A long column list (drizzle names every column) as its count, so that a statement reads at a glance. */
function abbreviated(text: string): string {
  return text.replace(
    /("[a-z_]+"(?:\.[a-z_"]+)?(?:, )?){6,}/g,
    (list) => `<${list.split(',').length} columns> `,
  );
}

/**
 * Times each operation on the empty and on the full database alternately (one run on each, in turn, after
 * a few unmeasured ones), so that a change in the machine's load weighs on both sides alike.
 */
async function measure(
  empty: InProcessPortal,
  full: InProcessPortal,
): Promise<Record<'empty' | 'full', Record<Operation, Timing>>> {
  const sides = { empty: operations(empty), full: operations(full) };
  const runs = RUNS;
  const result = { empty: {}, full: {} } as Record<'empty' | 'full', Record<Operation, Timing>>;
  for (const op of OPERATIONS) {
    if (op === 'status') for (const side of Object.values(sides)) await side.prepare(runs.status + 10);
    const times = { empty: [] as number[], full: [] as number[] };
    for (let i = -Math.min(10, runs[op]); i < runs[op]; i++) {
      for (const side of ['empty', 'full'] as const) {
        const t0 = performance.now();
        await sides[side][op]();
        if (i >= 0) times[side].push(performance.now() - t0);
      }
    }
    result.empty[op] = { ...median(times.empty), runs: runs[op] };
    result.full[op] = { ...median(times.full), runs: runs[op] };
  }
  return result;
}

/**
 * A year of history ending 26 hours ago (so that no payment of it is in a window reconciliation looks at:
 * the two passes do the same work, and only the size of the tables differs). One payment every ~30 s,
 * spread over 200,000 numbers and the bench's own lines; 85 % delivered, the rest declined, cancelled,
 * abandoned or refunded (one refund in four made before the core could say, its reversal since answered);
 * each with the events of its path and its one attempt, settled.
 */
const SEED = `
  CREATE TEMP TABLE seed_path (final text, step int, from_state text, to_state text);
  INSERT INTO seed_path VALUES
    ('FULFILLED', 0, NULL, 'CREATED'), ('FULFILLED', 1, 'CREATED', 'STARTING'), ('FULFILLED', 2, 'STARTING', 'PENDING'),
    ('FULFILLED', 3, 'PENDING', 'PAID'), ('FULFILLED', 4, 'PAID', 'FULFILLED'),
    ('FAILED', 0, NULL, 'CREATED'), ('FAILED', 1, 'CREATED', 'STARTING'), ('FAILED', 2, 'STARTING', 'PENDING'),
    ('FAILED', 3, 'PENDING', 'FAILED'),
    ('CANCELLED', 0, NULL, 'CREATED'), ('CANCELLED', 1, 'CREATED', 'STARTING'), ('CANCELLED', 2, 'STARTING', 'PENDING'),
    ('CANCELLED', 3, 'PENDING', 'CANCELLED'),
    ('EXPIRED', 0, NULL, 'CREATED'), ('EXPIRED', 1, 'CREATED', 'EXPIRED'),
    ('REFUNDED', 0, NULL, 'CREATED'), ('REFUNDED', 1, 'CREATED', 'STARTING'), ('REFUNDED', 2, 'STARTING', 'PENDING'),
    ('REFUNDED', 3, 'PENDING', 'PAID'), ('REFUNDED', 4, 'PAID', 'REFUND_PENDING'),
    ('REFUNDED', 5, 'REFUND_PENDING', 'REFUNDED');

  INSERT INTO transactions (id, idempotency_key, request_hash, state, transaction_type, payment_mode,
    payment_gateway, msisdn, payment_mobile, email, amount_kobo, currency, provider_reference, status_reason,
    language, created_at, updated_at, paid_at, fulfilled_at, failed_at, refunded_at, start_attempts,
    reversal_due_at, reversal_done_at, reversal_outcome)
  SELECT id, 'seed:' || i, md5(i::text), state, 'PREPAID_RECHARGE', 'PAYMENT_GATEWAY', 'paystack', msisdn,
    '0' || substr(msisdn, 4), 'seed@example.com', (100 + i % 900) * 100, 'NGN',
    CASE WHEN state = 'EXPIRED' THEN NULL ELSE id END,
    CASE WHEN state IN ('FULFILLED', 'EXPIRED') THEN NULL ELSE 'seeded' END,
    'en', created, created + interval '40 seconds',
    CASE WHEN state IN ('FULFILLED', 'REFUNDED') THEN created + interval '30 seconds' END,
    CASE WHEN state = 'FULFILLED' THEN created + interval '40 seconds' END,
    CASE WHEN state IN ('FAILED', 'CANCELLED', 'EXPIRED', 'REFUNDED') THEN created + interval '40 seconds' END,
    CASE WHEN state = 'REFUNDED' THEN created + interval '40 seconds' END,
    CASE WHEN state = 'EXPIRED' THEN 0 ELSE 1 END,
    CASE WHEN state = 'REFUNDED' AND i % 400 = 99 THEN created + interval '52 seconds' END,
    CASE WHEN state = 'REFUNDED' AND i % 400 = 99 THEN created + interval '70 seconds' END,
    CASE WHEN state = 'REFUNDED' AND i % 400 = 99 THEN 'NOT_APPLIED' END
  FROM (
    SELECT i, 'TXSEED' || lpad(to_hex(i), 18, '0') AS id,
      now() - interval '26 hours' - (i * interval '31 seconds') AS created,
      CASE WHEN i % 1000 = 0 THEN '234' || ($2::text[])[1 + (i / 1000) % 3]
        ELSE '23480' || lpad((i % 200000)::text, 8, '0') END AS msisdn,
      CASE WHEN i % 100 < 85 THEN 'FULFILLED' WHEN i % 100 < 92 THEN 'FAILED'
        WHEN i % 100 < 96 THEN 'CANCELLED' WHEN i % 100 < 98 THEN 'EXPIRED' ELSE 'REFUNDED' END AS state
    FROM generate_series(1, $1::int) AS i
  ) AS s;

  INSERT INTO transaction_events (transaction_id, from_state, to_state, reason, data, created_at)
  SELECT t.id, p.from_state, p.to_state, NULL, '{}'::jsonb, t.created_at + p.step * interval '8 seconds'
  FROM transactions t JOIN seed_path p ON p.final = t.state
  WHERE t.id LIKE 'TXSEED%';

  INSERT INTO payment_attempts (transaction_id, attempt, provider, reference, created_at, resolved_at, resolution)
  SELECT id, 1, 'paystack', id, created_at + interval '2 seconds', updated_at, 'the payment'
  FROM transactions WHERE id LIKE 'TXSEED%' AND state <> 'EXPIRED';

  INSERT INTO provider_events (provider, event_key, reference, payload, received_at)
  SELECT 'paystack', 'charge.success:' || id, id, '{}'::jsonb, created_at + interval '25 seconds'
  FROM transactions WHERE id LIKE 'TXSEED%' AND state IN ('FULFILLED', 'REFUNDED');
`;

async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A bulk load: no need to wait for each commit to reach the disk.
    await client.query('SET synchronous_commit = off');
    const t0 = performance.now();
    // One statement at a time (parameters are per statement); the temp table lives in this session.
    const statements = SEED.split(/;\s*\n/)
      .map((s) => s.trim())
      .filter(Boolean);
    for (const statement of statements) {
      const params = statement.includes('$1') ? [ROWS, NUMBERS.map((n) => n)] : [];
      await client.query(statement, params);
    }
    await client.query('ANALYZE');
    const { rows } = await client.query<{ table: string; rows: string; size: string }>(
      `SELECT relname AS table, n_live_tup::text AS rows, pg_size_pretty(pg_total_relation_size(relid)) AS size
       FROM pg_stat_user_tables WHERE relname = ANY($1) ORDER BY relname`,
      [BIG_TABLES],
    );
    return { seconds: (performance.now() - t0) / 1000, tables: rows };
  } finally {
    await client.end();
  }
}

/** The statements an operation sent (one run), without the transaction brackets. */
async function statementsOf(work: () => Promise<unknown>): Promise<LoggedQuery[]> {
  const { queries } = await capture(work);
  return queries.filter((q) => !/^(begin|commit|rollback)$/i.test(q.text.trim()));
}

const onBigTables = (text: string) =>
  BIG_TABLES.some((table) => new RegExp(`\\b(from|into|update|join)\\s+"?${table}"?\\b`, 'i').test(text));

/** EXPLAIN (ANALYZE, BUFFERS) of one logged statement with its own parameters, rolled back. */
async function explain(client: pg.Client, query: LoggedQuery): Promise<string[]> {
  await client.query('BEGIN');
  try {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${query.text}`,
      query.values,
    );
    return rows.map((r) => r['QUERY PLAN']);
  } finally {
    await client.query('ROLLBACK');
  }
}

/** How each scan node of a plan reads its table: "Index Scan using x on t", "Seq Scan on t". */
const scansOf = (plan: string[]) =>
  plan
    .map(
      (line) =>
        /((?:Parallel )?(?:Seq|Index|Index Only|Bitmap Heap|Bitmap Index) Scan(?: using \S+)? on \S+)/.exec(
          line,
        )?.[1],
    )
    .filter((s): s is string => s !== undefined);

async function printPlans(url: string, captured: Record<Operation, LoggedQuery[]>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const seen = new Set<string>();
  const seqScans: string[] = [];
  try {
    for (const [operation, queries] of Object.entries(captured)) {
      console.log(`\n=== ${operation}: ${queries.length} statements sent to PostgreSQL ===`);
      for (const query of queries) {
        const text = abbreviated(shape(query.text));
        if (seen.has(text)) {
          console.log(`  (again) ${text.slice(0, 110)}`);
          continue;
        }
        seen.add(text);
        const plan = await explain(client, query);
        const bad = plan.filter((line) =>
          BIG_TABLES.some((t) => new RegExp(`Seq Scan on ${t}\\b`).test(line)),
        );
        if (bad.length) seqScans.push(`${operation}: ${text.slice(0, 100)}`);
        if (onBigTables(text)) {
          console.log(`\n  ${text}`);
          for (const line of plan) console.log(`    ${line}`);
        } else {
          const scans = scansOf(plan);
          console.log(
            `  (not on the big tables) ${text.slice(0, 90)} -> ${scans.join('; ') || 'no table scan'}`,
          );
        }
      }
    }
  } finally {
    await client.end();
  }
  console.log(
    seqScans.length
      ? `\nSEQUENTIAL SCANS of the big tables:\n${seqScans.map((s) => `  ${s}`).join('\n')}`
      : '\nno statement reads the big tables by a sequential scan',
  );
}

const LABELS: Record<Operation, string> = {
  status: 'status (first read)',
  initiate: 'initiate',
  reconcile: 'reconcile pass',
  webhook: 'webhook (not ours)',
};

function printTimings(empty: Record<Operation, Timing>, full: Record<Operation, Timing>, rows: number) {
  console.log(
    `\noperation          runs   empty: median / p90 ms   ${rows.toLocaleString('en')} rows: median / p90 ms   ratio`,
  );
  for (const op of OPERATIONS) {
    const a = empty[op];
    const b = full[op];
    console.log(
      `${LABELS[op].padEnd(18)} ${String(a.runs).padStart(4)}   ${a.median.toFixed(2).padStart(8)} / ${a.p90.toFixed(2).padStart(7)}            ${b.median.toFixed(2).padStart(8)} / ${b.p90.toFixed(2).padStart(7)}              ${(b.median / a.median).toFixed(2)}`,
    );
  }
}

async function main() {
  const databases = {
    empty: await freshDatabase('bigtable_empty'),
    full: await freshDatabase('bigtable_full'),
  };
  const scratch = { empty: scratchDir(), full: scratchDir() };
  const started: InProcessPortal[] = [];
  const start = async (side: 'empty' | 'full', port: number) => {
    const portal = await startInProcess({
      port,
      dataDir: scratch[side].dir,
      databaseUrl: databases[side].url,
      // Reconciliation runs when the bench says, not on a timer.
      env: { RECONCILE_INTERVAL_SECONDS: '3600' },
    });
    started.push(portal);
    return portal;
  };
  try {
    const full = await start('full', BASE_PORT + 2);
    console.log(`seeding ${ROWS.toLocaleString('en')} past transactions with their events and attempts ...`);
    const seeded = await seed(databases.full.url);
    console.log(`seeded in ${seeded.seconds.toFixed(0)} s:`);
    for (const t of seeded.tables)
      console.log(`  ${t.table.padEnd(20)} ${t.rows.padStart(10)} rows  ${t.size}`);
    const empty = await start('empty', BASE_PORT + 3);
    const timings = await measure(empty, full);
    printTimings(timings.empty, timings.full, ROWS);
    const ops = operations(full);
    await ops.prepare(2);
    await ops.status();
    const captured = {
      status: await statementsOf(ops.status),
      initiate: await statementsOf(ops.initiate),
      reconcile: await statementsOf(ops.reconcile),
      webhook: await statementsOf(ops.webhook),
    };
    await printPlans(databases.full.url, captured);
  } finally {
    for (const portal of started) await portal.close();
    for (const side of ['empty', 'full'] as const) {
      await databases[side].drop();
      scratch[side].remove();
    }
  }
}

await main();
