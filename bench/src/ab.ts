/**
 * The per-request cost of two versions of the server, side by side: the portal of another checkout (BENCH_BASE_DIR,
 * e.g. `git worktree add /tmp/wt-base HEAD` with its own node_modules) and this one's (or BENCH_NEW_DIR's), both
 * production processes on the embedded database, loaded in turn with the bare Fastify route every round on the
 * configuration read and /healthz. It prints each one's CPU per request against the bare route's, and the new
 * one's against the base's, as medians of per-round figures: this machine's speed swings by half within minutes,
 * and other work on it moves a figure taken a minute later more than a change of a few percent does.
 *
 *   BENCH_BASE_DIR=/tmp/wt-base npm run bench:ab
 *   BENCH_BASE_DIR=/tmp/wt-base BENCH_NEW_DIR=/tmp/wt-new BENCH_ROUNDS=24 npm run bench:ab
 */
import { clientHeaders } from '@portal/contract/client-headers';
import { slice, type Contender } from './interleaved.js';
import { median } from './median.js';
import { BASE_PORT, ROOT, scratchDir, startCeiling, startPortal, stop, type Portal } from './portal.js';
import { wrk, type Target } from './wrk.js';

const BASE_DIR = process.env['BENCH_BASE_DIR'];
/** The new version: this checkout unless another is named (one holding only the change under test). */
const NEW_DIR = process.env['BENCH_NEW_DIR'] ?? ROOT;
const SWAP = process.env['BENCH_SWAP'] === '1';
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 16);
const SLICE_SECONDS = Number(process.env['BENCH_SLICE_SECONDS'] ?? 1);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const CONFIG = '/orp/bfe/api/portal-service/resource/v1/config?code=NG';
const API = { ...clientHeaders(), 'accept-encoding': 'gzip, deflate, br' };

function contenders(name: string, portal: Portal): Contender[] {
  const pid = portal.process.pid!;
  const config: Target = { url: `${portal.base}${CONFIG}`, headers: API };
  return [
    { name: `${name} config`, target: config, pid },
    { name: `${name} /healthz`, target: { url: `${portal.base}/healthz` }, pid },
  ];
}

const fixed = (n: number, digits = 2) => n.toFixed(digits);

type Slice = { rps: number; cpuUs: number };

/**
 * Round after round, the bare route, then each route on both versions, every other round in reverse (the
 * process loaded second measured cheaper on this machine); each figure is a median of per-round figures.
 */
async function rounds(bare: Contender, pairs: [Contender, Contender][]) {
  const slices = new Map<string, Slice[]>();
  const record = async (c: Contender) => {
    const s = await slice(c, CONNECTIONS, SLICE_SECONDS);
    slices.set(c.name, [...(slices.get(c.name) ?? []), s]);
  };
  for (let round = 0; round < ROUNDS; round++) {
    await record(bare);
    for (const pair of pairs) for (const c of round % 2 === 0 ? pair : [...pair].reverse()) await record(c);
  }
  return slices;
}

function report(slices: Map<string, Slice[]>, route: string) {
  const bare = slices.get('bare')!;
  const [old, now] = [slices.get(`base ${route}`)!, slices.get(`new ${route}`)!];
  for (const [name, own] of [
    ['base', old],
    ['new', now],
  ] as const) {
    const cpu = median(own.map((s) => s.cpuUs));
    const ratio = median(own.map((s, i) => s.rps / bare[i]!.rps));
    const cpuVsBare = median(own.map((s, i) => s.cpuUs / bare[i]!.cpuUs));
    console.log(
      `${name} ${route}: ${fixed(cpu, 1)} µs CPU/req, ${fixed(cpuVsBare)}x bare's CPU, req/s ${fixed(ratio)} of bare's`,
    );
  }
  const within = median(now.map((s, i) => s.cpuUs / old[i]!.cpuUs));
  console.log(`${route}: new/base CPU per request ${fixed(within, 3)} (median of ${now.length} rounds)`);
}

async function main() {
  if (!BASE_DIR) throw new Error('BENCH_BASE_DIR: the checkout to compare with');
  const scratches = [scratchDir(), scratchDir()];
  const ceiling = await startCeiling();
  const portals: Portal[] = [];
  try {
    // The process started first, or on the other port, may measure apart from its code: BENCH_SWAP=1 starts
    // the new version first, to tell such a difference from the change's.
    const dirs = SWAP ? [NEW_DIR, BASE_DIR] : [BASE_DIR, NEW_DIR];
    for (const [i, dir] of dirs.entries())
      portals.push(await startPortal(undefined, scratches[i]!.dir, { port: BASE_PORT + 1 + i, cwd: dir }));
    const [oldPortal, newPortal] = SWAP ? [portals[1]!, portals[0]!] : [portals[0]!, portals[1]!];
    const [base, now] = [contenders('base', oldPortal), contenders('new', newPortal)];
    for (const c of [...base, ...now]) await wrk(c.target, CONNECTIONS, 1);
    const bare = { name: 'bare', target: { url: ceiling.url }, pid: ceiling.process.pid! };
    const slices = await rounds(bare, [
      [base[0]!, now[0]!],
      [base[1]!, now[1]!],
    ]);
    const bareSlices = slices.get('bare')!;
    console.log(`bare: ${fixed(median(bareSlices.map((s) => s.cpuUs)), 1)} µs CPU/req`);
    for (const route of ['config', '/healthz']) report(slices, route);
  } finally {
    for (const portal of portals) await stop(portal.process);
    await stop(ceiling.process);
    for (const s of scratches) s.remove();
  }
}

await main();
