/**
 * Seeded randomness for the soak: the same seed gives the same schedule of faults and the same sequence of
 * payments (the processes' own timing still differs from run to run). mulberry32: small, fast, good enough
 * to pick points in time and methods, not for anything secret.
 */
export type Random = {
  seed: number;
  /** In [0, 1). */
  next(): number;
  /** In [min, max). */
  between(min: number, max: number): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** A child stream, for one worker or one lane, independent of how often the others draw. */
  fork(label: string): Random;
};

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    seed,
    next,
    between: (min, max) => min + next() * (max - min),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)]!,
    fork: (label) => seededRandom(hash(`${seed}:${label}`)),
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * `count` points in [0, spanMs): one in each of `count` equal slots, at a random place that leaves `busyMs`
 * before the slot ends, so that injections of one kind spread over the whole run and never pile up.
 */
export function spreadOver(count: number, spanMs: number, busyMs: number, random: Random): number[] {
  const slot = spanMs / Math.max(count, 1);
  return Array.from({ length: count }, (_, i) => i * slot + random.next() * Math.max(0, slot - busyMs));
}
