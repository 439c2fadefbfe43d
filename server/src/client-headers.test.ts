import { PATHS, type Envelope } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from './test/harness.js';

const CONFIG = `${PATHS.config}?code=NG`;
const NONE = { 'x-api-key': '', 'x-service-id': '' };

/** Spec §7's API key and service id: configuration, carried by every API call, checked (decision 0080). */
describe('the fixed API key and service id', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal('pglite', {
      env: { CLIENT_API_KEY: 'key-of-this-deployment', CLIENT_SERVICE_ID: 'SVC-7' },
    });
  });
  afterAll(async () => {
    await portal?.close();
  });

  const right = { 'x-api-key': 'key-of-this-deployment', 'x-service-id': 'SVC-7' };

  it('an API call with the configured values is served', async () => {
    expect((await portal.request('GET', CONFIG, undefined, right)).status).toBe(200);
  });

  it.each([
    ['without them', NONE],
    [
      'with the defaults of another deployment',
      { 'x-api-key': 'orp-selfcare-web', 'x-service-id': 'ORP-SELFCARE' },
    ],
    ['with the right key but another service', { ...right, 'x-service-id': 'SVC-8' }],
    ['with the key only', { ...right, 'x-service-id': '' }],
  ])('a call %s is refused with 401 and the error envelope', async (_what, headers) => {
    for (const [method, path, body] of [
      ['GET', CONFIG, undefined],
      ['POST', PATHS.sendOtp, { msisdn: '8021000001' }],
      ['POST', PATHS.verifyUser, { refId: 'x', otp: '123456', username: '8021000001' }],
      ['POST', PATHS.formSave, {}],
    ] as const) {
      const refused = await portal.request<Envelope<null>>(method, path, body, headers);
      expect(refused.status, `${method} ${path}`).toBe(401);
      expect(refused.body).toMatchObject({ statusCode: '401', status: 'failure', result: null });
    }
  });

  it("the gateway's return of the browser, webhooks, health and the sandbox need none", async () => {
    const back = await portal.request(
      'GET',
      `${PATHS.pgCallback('paystack')}?reference=nope`,
      undefined,
      NONE,
    );
    expect(back.status).not.toBe(401);
    const hook = await portal.request<Envelope<null>>('POST', PATHS.webhook('paystack'), {}, NONE);
    expect(hook.body.statusCode).not.toBe('401');
    expect((await portal.request('GET', PATHS.healthz, undefined, NONE)).status).toBe(200);
    expect((await portal.request('GET', '/sandbox/sms?to=8021000001', undefined, NONE)).status).toBe(200);
  });
});
