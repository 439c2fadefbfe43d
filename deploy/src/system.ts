import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nginxAvailable, startCluster, type Cluster } from './cluster.js';
import { privatePostgresAvailable, startPrivatePostgres, type PrivatePostgres } from './postgres.js';

/**
 * The system under fault injection, as the system test and the soak bench run it: a private PostgreSQL
 * (so it may be restarted), two portal instances behind nginx, and Redis for the shared rate-limit
 * counters when one runs here. Settings shorten the waits a fault leads to (reconciliation every 5 s,
 * provider time-outs of 2.5 s, pending payments expire after a minute) and lift the per-client limits,
 * since every simulated subscriber comes from one address.
 */
export type System = {
  dir: string;
  pg: PrivatePostgres;
  cluster: Cluster;
  stop(): Promise<void>;
};

export function systemAvailable(): boolean {
  return privatePostgresAvailable() && nginxAvailable();
}

function redisUp(): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port: 6379 }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

export const SYSTEM_ENV: Record<string, string> = {
  SERVE_WEB: 'false',
  RECONCILE_INTERVAL_SECONDS: '5',
  UPSTREAM_TIMEOUT_MS: '2500',
  PENDING_PAYMENT_EXPIRY_MINUTES: '1',
  RATE_LIMIT_PER_MINUTE: '100000',
  OTP_SENDS_PER_NUMBER_PER_HOUR: '100000',
  OTP_SENDS_PER_CLIENT_PER_HOUR: '100000',
  // The drivers buy the same recharge for the same number again and again (decision 0070).
  DUPLICATE_PURCHASE_WINDOW_MINUTES: '0',
};

export type SystemOptions = {
  /** Ports are drawn at random from these ranges unless given. */
  postgresPort?: number;
  proxyPort?: number;
  firstInstancePort?: number;
  /** Keep the directory (logs, database) after stop, for a post-mortem. */
  keep?: boolean;
};

const randomPort = (from: number, span: number) => from + Math.floor(Math.random() * span);

export async function startSystem(options: SystemOptions = {}): Promise<System> {
  const withRedis = await redisUp();
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-faults-'));
  let pg: PrivatePostgres | undefined;
  try {
    pg = startPrivatePostgres(path.join(dir, 'pg'), options.postgresPort ?? randomPort(55432, 1000));
    const cluster = await startCluster({
      instances: 2,
      databaseUrl: pg.url,
      proxyPort: options.proxyPort ?? randomPort(18080, 500),
      firstInstancePort: options.firstInstancePort ?? randomPort(19100, 500),
      dataDir: path.join(dir, 'data'),
      ...(withRedis ? { redisUrl: 'redis://127.0.0.1:6379' } : {}),
      logDir: path.join(dir, 'logs'),
      // Upstream failures with their request lines, for a post-mortem: the drivers' numbers are made up.
      nginxErrorLogLevel: 'warn',
      env: SYSTEM_ENV,
    });
    const database = pg;
    return {
      dir,
      pg: database,
      cluster,
      async stop() {
        // A run's end needs no graceful shutdown: a few seconds, then SIGKILL.
        await cluster.stop({ timeoutMs: 5_000 });
        database.stop();
        if (!options.keep) rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    pg?.stop();
    if (!options.keep) rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
