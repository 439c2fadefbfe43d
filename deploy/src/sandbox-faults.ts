/**
 * The sandbox's fault knobs as a client uses them (design.md §4: `PATCH|GET|DELETE /sandbox/faults`), through
 * the proxy. Calls are retried while an instance or the database is down (a fault itself may be running):
 * only the sandbox's own refusal (4xx: an unknown knob, a bad value) is final.
 */
export type FaultBoard = Record<string, Record<string, number | boolean>>;

const RETRIES = 20;

async function retried<T>(work: () => Promise<Response>, read: (r: Response) => Promise<T>) {
  let last = '';
  for (let i = 0; i < RETRIES; i++) {
    try {
      const response = await work();
      if (response.ok) return { ok: true as const, value: await read(response) };
      last = `HTTP ${response.status} ${await response.text().catch(() => '')}`;
      if (response.status < 500) return { ok: false as const, error: last };
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 250 + i * 250));
  }
  return { ok: false as const, error: last };
}

/** Sets knobs; undefined when the sandbox took them, else why not. */
export async function patchFaults(base: string, patch: FaultBoard): Promise<string | undefined> {
  const result = await retried(
    () =>
      fetch(`${base}/sandbox/faults`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(patch),
        signal: AbortSignal.timeout(10_000),
      }),
    async () => undefined,
  );
  return result.ok ? undefined : result.error;
}

/** What is left of every knob, or undefined when the sandbox could not be reached. */
export async function readFaults(base: string): Promise<FaultBoard | undefined> {
  const result = await retried(
    () => fetch(`${base}/sandbox/faults`, { signal: AbortSignal.timeout(10_000) }),
    (r) => r.json() as Promise<FaultBoard>,
  );
  return result.ok ? result.value : undefined;
}

export async function clearFaults(base: string): Promise<string | undefined> {
  const result = await retried(
    () => fetch(`${base}/sandbox/faults`, { method: 'DELETE', signal: AbortSignal.timeout(10_000) }),
    async () => undefined,
  );
  return result.ok ? undefined : result.error;
}
