import { PATHS, type Envelope } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { startTestPortal, testDatabases, type TestPortal } from './test/harness.js';
import { tempDirs } from './test/temp-dirs.js';

/** The value of one sample line (`name{labels} value`) of a Prometheus text page. */
function sample(page: string, series: string): number | undefined {
  const line = page.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(testDatabases())('operator metrics at /metrics (%s)', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const scrape = async () => {
    const response = await fetch(`${portal.baseUrl}${PATHS.metrics}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };

  it('counts requests by route pattern (never the raw URL) and status, and the open payments', async () => {
    const before = await scrape();
    expect(sample(before, 'portal_payments_open{state="CREATED"}')).toBe(0);

    const initiated = await portal.request<Envelope<{ transactionId: string }>>(
      'POST',
      PATHS.initiate,
      {
        amount: 500,
        mobileNumber: '8021000001',
        transactionType: 'PREPAID_RECHARGE',
        paymentMode: 'PAYMENT_GATEWAY',
        paymentGateway: 'paystack',
        emailId: 'ada@example.com',
      },
      { 'idempotency-key': `metrics-${kind}-${Date.now()}` },
    );
    expect(initiated.status).toBe(200);
    const id = initiated.body.result.transactionId;
    await portal.request('GET', `${PATHS.status}?tid=${id}`);
    await portal.request('GET', `${PATHS.status}?tid=no-such-payment`);

    const after = await scrape();
    expect(sample(after, 'portal_payments_open{state="CREATED"}')).toBe(1);
    expect(sample(after, 'portal_payments_open{state="PAID"}')).toBe(0);
    expect(sample(after, 'portal_payments_open_oldest_seconds{state="CREATED"}')).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'portal_payments_closed_last_hour{state="FULFILLED"}')).toBe(0);
    const initiateCount = `portal_http_request_duration_seconds_count{method="POST",route="${PATHS.initiate}",status_code="200"}`;
    expect(sample(after, initiateCount)).toBe(1);
    expect(
      sample(
        after,
        `portal_http_request_duration_seconds_count{method="GET",route="${PATHS.status}",status_code="404"}`,
      ),
    ).toBe(1);
    expect(after).not.toContain(id);
    expect(after).toContain('portal_process_cpu_seconds_total');
  });
});

describe('who may read /metrics', () => {
  const dataDir = tempDirs('portal-metrics-');

  it('is open in sandbox mode, needs the bearer token when one is set, and is off in production without one', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metrics).toEqual({ kind: 'open' });
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'a-long-metrics-token' }).metrics).toEqual({
      kind: 'token',
      token: 'a-long-metrics-token',
    });
    const upstream = (name: string) => `https://${name}.operator.example`;
    const production = {
      PORTAL_MODE: 'production',
      DATA_DIR: dataDir(),
      PUBLIC_BASE_URL: 'https://selfcare.operator.example',
      CORE_URL: upstream('core'),
      SMS_URL: upstream('sms'),
      CARD_GATEWAY_URL: upstream('card'),
      DPO_URL: upstream('dpo'),
      DPO_SERVICE_TYPE: '5525',
      MOMO_URL: upstream('momo'),
      SMARTCASH_URL: upstream('smartcash'),
      MPESA_URL: upstream('mpesa'),
      CARD_SECRET_KEY: 'sk_live_0123456789',
      CARD_PUBLIC_KEY: 'pk_live_0123456789',
      WALLET_CALLBACK_SECRET: 'w'.repeat(32),
      DPO_COMPANY_TOKEN: 'DPO-COMPANY-TOKEN',
      TOKEN_SIGNING_KEY: 't'.repeat(48),
      PIN_RSA_PRIVATE_KEY: 'p'.repeat(120),
      PIN_RSA_PUBLIC_KEY: 'q'.repeat(120),
    };
    expect(loadConfig(production).metrics).toEqual({ kind: 'off' });
    expect(loadConfig({ ...production, METRICS_TOKEN: 'a-long-metrics-token' }).metrics.kind).toBe('token');
  });

  it('without a token (sandbox), only this machine may read it, not a client behind the proxy', async () => {
    const portal = await startTestPortal('pglite', { env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      expect((await fetch(`${portal.baseUrl}${PATHS.metrics}`)).status).toBe(200);
      const remote = await fetch(`${portal.baseUrl}${PATHS.metrics}`, {
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(remote.status).toBe(401);
    } finally {
      await portal.close();
    }
  });

  it('with a token, a scrape without it (or with another) is refused', async () => {
    const portal = await startTestPortal('pglite', { env: { METRICS_TOKEN: 'a-long-metrics-token' } });
    try {
      const read = (authorization?: string) =>
        fetch(`${portal.baseUrl}${PATHS.metrics}`, {
          headers: authorization ? { authorization } : {},
        });
      expect((await read()).status).toBe(401);
      expect((await read('Bearer another-long-token')).status).toBe(401);
      const ok = await read('Bearer a-long-metrics-token');
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('portal_payments_open');
    } finally {
      await portal.close();
    }
  });
});
