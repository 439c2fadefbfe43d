import { PATHS, type Envelope } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { latestOtp } from '../../test/sandbox-client.js';

/** Spec §7 names the code calls twice: `otp/v1/*-otp` and `optimus/otp/send|resend|verify`; both work. */
describe.each(testDatabases())('the optimus/otp names of the one-time code calls (%s)', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('sends, resends and verifies a code under optimus/otp/*, as under otp/v1/*', async () => {
    const sent = await portal.request<Envelope<{ otpId: string }>>('POST', PATHS.optimusSendOtp, {
      msisdn: '8021000001',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const otpId = sent.body.result.otpId;

    // A resend answers the same under both names (whatever the resend interval says right now).
    const resent = await portal.request<Envelope<unknown>>('POST', PATHS.optimusResendOtp, { otpId });
    const resentV1 = await portal.request<Envelope<unknown>>('POST', PATHS.resendOtp, { otpId });
    expect(resent.status).not.toBe(404);
    expect([resent.status, resent.body.statusCode]).toEqual([resentV1.status, resentV1.body.statusCode]);

    const otp = await latestOtp(portal, '8021000001');
    const verified = await portal.request<Envelope<{ uniqueCode: string }>>('POST', PATHS.optimusVerifyOtp, {
      otpId,
      otp,
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.result.uniqueCode).toEqual(expect.any(String));
  });
});
