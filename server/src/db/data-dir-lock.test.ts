import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.js';

const newDir = () => mkdtempSync(path.join(tmpdir(), 'portal-lock-'));

describe('one process per embedded database folder', () => {
  it('refuses a folder a live process holds, naming it', () => {
    const dir = newDir();
    // The parent of this test process is alive while the test runs.
    writeFileSync(path.join(dir, 'portal.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(`in use by process ${process.ppid}`);
  });

  it('takes over a folder whose holder died, and gives it up on release', () => {
    const dir = newDir();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(path.join(dir, 'portal.lock'), String(dead));
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'portal.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, 'portal.lock'))).toBe(false);
    lockDataDir(dir)();
  });
});
