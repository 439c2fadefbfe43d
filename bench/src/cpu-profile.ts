import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

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

/** The functions with the most self time in the .cpuprofile files of `dir` (node --cpu-prof). */
export function topSelfTime(dir: string, count = 15): { name: string; ms: number; share: number }[] {
  const self = new Map<string, number>();
  let total = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const frame = byId.get(id)?.callFrame;
      if (!frame) return;
      const name = `${frame.functionName || '(anonymous)'} ${place(frame.url, frame.lineNumber)}`.trim();
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
