import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * A private PostgreSQL server from Debian's binaries, owned by one test run, so the run may restart it
 * (a fault we inject) without touching anybody else's database.
 */
export type PrivatePostgres = { url: string; restart(): void; stop(): void };

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

function asPostgres(command: string, args: string[]) {
  // PostgreSQL refuses to run as root; CI runs as root, so use the postgres system user there.
  const isRoot = process.getuid?.() === 0;
  const result = isRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${path.basename(command)} failed: ${result.stderr || result.stdout}`);
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
  const start = () =>
    asPostgres(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-o',
      options,
      '-l',
      path.join(dir, 'log'),
      '-w',
      'start',
    ]);
  const stop = () => asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart() {
      stop();
      start();
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
