import { PATHS, type Envelope } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { payOnCheckout, SUCCESS_CARD } from '../../test/sandbox-client.js';
import { cardRecharge, pathOf } from '../../test/payments.js';

const NUMBER = '8021000001';
let keys = 0;

/** The SMS messages a number received, newest first (the sandbox's inbox, design §4). */
async function inbox(portal: TestPortal, number: string) {
  return (await portal.request<{ text: string }[]>('GET', `/sandbox/sms?to=${number}`)).body;
}

describe.each(testDatabases())('a purchase remembers its language; paying twice asks first (%s)', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    // The market's window (NG: 10 minutes), not the 0 of the other suites.
    portal = await startTestPortal(kind, { env: { DUPLICATE_PURCHASE_WINDOW_MINUTES: '10' } });
  }, 180_000);
  afterAll(async () => {
    await portal?.close();
  });

  const initiate = (
    amount: number,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) =>
    portal.request<Envelope<{ transactionId: string; earlier?: { reference: string; createdAt: string } }>>(
      'POST',
      PATHS.initiate,
      { ...cardRecharge(amount, NUMBER), ...extra },
      { 'idempotency-key': `paying-twice-${Date.now()}-${++keys}`, ...headers },
    );

  it('sends the SMS of a purchase made in Yoruba in Yoruba', async () => {
    const first = await initiate(321, { language: 'yo' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const id = first.body.result.transactionId;
    const processed = await portal.request<Envelope<{ redirectUrl: string }>>('POST', PATHS.process, {
      transactionId: id,
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: 'paystack',
    });
    await portal.request('GET', pathOf(await payOnCheckout(processed.body.result.redirectUrl, SUCCESS_CARD)));
    const sms = await eventually(async () => (await inbox(portal, NUMBER)).find((m) => m.text.includes(id)));
    expect(sms.text).toContain('ti yọrí sí rere');
    expect(sms.text).toContain('káàdì ìpè');
    expect(sms.text).toContain('₦321.00');

    // Its receipt: a PDF for the holder of the reference, in the page's language; none for an unknown one.
    const receipt = await fetch(`${portal.baseUrl}${PATHS.receipt}?tid=${id}&lang=yo`);
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await receipt.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(`(${id})`);
    expect((await fetch(`${portal.baseUrl}${PATHS.receipt}?tid=TXNOSUCH`)).status).toBe(404);
  });

  it('refuses the same recharge for the same number inside the window until the payer says "buy again"', async () => {
    // 321 was bought just now (the test above): a second 321 is refused with the earlier payment named.
    const again = await initiate(321, {}, { 'accept-language': 'pcm' });
    expect(again.status).toBe(409);
    expect(again.body.statusCode).toBe('DUPLICATE_PURCHASE');
    const earlier = (again.body.result as unknown as { earlier: { reference: string; createdAt: string } })
      .earlier;
    expect(earlier.reference).toMatch(/^…[A-Z0-9]{6}$/);
    expect(Date.now() - Date.parse(earlier.createdAt)).toBeLessThan(10 * 60_000);
    expect(again.body.message).toContain('Choose "Buy again"');
    expect(again.body.message).toContain(earlier.reference);

    // Another amount, or another number, is another purchase.
    expect((await initiate(322)).status).toBe(200);
    // The explicit answer lets it through, and the language comes from Accept-Language without a body field.
    const confirmed = await initiate(321, { confirmDuplicate: true }, { 'accept-language': 'ha' });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const row = await portal.db.sql.query<{ language: string }>(
      'select language from transactions where id = $1',
      [confirmed.body.result.transactionId],
    );
    expect(row.rows[0]?.language).toBe('ha');
  });
});
