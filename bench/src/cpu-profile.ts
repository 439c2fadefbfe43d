import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

/**
 * Only the samples taken between `from` and `to` (epoch ms), for a process that exited at `exitedAt`: a
 * profile's clock is the process's own, so its end is pinned to the exit (a few ms of error).
 */
export type Window = { from: number; to: number; exitedAt: number };

export type SelfTime = { name: string; ms: number; share: number };

/** Where a function lives, shortened to the repository or the package. */
function place(url: string, line: number): string {
  if (!url) return '';
  const file = url.replace(/^file:\/\//, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(file);
  const short = inPackage
    ? `${inPackage[1]}/${inPackage[2]}`
    : file.replace(/^.*?\/(server|contract|sandbox|content)\//, '$1/');
  return `${short}:${line + 1}`;
}

/**
 * The package, the module of ours (server/modules/payments) or Node's own part (http, the fetch client) a
 * script belongs to; undefined for Node's plumbing (streams, timers) and native code.
 */
function packageOf(url: string): string | undefined {
  const file = url.replace(/^file:\/\//, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  if (inPackage) return inPackage[1]!;
  const ours =
    /\/(server|contract|sandbox|content|bench|deploy)\/(?:src\/)?(?:(modules|upstream|lib|db)\/)?([\w-]+)/.exec(
      file,
    );
  if (ours) return [ours[1], ours[2], ours[3]].filter(Boolean).join('/');
  if (file.includes('internal/deps/undici')) return 'node (fetch)';
  if (/^node:(_http|https?\b|zlib)/.test(file)) return `node (${file.slice(5).split(/[/:]/)[0]})`;
  return undefined;
}

/** The main thread's profiles in `dir` (node names them CPU.<date>.<time>.<pid>.<thread>.<n>). */
function mainThreadProfiles(dir: string): Profile[] {
  return readdirSync(dir)
    .filter((f) => /\.0\.\d+\.cpuprofile$/.test(f))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Profile);
}

/**
 * Self time of the main thread, summed by `key` of each sample's node (undefined: count it as its caller's),
 * from the .cpuprofile files of `dir` (node --cpu-prof), the `count` largest first.
 */
function selfTime(
  dir: string,
  key: (frame: ProfileNode['callFrame']) => string | undefined,
  count: number,
  window?: Window,
): SelfTime[] {
  const self = new Map<string, number>();
  let total = 0;
  for (const profile of mainThreadProfiles(dir)) {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parentOf = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
    const names = new Map<number, string>();
    const nameOf = (id: number): string => {
      const known = names.get(id);
      if (known !== undefined) return known;
      let name: string | undefined;
      for (let at: number | undefined = id; at !== undefined && name === undefined; at = parentOf.get(at)) {
        name = key(byId.get(at)!.callFrame);
      }
      const frame = byId.get(id)!.callFrame;
      name ??= frame.functionName || '(native)';
      names.set(id, name);
      return name;
    };
    // Sample times in the profile's clock (microseconds), turned into epoch ms when a window is asked for.
    let at = profile.startTime;
    const epochOf = (micros: number) => window!.exitedAt - (profile.endTime - micros) / 1000;
    profile.samples.forEach((id, i) => {
      at += profile.timeDeltas[i] ?? 0;
      if (window && (epochOf(at) < window.from || epochOf(at) > window.to)) return;
      if (!byId.has(id)) return;
      const name = nameOf(id);
      const micros = profile.timeDeltas[i] ?? 0;
      self.set(name, (self.get(name) ?? 0) + micros);
      total += micros;
    });
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => ({ name, ms: micros / 1000, share: total ? micros / total : 0 }));
}

/** The functions with the most self time (main thread). */
export function topSelfTime(dir: string, count = 15, window?: Window): SelfTime[] {
  return selfTime(
    dir,
    (frame) => `${frame.functionName || '(anonymous)'} ${place(frame.url, frame.lineNumber)}`.trim(),
    count,
    window,
  );
}

/**
 * Self time by package (or module of ours, or Node's own HTTP and fetch): which layer the time goes to. Native
 * work (a socket write, JSON parsing) counts for the package that called it; the garbage collector, the
 * idle loop and Node's own plumbing stand on their own.
 */
export function selfTimeByPackage(dir: string, count = 15, window?: Window): SelfTime[] {
  const special = new Set(['(garbage collector)', '(idle)', '(program)', '(root)']);
  return selfTime(
    dir,
    (frame) => (special.has(frame.functionName) ? frame.functionName : packageOf(frame.url)),
    count,
    window,
  );
}
