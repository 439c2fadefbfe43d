import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
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

/** The package, the module of ours (server/modules/payments), or Node's own part a function belongs to. */
function packageOf(url: string, functionName: string): string {
  const file = url.replace(/^file:\/\//, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  if (inPackage) return inPackage[1]!;
  const ours = /\/(server|contract|sandbox|content)\/src\/(?:(modules|upstream|lib|db)\/)?([\w-]+)/.exec(file);
  if (ours) return [ours[1], ours[2], ours[3]].filter(Boolean).join('/');
  if (file.startsWith('node:')) return `node (${file.slice(5).split('/')[1] ?? file.slice(5)})`;
  // Native work with no script behind it: the sampled function's own name ((garbage collector), writev ...).
  return functionName || '(native)';
}

/** The main thread's profiles in `dir` (node names them CPU.<date>.<time>.<pid>.<thread>.<n>). */
function mainThreadProfiles(dir: string): Profile[] {
  return readdirSync(dir)
    .filter((f) => /\.0\.\d+\.cpuprofile$/.test(f))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Profile);
}

/**
 * Self time of the main thread, summed by `key` (a function with its place, or its package), from the
 * .cpuprofile files of `dir` (node --cpu-prof), the `count` largest first.
 */
function selfTime(
  dir: string,
  key: (frame: ProfileNode['callFrame']) => string,
  count: number,
  window?: Window,
): SelfTime[] {
  const self = new Map<string, number>();
  let total = 0;
  for (const profile of mainThreadProfiles(dir)) {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    // Sample times in the profile's clock (microseconds), turned into epoch ms when a window is asked for.
    let at = profile.startTime;
    const epochOf = (micros: number) => window!.exitedAt - (profile.endTime - micros) / 1000;
    profile.samples.forEach((id, i) => {
      at += profile.timeDeltas[i] ?? 0;
      if (window && (epochOf(at) < window.from || epochOf(at) > window.to)) return;
      const frame = byId.get(id)?.callFrame;
      if (!frame) return;
      const name = key(frame);
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

/** Self time by package (or module of ours, or Node's own part): which layer the time goes to. */
export function selfTimeByPackage(dir: string, count = 15, window?: Window): SelfTime[] {
  return selfTime(dir, (frame) => packageOf(frame.url, frame.functionName), count, window);
}
