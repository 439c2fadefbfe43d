/**
 * What every server benchmark needs: the portal as a production process (NODE_ENV=production, sandbox mounted,
 * logging at info as an operator runs it) on the embedded database or on a fresh PostgreSQL database, started,
 * waited for and stopped; the bare Fastify ceiling; and the database read back once the portal has stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
export const ADMIN_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The ceiling listens here, the portal on the next port. */
export const BASE_PORT = Number(process.env['BENCH_PORT'] ?? 18990);
/** Prefix of the databases a bench creates in the shared PostgreSQL server (dropped when it ends). */
const DATABASE_PREFIX = process.env['BENCH_DATABASE_PREFIX'] ?? 'portal_bench';

export type Kind = 'pglite' | 'postgres';

export async function waitReady(url: string) {
  for (let i = 0; i < 720; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * Refuses to start a server where one already answers: the new process would exit on the taken port while the
 * old one answered the readiness probe and took the load in its place (a leftover from an earlier run).
 */
export async function assertNothingAnswers(url: string) {
  const answered = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`something already answers at ${url}: stop it, or set BENCH_PORT`);
}

/**
 * A node process of the repository (or of the checkout at `cwd`); its output goes to `logFile` when given (for a
 * failed run's cause).
 */
export function start(
  args: string[],
  env: Record<string, string>,
  logFile?: string,
  cwd = ROOT,
): ChildProcess {
  const out = logFile ? openSync(logFile, 'a') : 'ignore';
  return spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
}

/** A process's CPU time so far (user and system, all threads), in ms, from /proc (Linux). */
export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticksPerMs = 0.1; // USER_HZ is 100 on Linux
  return (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Waits until the portal answers /healthz within 50 ms again (at most 60 s): work a row left queued (upstream
 * calls, jobs) must not be charged to the next row.
 */
export async function quiet(base: string) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const t0 = performance.now();
    const ok = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok && performance.now() - t0 < 50) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The bare Fastify route of bench/src/bare-fastify.ts: what the framework alone does on this machine now. */
export async function startCeiling(): Promise<{ url: string; process: ChildProcess }> {
  const url = `http://127.0.0.1:${BASE_PORT}/`;
  await assertNothingAnswers(url);
  const child = start(['--import', 'tsx', 'bench/src/bare-fastify.ts'], { PORT: String(BASE_PORT) });
  await waitReady(url);
  return { url, process: child };
}

export type Portal = { base: string; process: ChildProcess };

/** The portal as a production process (logging at `logLevel`, as an operator runs it: info). */
export async function startPortal(
  databaseUrl: string | undefined,
  dataDir: string,
  options: {
    logLevel?: string;
    nodeArgs?: string[];
    env?: Record<string, string>;
    logFile?: string;
    /** BASE_PORT + 1 unless given (a second process beside the portal). */
    port?: number;
    /** Another checkout's portal (bench:ab's base); this repository's by default. */
    cwd?: string;
  } = {},
): Promise<Portal> {
  const port = options.port ?? BASE_PORT + 1;
  const base = `http://127.0.0.1:${port}`;
  await assertNothingAnswers(`${base}/readyz`);
  const args = [...(options.nodeArgs ?? []), '--import', 'tsx', 'server/src/main.ts'];
  const child = start(
    args,
    {
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      // PostgreSQL shares these two cores: a pool sized to them, as deploy/README.md advises (What to scale).
      ...(databaseUrl
        ? { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: process.env['DATABASE_POOL_SIZE'] ?? '4' }
        : {}),
      LOG_LEVEL: options.logLevel ?? 'info',
      SERVE_WEB: 'false',
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...options.env,
    },
    options.logFile,
    options.cwd,
  );
  try {
    await waitReady(`${base}/readyz`);
  } catch (error) {
    // A portal that never became ready is not left running beside the next attempt.
    await stop(child);
    throw error;
  }
  return { base, process: child };
}

export type FreshDatabase = { name: string; url: string; drop: () => Promise<void> };

/** A new, empty database in the shared PostgreSQL server, dropped by `drop`. */
export async function freshDatabase(label = ''): Promise<FreshDatabase> {
  const name = `${DATABASE_PREFIX}_${label ? `${label}_` : ''}${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await c.end();
    },
  };
}

/** A scratch directory for the portal's data (the embedded database, generated secrets, profiles). */
export function scratchDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Reads the portal's database after the portal stopped: PostgreSQL by URL, or the embedded one from its dir. */
export async function readDatabase<T extends Record<string, unknown>>(
  where: { url: string } | { dataDir: string },
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  if ('url' in where) {
    const client = new pg.Client({ connectionString: where.url });
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(path.join(where.dataDir, 'pglite'));
  try {
    return (await db.query<T>(sql, params)).rows;
  } finally {
    await db.close();
  }
}

/** Portals on the embedded database, one per entry of `options`, side by side for as long as `use` runs. */
export async function portalsSideBySide<T>(
  options: { logLevel?: string; env?: Record<string, string> }[],
  use: (portals: Portal[]) => Promise<T>,
): Promise<T> {
  const scratches = options.map(() => scratchDir());
  const portals: Portal[] = [];
  try {
    for (const [i, own] of options.entries()) {
      portals.push(await startPortal(undefined, scratches[i]!.dir, { ...own, port: BASE_PORT + 1 + i }));
    }
    return await use(portals);
  } finally {
    for (const portal of portals) await stop(portal.process);
    for (const scratch of scratches) scratch.remove();
  }
}
