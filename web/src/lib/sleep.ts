/**
 * Resolves in a task of its own: the browser handles input and paints before what follows runs (a cheap phone
 * would otherwise block for a whole chain of work at once).
 */
export function nextTask(): Promise<void> {
  return sleep(0);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it is aborted (polling loops stop at once). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
