import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * N portal instances behind nginx on one PostgreSQL (and Redis for shared rate-limit counters).
 * Used by `npm run cluster` and by the system tests, which kill and restart instances.
 */
export type Instance = {
  port: number;
  process: ChildProcess | undefined;
  start(): Promise<void>;
  kill(signal?: NodeJS.Signals): void;
  alive(): boolean;
};

export type StopOptions = {
  /**
   * How long each instance (and nginx) may take to exit after SIGTERM (nginx: SIGQUIT) before it is killed.
   * An instance finishes its requests and running jobs first (server/src/main.ts gives itself 15 s).
   */
  timeoutMs?: number;
};

/** Ports of the instances that did not exit within the limit and were SIGKILLed; whether nginx had to be. */
export type StopReport = { killed: number[]; nginxKilled: boolean };

export type Cluster = {
  url: string;
  instances: Instance[];
  /** Where the instances' and nginx's logs are, when `logDir` was given. */
  logDir: string | undefined;
  /** nginx's error log file. */
  nginxErrorLog: string;
  /** Graceful: each instance gets SIGTERM and is waited for, then nginx stops taking connections. */
  stop(options?: StopOptions): Promise<StopReport>;
};

export const DEFAULT_STOP_TIMEOUT_MS = 30_000;

export type ClusterOptions = {
  instances: number;
  databaseUrl: string;
  proxyPort: number;
  firstInstancePort: number;
  dataDir: string;
  redisUrl?: string;
  env?: Record<string, string>;
  /**
   * Write each instance's output (stdout and stderr) to `instance-<port>.log` here, and nginx's error log to
   * `nginx-error.log`. Without it the instances' output is discarded and nginx's error log is
   * `<dataDir>/nginx/nginx-error.log`.
   */
  logDir?: string;
  /** nginx's `error_log` level; see nginxConfig(). */
  nginxErrorLogLevel?: NginxErrorLogLevel;
  /** Abort a start under way: whatever started is stopped and startCluster rejects. */
  signal?: AbortSignal;
};

/** The repository's root: instances run here, and `npm run cluster`'s default data folder is under it. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function nginxAvailable(): boolean {
  return spawnSync('nginx', ['-v']).status === 0;
}

export type NginxErrorLogLevel = 'debug' | 'info' | 'notice' | 'warn' | 'error' | 'crit' | 'alert' | 'emerg';

/**
 * nginx writes the request line, query string included, into every error it logs while handling a request
 * (an upstream that failed or timed out, a connection limit hit: level `error`; a body buffered to a file:
 * `warn`), and it cannot leave the query out. The portal's queries carry subscribers' numbers
 * (`?msisdn=...`), so the default level is `crit`: nginx's own start-up and fatal problems (`emerg`,
 * `alert`, `crit`: a port in use, a bad configuration, a worker that died) are kept, upstream failures and
 * connection limits are not. See deploy/README.md.
 */
export function nginxConfig(opts: {
  proxyPort: number;
  ports: number[];
  dir: string;
  /** The error log's file; `<dir>/nginx-error.log` unless given. */
  errorLog?: string;
  errorLogLevel?: NginxErrorLogLevel;
}): string {
  return `worker_processes 1;
pid ${opts.dir}/nginx.pid;
error_log ${opts.errorLog ?? path.join(opts.dir, 'nginx-error.log')} ${opts.errorLogLevel ?? 'crit'};
events { worker_connections 1024; }
http {
  access_log off;
  # The proxy's version helps nobody but someone looking for its known holes.
  server_tokens off;
  client_body_temp_path ${opts.dir}/body;
  proxy_temp_path ${opts.dir}/proxy;
  fastcgi_temp_path ${opts.dir}/fastcgi;
  uwsgi_temp_path ${opts.dir}/uwsgi;
  scgi_temp_path ${opts.dir}/scgi;
  upstream portal {
${opts.ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }
  # Slow clients (deploy/README.md, "Slow clients"): nginx reads whole requests before passing them on.
  limit_conn_zone $binary_remote_addr zone=perclient:10m;
  server {
    listen 127.0.0.1:${opts.proxyPort};
    client_max_body_size 1m;
    client_header_timeout 10s;
    client_body_timeout 10s;
    send_timeout 30s;
    keepalive_timeout 30s;
    limit_conn perclient 50;
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A dead instance: try the next one for requests that are safe to repeat, and for the rest
      # only when nothing reached the instance (the payment API is idempotent by key besides).
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
    }
  }
}
`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function aborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new Error('cluster start aborted');
}

/**
 * Polls `<url>/readyz`. `gone` says why waiting is pointless (the process exited), or undefined while it
 * runs.
 */
async function waitReady(
  url: string,
  timeoutMs: number,
  gone: () => string | undefined,
  signal: AbortSignal | undefined,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    aborted(signal);
    const why = gone();
    if (why) throw new Error(why);
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${url} not ready in ${timeoutMs} ms`);
}

/** Whether something already accepts connections on 127.0.0.1:port (an instance left over from a run?). */
function portInUse(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Waits until `done()` or the deadline; whether it was done. */
async function waitFor(done: () => boolean, deadline: number): Promise<boolean> {
  for (;;) {
    if (done()) return true;
    if (Date.now() >= deadline) return false;
    await sleep(Math.min(50, Math.max(0, deadline - Date.now())));
  }
}

/** nginx's master process (it runs as a daemon, not as our child), from its pid file. */
function nginxPid(pidFile: string): number | undefined {
  try {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function signalProcess(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // gone already
  }
}

/** The master removes its pid file as it exits; the process check covers a master that died without. */
function nginxRunning(pidFile: string, pid: number): boolean {
  if (!existsSync(pidFile)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { signal } = options;
  aborted(signal);
  mkdirSync(options.dataDir, { recursive: true });
  if (options.logDir) mkdirSync(options.logDir, { recursive: true });
  const url = `http://127.0.0.1:${options.proxyPort}`;
  const instances: Instance[] = [];
  const nginx = nginxFiles(options);

  // Only an nginx this call started is stopped (a failed start may have met one left over on the port).
  let nginxStarted = false;
  // Called again while a first call waits, it acts on its own limit (a caller may cut the wait short).
  const stop = async (stopOptions: StopOptions = {}): Promise<StopReport> =>
    stopCluster(instances, nginxStarted ? nginx.pidFile : undefined, stopOptions);

  try {
    for (let i = 0; i < options.instances; i++) {
      const instance = newInstance(options, options.firstInstancePort + i, url);
      // Pushed before it starts, so that a failed or aborted start stops it too.
      instances.push(instance);
      // One at a time: the first start migrates and generates the shared secrets.
      await instance.start();
    }
    startNginx(
      options,
      nginx,
      instances.map((i) => i.port),
    );
    nginxStarted = true;
    await waitReady(url, 10_000, () => undefined, signal);
  } catch (error) {
    await stop({ timeoutMs: 5_000 });
    throw error;
  }

  return {
    url,
    instances,
    logDir: options.logDir,
    nginxErrorLog: nginx.errorLog,
    stop,
  };
}

/** Where the cluster's nginx keeps its configuration, pid file and error log. */
type NginxFiles = { dir: string; conf: string; pidFile: string; errorLog: string };

function nginxFiles(options: ClusterOptions): NginxFiles {
  const dir = path.join(options.dataDir, 'nginx');
  return {
    dir,
    conf: path.join(dir, 'nginx.conf'),
    pidFile: path.join(dir, 'nginx.pid'),
    errorLog: path.join(options.logDir ?? dir, 'nginx-error.log'),
  };
}

/** Writes nginx's configuration and starts it (a daemon); throws with nginx's complaint when it does not start. */
function startNginx(options: ClusterOptions, files: NginxFiles, ports: number[]): void {
  mkdirSync(files.dir, { recursive: true });
  writeFileSync(
    files.conf,
    nginxConfig({
      proxyPort: options.proxyPort,
      ports,
      dir: files.dir,
      errorLog: files.errorLog,
      ...(options.nginxErrorLogLevel ? { errorLogLevel: options.nginxErrorLogLevel } : {}),
    }),
  );
  aborted(options.signal);
  // -e: nginx's log before it has read the configuration (and for -s), instead of /var/log/nginx.
  const nginx = spawnSync('nginx', ['-c', files.conf, '-p', files.dir, '-e', files.errorLog]);
  if (nginx.status !== 0)
    throw new Error(`nginx failed to start: ${nginx.stderr.toString().trim()} (log: ${files.errorLog})`);
}

/**
 * Graceful: each instance gets SIGTERM and is waited for, then nginx (when `nginxPidFile` names one this
 * cluster started) stops taking connections.
 */
async function stopCluster(
  instances: Instance[],
  nginxPidFile: string | undefined,
  stopOptions: StopOptions,
): Promise<StopReport> {
  const deadline = Date.now() + (stopOptions.timeoutMs ?? DEFAULT_STOP_TIMEOUT_MS);
  const report: StopReport = { killed: [], nginxKilled: false };
  // The daemon writes its pid file just after `nginx` returned: a stop at once may have to wait for it.
  if (nginxPidFile !== undefined) await waitFor(() => existsSync(nginxPidFile), Date.now() + 2_000);
  const pid = nginxPidFile !== undefined ? nginxPid(nginxPidFile) : undefined;
  // Each instance finishes its running jobs and its requests, then exits (server/src/main.ts). nginx stays
  // until they have: their jobs reach the sandbox through it (PUBLIC_BASE_URL), and a paid payment whose
  // credit could not get through would be refunded.
  for (const i of instances) if (i.alive()) i.kill('SIGTERM');
  await Promise.all(
    instances.map(async (i) => {
      if (await waitFor(() => !i.alive(), deadline)) return;
      report.killed.push(i.port);
      i.kill('SIGKILL');
      await waitFor(() => !i.alive(), Date.now() + 5_000);
    }),
  );
  if (nginxPidFile !== undefined && pid !== undefined) await stopNginx(nginxPidFile, pid, deadline, report);
  return report;
}

async function stopNginx(pidFile: string, pid: number, deadline: number, report: StopReport): Promise<void> {
  // Gracefully (SIGQUIT): it stops accepting at once and finishes the requests under way.
  if (nginxRunning(pidFile, pid)) signalProcess(pid, 'SIGQUIT');
  if (await waitFor(() => !nginxRunning(pidFile, pid), deadline)) return;
  report.nginxKilled = true;
  // SIGTERM is nginx's fast shutdown: the master ends its workers at once, then itself.
  signalProcess(pid, 'SIGTERM');
  await waitFor(() => !nginxRunning(pidFile, pid), Date.now() + 5_000);
}

/** A portal instance on `port`, not yet started; `start()` may be called again after it exited. */
function newInstance(options: ClusterOptions, port: number, url: string): Instance {
  const log = options.logDir ? path.join(options.logDir, `instance-${port}.log`) : undefined;
  let child: ChildProcess | undefined;
  return {
    port,
    get process() {
      return child;
    },
    async start() {
      if (await portInUse(port))
        throw new Error(`port ${port} is in use (an instance left running?): stop it or choose other ports`);
      child = spawnInstance(options, port, url, log);
      const started = child;
      await waitReady(
        `http://127.0.0.1:${port}`,
        60_000,
        () =>
          started.exitCode === null && started.signalCode === null
            ? undefined
            : `instance on port ${port} exited (${started.exitCode ?? started.signalCode}) before it was ready; ` +
              (log ? `see ${log}` : 'its output was discarded (no logDir)'),
        options.signal,
      );
    },
    kill(sig = 'SIGKILL') {
      child?.kill(sig);
    },
    alive() {
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    },
  };
}

function spawnInstance(
  options: ClusterOptions,
  port: number,
  url: string,
  log: string | undefined,
): ChildProcess {
  // The instance writes straight into its file: nothing to forward, and its log goes on even if this process
  // dies.
  const fd = log ? openSync(log, 'a') : undefined;
  try {
    return spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: options.databaseUrl,
        // Browsers and providers reach the cluster through the proxy, never one instance.
        PUBLIC_BASE_URL: url,
        TRUST_PROXY: '127.0.0.1',
        DATA_DIR: options.dataDir,
        LOG_LEVEL: 'warn',
        ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
        ...options.env,
      },
      stdio: ['ignore', fd ?? 'ignore', fd ?? 'ignore'],
    });
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
