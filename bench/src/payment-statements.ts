/**
 * The statements one card payment sends to PostgreSQL (numbers, not pass/fail), counted rather than timed, so
 * that two versions of the code compare on any machine: the portal built in this process on a fresh
 * database, its jobs running, pays BENCH_PAYMENTS card payments one after another (initiate, process, the
 * gateway's checkout, the return) and waits for each to be FULFILLED and its SMS sent. Every statement of the
 * process is recorded (sql-log.ts) and printed per payment, by whose it is (the portal's, pg-boss's, the
 * sandbox's) and by its text. One payment at a time, the statements that run on a clock (the payment watch,
 * the queues' polls, the health ping) count about once a payment; under load they are shared by many.
 *
 *   npm run bench:statements
 *   BENCH_PAYMENTS=20 npm run bench:statements
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkoutCard, initiateCard, processCard, returnToPortal } from '@portal/deploy/drive';
import { startInProcess, type InProcessPortal } from './in-process.js';
import { freshDatabase, BASE_PORT } from './portal.js';
import { capture, shape, type LoggedQuery } from './sql-log.js';

const PAYMENTS = Number(process.env['BENCH_PAYMENTS'] ?? 10);
const SUCCESS_CARD = '4084084084084081';

async function pay(base: string): Promise<string> {
  const id = await initiateCard(base, 100, { mobileNumber: '8021000001', tries: 1 });
  const started = id && (await processCard(base, id, { tries: 1 })).redirectUrl;
  const callback = started && (await checkoutCard(started, SUCCESS_CARD, { tries: 1 }));
  if (!id || !callback || !(await returnToPortal(callback)))
    throw new Error('a card payment did not go through');
  return id;
}

/** Fulfilled, and its SMS job done: everything the payment set going has run. */
const SETTLED = `select (select state from transactions where id = $1) = 'FULFILLED'
    and exists (select 1 from pgboss.job where name = 'payments.notify' and data->>'transactionId' = $1
                and state = 'completed') as done`;

async function settled(portal: InProcessPortal, id: string) {
  for (const until = Date.now() + 30_000; Date.now() < until;) {
    const { rows } = await portal.db.sql.query<{ done: boolean }>(SETTLED, [id]);
    if (rows[0]?.done) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`payment ${id} did not settle within 30 s`);
}

const ownerOf = (text: string) =>
  /\bpgboss\./.test(text) ? 'pg-boss' : /\bsandbox\./.test(text) ? 'the sandbox' : 'the portal';

/** A statement on one line: its start and, for a long one, what it looks rows up by. */
function brief(text: string): string {
  if (text.length <= 120) return text;
  const where = text.search(/ where /i);
  if (where < 60) return `${text.slice(0, 117)}...`;
  const tail = text.slice(where, where + 60);
  return `${text.slice(0, 113 - tail.length)} ...${tail}`;
}

function print(recorded: LoggedQuery[]) {
  // This bench's own waiting is not the payment's.
  const queries = recorded.filter((q) => shape(q.text) !== shape(SETTLED));
  const byOwner = new Map<string, number>();
  const byText = new Map<string, number>();
  for (const query of queries) {
    const text = shape(query.text);
    byOwner.set(ownerOf(text), (byOwner.get(ownerOf(text)) ?? 0) + 1);
    byText.set(text, (byText.get(text) ?? 0) + 1);
  }
  const each = (n: number) => (n / PAYMENTS).toFixed(1).padStart(5);
  console.log(
    `\nstatements a card payment (${PAYMENTS} payments, one after another): ${each(queries.length)}`,
  );
  for (const [owner, n] of [...byOwner].sort((a, b) => b[1] - a[1])) console.log(`  ${each(n)}  ${owner}`);
  console.log('by statement:');
  for (const [text, n] of [...byText].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${each(n)}  ${brief(text)}`);
  }
}

async function main() {
  const database = await freshDatabase('statements');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-statements-'));
  const portal = await startInProcess({
    port: BASE_PORT + 5,
    dataDir,
    databaseUrl: database.url,
    runJobs: true,
    // The same recharge again and again (decision 0070's guard would ask "buy again?").
    env: { DUPLICATE_PURCHASE_WINDOW_MINUTES: '0' },
  });
  try {
    // The first payments prepare statements and warm the caches: not counted.
    for (let i = 0; i < 3; i++) await settled(portal, await pay(portal.baseUrl));
    const { queries } = await capture(async () => {
      for (let i = 0; i < PAYMENTS; i++) {
        const id = await pay(portal.baseUrl);
        await settled(portal, id);
      }
    });
    print(queries);
  } finally {
    await portal.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
