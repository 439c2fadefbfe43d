import { openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user holds the pid, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One process per embedded database: PGlite keeps no lock of its own, and two processes on one directory each
 * answer from their own memory and leave files that no longer open (a new operator's trial: a second
 * `npm start` on the same DATA_DIR started, disagreed with the first about a payment, and after both stopped
 * the database refused to start). A file holding the owner's pid marks the directory taken; a file left by a
 * process that died (kill -9, a crash) is taken over. Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        process.off('exit', release);
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirInUseError(
          `The embedded database in ${dir} is in use by process ${owner}. Stop that process first, or give this ` +
            'one another DATA_DIR; instances that share data need PostgreSQL (DATABASE_URL).',
        );
      }
      unlinkSync(file);
    }
  }
  throw new DataDirInUseError(`Could not take ${file}: another process took it at the same moment.`);
}
