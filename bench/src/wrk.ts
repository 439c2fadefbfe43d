import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type Target = {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
};
export type WrkResult = { rps: number; p50: number; p99: number; non2xx: number; errors: number };

/** wrk's latency ('812.00us', '12.34ms', '1.20s') in milliseconds. */
function ms(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value);
  if (!match) throw new Error(`wrk: cannot read latency ${value}`);
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
  return Number(match[1]) * factor;
}

/** A POST with a JSON body needs wrk's Lua hook. */
function script(target: Target): string[] {
  if (!target.method || target.method === 'GET') return [];
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'portal-wrk-')), 'request.lua');
  writeFileSync(
    file,
    `wrk.method = "${target.method}"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = ${JSON.stringify(JSON.stringify(target.body ?? {}))}\n`,
  );
  return ['-s', file];
}

/** `wrk -t2 -c<connections> -d<seconds>s --latency`, parsed. */
export async function wrk(target: Target, connections: number, seconds: number): Promise<WrkResult> {
  const headers = Object.entries(target.headers ?? {}).flatMap(([name, value]) => [
    '-H',
    `${name}: ${value}`,
  ]);
  const args = [
    '-t2',
    `-c${connections}`,
    `-d${seconds}s`,
    '--latency',
    ...headers,
    ...script(target),
    target.url,
  ];
  const { stdout } = await run('wrk', args, { maxBuffer: 1 << 20 });
  const pick = (re: RegExp) => re.exec(stdout)?.[1];
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  return {
    rps: Number(pick(/Requests\/sec:\s+([\d.]+)/) ?? 0),
    p50: ms(pick(/\s50%\s+(\S+)/) ?? '0ms'),
    p99: ms(pick(/\s99%\s+(\S+)/) ?? '0ms'),
    non2xx: Number(pick(/Non-2xx or 3xx responses: (\d+)/) ?? 0),
    errors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}
