import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER_DIR = path.resolve(import.meta.dirname, '..', '..');

/** Starts the server as `npm start` does, with `env`; its exit code and what it wrote to stderr. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SERVE_WEB: 'false', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('a start the content refuses', () => {
  it('a market without its configuration file: one line naming the file, exit 1, no stack trace', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-refusal-'));
    try {
      const { code, stderr } = await start({ DATA_DIR: dataDir, MARKET: 'KE' });
      expect(code).toBe(1);
      expect(stderr.trim()).toMatch(
        /^MARKET=KE has no configuration file content\/config\/KE\.json \(have: .*NG/,
      );
      expect(stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
