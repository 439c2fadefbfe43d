import { describe, expect, it } from 'vitest';
import { startTestPortal } from '../test/harness.js';
import { payByCard, statusOf } from '../test/payments.js';
import { createHttpCore, type CorePort } from '../upstream/core.js';

/** A gate a test opens: `opened` resolves once `open` is called. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('closing an instance (SIGTERM)', () => {
  it('lets a fulfilment under way reach the core before the listener closes: a paid payment is delivered', async () => {
    // The sandbox core answers on the portal's own listener; the credit waits until the close has begun.
    let portalUrl = '';
    // A loaded CI machine took more than 3 s for a core call here once (the credit then never came): the test
    // is about the order of the close, not about time-outs.
    const real = createHttpCore({ baseUrl: () => `${portalUrl}/sandbox/core/api`, timeoutMs: 30_000 });
    const asked = gate();
    const closing = gate();
    const credits: string[] = [];
    const core: CorePort = {
      ...real,
      apply: async (op) => {
        if (op.type !== 'AIRTIME_CREDIT') return real.apply(op);
        asked.open();
        await closing.opened;
        try {
          const answer = await real.apply(op);
          credits.push('credited');
          return answer;
        } catch (error) {
          credits.push(`refused: ${String(error)}`);
          throw error;
        }
      },
    };
    const portal = await startTestPortal('pglite', { ports: { core }, keep: true });
    portalUrl = portal.baseUrl;
    const id = await payByCard(portal, 500);
    await asked.opened;

    // The credit goes on as soon as the instance starts stopping its background work.
    const stopBackgroundWork = portal.app.stopBackgroundWork;
    portal.app.stopBackgroundWork = () => {
      closing.open();
      return stopBackgroundWork();
    };
    await portal.close();
    expect(credits).toEqual(['credited']);

    const restarted = await startTestPortal('pglite', { reuse: { dataDir: portal.dataDir } });
    try {
      expect(await statusOf(restarted, id)).toMatchObject({ transactionStatus: 'FULFILLED' });
    } finally {
      await restarted.close();
    }
    // Two instances started on the embedded database, one after the other.
  }, 120_000);
});
