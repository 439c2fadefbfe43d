import { median } from './median.js';
import { processCpuMs } from './portal.js';
import { wrk, type Target, type WrkResult } from './wrk.js';

/** A server under test: what to load it with, and its process (for its CPU time). */
export type Contender = { name: string; target: Target; pid: number };

/** One contender's figures: medians over the rounds, but p99 and failures, the worst and the sum. */
export type Standing = WrkResult & {
  /** CPU time of the server's process (all its threads) per answered request, in µs. */
  cpuUs: number;
  /** Requests per second against the first contender's in the same round (the ceiling), median of rounds. */
  ratio: number;
  /** The first contender's CPU per request against this one's, median of rounds: 1 costs the same. */
  cpuRatio: number;
};

type Slice = WrkResult & { cpuUs: number };

/** One load of `seconds` on a contender, with its process's CPU per answered request. */
export async function slice(contender: Contender, connections: number, seconds: number): Promise<Slice> {
  const cpuBefore = processCpuMs(contender.pid);
  const measured = await wrk(contender.target, connections, seconds);
  const answered = Math.max(1, measured.rps * seconds);
  return { ...measured, cpuUs: ((processCpuMs(contender.pid) - cpuBefore) * 1000) / answered };
}

/**
 * The same load on each contender in turn, round after round, the first being the ceiling the others are
 * compared with. A ratio is taken within a round, of slices seconds apart: this machine's speed swings by half
 * within minutes (the bare Fastify ceiling read 30,000-65,000 req/s within one hour), so two figures measured
 * a minute apart compare the machine's moods more than the servers.
 */
export async function interleaved(
  contenders: Contender[],
  connections: number,
  rounds: number,
  seconds: number,
): Promise<Map<string, Standing>> {
  const slices = new Map<string, Slice[]>(contenders.map((c) => [c.name, []]));
  for (let round = 0; round < rounds; round++) {
    // Every other round in reverse: on this machine the server loaded second of two measured up to 2 µs of CPU
    // a request cheaper than the same server loaded first.
    const order = round % 2 === 0 ? contenders : [...contenders].reverse();
    for (const contender of order) {
      slices.get(contender.name)!.push(await slice(contender, connections, seconds));
    }
  }
  const ceiling = slices.get(contenders[0]!.name)!;
  const standings = new Map<string, Standing>();
  for (const [name, own] of slices) {
    standings.set(name, {
      rps: median(own.map((s) => s.rps)),
      p50: median(own.map((s) => s.p50)),
      p99: Math.max(...own.map((s) => s.p99)),
      non2xx: own.reduce((sum, s) => sum + s.non2xx, 0),
      errors: own.reduce((sum, s) => sum + s.errors, 0),
      cpuUs: median(own.map((s) => s.cpuUs)),
      ratio: median(own.map((s, i) => s.rps / ceiling[i]!.rps)),
      cpuRatio: median(own.map((s, i) => ceiling[i]!.cpuUs / s.cpuUs)),
    });
  }
  return standings;
}
