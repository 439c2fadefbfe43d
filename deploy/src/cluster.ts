import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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

export type Cluster = { url: string; instances: Instance[]; stop(): Promise<void> };

export type ClusterOptions = {
  instances: number;
  databaseUrl: string;
  proxyPort: number;
  firstInstancePort: number;
  dataDir: string;
  redisUrl?: string;
  env?: Record<string, string>;
  /** Write instance output here (one file per instance) instead of discarding it. */
  logDir?: string;
};

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

export function nginxAvailable(): boolean {
  return spawnSync('nginx', ['-v']).status === 0;
}

export function nginxConfig(opts: { proxyPort: number; ports: number[]; dir: string }): string {
  return `worker_processes 1;
pid ${opts.dir}/nginx.pid;
error_log ${opts.dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
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

async function waitReady(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not ready in ${timeoutMs} ms`);
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  mkdirSync(options.dataDir, { recursive: true });
  const url = `http://127.0.0.1:${options.proxyPort}`;
  const instances: Instance[] = [];
  for (let i = 0; i < options.instances; i++) {
    const port = options.firstInstancePort + i;
    let child: ChildProcess | undefined;
    const instance: Instance = {
      port,
      get process() {
        return child;
      },
      async start() {
        const log = options.logDir ? path.join(options.logDir, `instance-${port}.log`) : undefined;
        if (options.logDir) mkdirSync(options.logDir, { recursive: true });
        child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
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
          stdio: ['ignore', log ? 'pipe' : 'ignore', log ? 'pipe' : 'ignore'],
        });
        if (log) {
          const { createWriteStream } = await import('node:fs');
          const out = createWriteStream(log, { flags: 'a' });
          child.stdout?.pipe(out);
          child.stderr?.pipe(out);
        }
        await waitReady(`http://127.0.0.1:${port}`, 60_000);
      },
      kill(signal = 'SIGKILL') {
        child?.kill(signal);
      },
      alive() {
        return child !== undefined && child.exitCode === null && child.signalCode === null;
      },
    };
    // One at a time: the first start migrates and generates the shared secrets.
    await instance.start();
    instances.push(instance);
  }

  const nginxDir = path.join(options.dataDir, 'nginx');
  mkdirSync(nginxDir, { recursive: true });
  const conf = path.join(nginxDir, 'nginx.conf');
  writeFileSync(
    conf,
    nginxConfig({ proxyPort: options.proxyPort, ports: instances.map((i) => i.port), dir: nginxDir }),
  );
  const nginx = spawnSync('nginx', ['-c', conf, '-p', nginxDir]);
  if (nginx.status !== 0) throw new Error(`nginx failed to start: ${nginx.stderr.toString()}`);
  await waitReady(url, 10_000);

  return {
    url,
    instances,
    async stop() {
      if (existsSync(path.join(nginxDir, 'nginx.pid')))
        spawnSync('nginx', ['-c', conf, '-p', nginxDir, '-s', 'stop']);
      for (const i of instances) i.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      for (const i of instances) if (i.alive()) i.kill('SIGKILL');
    },
  };
}
