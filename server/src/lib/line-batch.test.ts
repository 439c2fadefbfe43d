import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createLineBatch } from './line-batch.js';

const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));

function recordingDestination() {
  const writes: string[] = [];
  return {
    writes,
    destination: {
      write: (text: string) => void writes.push(text),
      flush: (callback?: () => void) => callback?.(),
      flushSync: () => undefined,
    },
  };
}

describe('log line batch', () => {
  it('hands the lines of one turn to the destination in one write, when the turn ends', async () => {
    const { writes, destination } = recordingDestination();
    const batch = createLineBatch(destination);
    batch.write('{"a":1}\n');
    batch.write('{"b":2}\n');
    expect(writes).toEqual([]);
    await endOfTurn();
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n']);
    batch.write('{"c":3}\n');
    await endOfTurn();
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n', '{"c":3}\n']);
  });

  it('writes nothing for a turn without lines', async () => {
    const { writes, destination } = recordingDestination();
    const batch = createLineBatch(destination);
    batch.flushSync();
    await endOfTurn();
    expect(writes).toEqual([]);
  });

  it('loses no line when the process exits or crashes in the turn that wrote it', () => {
    const logger = fileURLToPath(new URL('./logger.ts', import.meta.url));
    const script = (ending: string) =>
      `import { createLogger } from ${JSON.stringify(logger)};
       const log = createLogger('info');
       for (let i = 0; i < 3; i++) log.info({ i }, 'held');
       ${ending}`;
    for (const ending of ['process.exit(3);', 'throw new Error("crash");']) {
      let stdout = '';
      try {
        execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script(ending)], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        });
      } catch (error) {
        stdout = (error as { stdout: string }).stdout;
      }
      const held = stdout.split('\n').filter((line) => line.includes('"held"'));
      expect(held, ending).toHaveLength(3);
    }
  });
});
