import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A private PostgreSQL server from Debian's binaries, owned by one test run, so the run may restart it
 * (a fault we inject) without touching anybody else's database.
 */
export type PrivatePostgres = {
  url: string;
  /** Stops the server (fast shutdown: connections are cut), leaves it down `downMs`, starts it again. */
  restart(downMs?: number): Promise<void>;
  stop(): void;
};

function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort();
  const latest = versions[versions.length - 1];
  return latest ? path.join(root, latest, 'bin') : undefined;
}

export function privatePostgresAvailable(): boolean {
  return binDir() !== undefined;
}

// PostgreSQL refuses to run as root; CI runs as root, so use the postgres system user there.
const asUser = (command: string, args: string[]): [string, string[]] =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];

function asPostgres(command: string, args: string[]) {
  const result = spawnSync(...asUser(command, args), { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${path.basename(command)} failed: ${result.stderr || result.stdout}`);
}

/** The same without blocking the caller's event loop: a restart must not freeze the traffic it disturbs. */
async function asPostgresAsync(command: string, args: string[]) {
  await run(...asUser(command, args), { encoding: 'utf8' }).catch((error: { stderr?: string }) => {
    throw new Error(`${path.basename(command)} failed: ${error.stderr ?? String(error)}`);
  });
}

export function startPrivatePostgres(dir: string, port: number): PrivatePostgres {
  const bin = binDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found (Debian package postgresql)');
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
    // The postgres user must be able to reach its directory through the (private) parent.
    chmodSync(path.dirname(dir), 0o755);
  }
  const data = path.join(dir, 'data');
  asPostgres(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const pgCtl = path.join(bin, 'pg_ctl');
  const startArgs = ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start'];
  const stopArgs = ['-D', data, '-m', 'fast', '-w', 'stop'];
  const start = () => asPostgres(pgCtl, startArgs);
  const stop = () => asPostgres(pgCtl, stopArgs);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart(downMs = 0) {
      await asPostgresAsync(pgCtl, stopArgs);
      await new Promise((r) => setTimeout(r, downMs));
      await asPostgresAsync(pgCtl, startArgs);
    },
    stop() {
      try {
        stop();
      } catch {
        // already stopped
      }
    },
  };
}
