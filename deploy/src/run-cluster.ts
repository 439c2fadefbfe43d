/**
 * Runs N portal instances behind nginx on the PostgreSQL of DATABASE_URL:
 *   DATABASE_URL=postgres://... [REDIS_URL=redis://127.0.0.1:6379] npm run cluster -w deploy -- 3
 * Build the web app first (`npm run build`) so the instances serve it. The environment variables it reads are
 * listed in deploy/README.md ("Running several instances"); keep the two in step.
 */
import path from 'node:path';
import { DEFAULT_STOP_TIMEOUT_MS, ROOT, startCluster, type Cluster } from './cluster.js';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function whole(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    fail(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

// npm runs a workspace's script in the workspace's folder (deploy/); a relative path the operator gives is
// taken from where they typed the command (npm's INIT_CWD), the default data folder is the repository's.
const from = process.env['INIT_CWD'] ?? process.cwd();
const instances = whole('the number of instances', process.argv[2], 2, 1, 64);
const proxyPort = whole('PORT', process.env['PORT'], 8080, 1, 65535);
const firstInstancePort = whole('FIRST_INSTANCE_PORT', process.env['FIRST_INSTANCE_PORT'], 8101, 1, 65535);
if (firstInstancePort + instances - 1 > 65535)
  fail('FIRST_INSTANCE_PORT leaves too few ports for the instances');
if (proxyPort >= firstInstancePort && proxyPort < firstInstancePort + instances)
  fail(`PORT ${proxyPort} is one of the instances' ports (FIRST_INSTANCE_PORT ${firstInstancePort} on)`);
const stopTimeoutMs =
  whole(
    'STOP_TIMEOUT_SECONDS',
    process.env['STOP_TIMEOUT_SECONDS'],
    DEFAULT_STOP_TIMEOUT_MS / 1000,
    0,
    3600,
  ) * 1000;
const dataDir = process.env['DATA_DIR']
  ? path.resolve(from, process.env['DATA_DIR'])
  : path.join(ROOT, 'data', 'cluster');
const logDir = process.env['LOG_DIR']
  ? path.resolve(from, process.env['LOG_DIR'])
  : path.join(dataDir, 'logs');
const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl) fail('DATABASE_URL is required: several instances share one PostgreSQL.');

// Signals are ours from the start: one during start-up stops what has started.
const starting = new AbortController();
let cluster: Cluster | undefined;
let stopping = false;
const stop = async (signal: NodeJS.Signals) => {
  if (!cluster) {
    if (starting.signal.aborted) return;
    console.log(`${signal}: stopping what has started`);
    starting.abort();
    return;
  }
  // npm passes a Ctrl+C on to this process as well as the terminal: one stop is under way, with its limit.
  if (stopping) return;
  stopping = true;
  console.log(
    `${signal}: stopping nginx and the instances (each may take up to ${stopTimeoutMs / 1000} s to finish ` +
      'its requests and jobs, STOP_TIMEOUT_SECONDS)',
  );
  const report = await cluster.stop({ timeoutMs: stopTimeoutMs });
  if (report.killed.length > 0)
    console.error(
      `still running after ${stopTimeoutMs / 1000} s, killed: instance on ${report.killed.join(', ')}`,
    );
  if (report.nginxKilled) console.error('nginx did not exit gracefully and was stopped at once');
  console.log('stopped');
  process.exit(report.killed.length > 0 || report.nginxKilled ? 1 : 0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

console.log(`data (shared secrets, nginx configuration): ${dataDir}`);
console.log(
  `logs: ${logDir} (instance-<port>.log for each instance, stdout and stderr; nginx-error.log for nginx)`,
);
try {
  cluster = await startCluster({
    instances,
    databaseUrl,
    proxyPort,
    firstInstancePort,
    dataDir,
    logDir,
    ...(process.env['REDIS_URL'] ? { redisUrl: process.env['REDIS_URL'] } : {}),
    env: { LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'info' },
    signal: starting.signal,
  });
} catch (error) {
  if (starting.signal.aborted) {
    console.log('stopped');
    process.exit(0);
  }
  fail(`the cluster did not start: ${error instanceof Error ? error.message : String(error)}`);
}
// A signal that came as the start finished.
if (starting.signal.aborted) {
  await cluster.stop({ timeoutMs: stopTimeoutMs });
  console.log('stopped');
  process.exit(0);
}
console.log(
  `${instances} instances on 127.0.0.1:${firstInstancePort}-${firstInstancePort + instances - 1} ` +
    `behind nginx on ${cluster.url}; stop with Ctrl+C or kill -TERM ${process.pid}`,
);
