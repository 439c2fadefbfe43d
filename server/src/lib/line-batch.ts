/** What the batch hands its lines to: pino's destination (sonic-boom). */
export type LineDestination = {
  write(text: string): unknown;
  flush(callback?: (error?: Error) => void): void;
  flushSync(): void;
};

/** Every batch of the process, written out when it exits (one listener, however many loggers tests make). */
const open = new Set<LineDestination>();
process.once('exit', () => {
  for (const batch of open) {
    try {
      batch.flushSync();
    } catch {
      // A destination already closed: nothing more can be written at exit.
    }
  }
});

/**
 * Lines written during one turn of the event loop, handed to `destination` as one string when the turn ends
 * (`setImmediate`): one write a turn instead of one a line. Why (docs/decisions/0060): sonic-boom measures the
 * bytes of its whole pending string on every write (`Buffer.byteLength` of a string that grows to 16 KB,
 * flattened again after each append), and a write of its own a line costs a system call; either made the
 * request line cost more than building it. A line waits at most until the turn ends; when the process exits
 * (also on an uncaught exception) what is held is written synchronously.
 */
export function createLineBatch(destination: LineDestination): LineDestination {
  let held = '';
  let scheduled = false;
  const release = () => {
    scheduled = false;
    if (held === '') return;
    const text = held;
    held = '';
    destination.write(text);
  };
  const batch: LineDestination = {
    write(text) {
      held += text;
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      return true;
    },
    flush(callback) {
      release();
      destination.flush(callback);
    },
    flushSync() {
      release();
      destination.flushSync();
    },
  };
  open.add(batch);
  return batch;
}
