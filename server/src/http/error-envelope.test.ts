import { errorEnvelope, PATHS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from '../test/harness.js';

type Failure = { statusCode: string; status: string; message: string; fields?: unknown };

describe('a request the schema refuses', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal('pglite');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('names the fields and why, in the envelope of the contract, never echoing the value', async () => {
    const answer = await portal.request<Failure>('POST', PATHS.sendOtp, {
      msisdn: '80210',
      customerDetails: { fullName: 7 },
    });
    expect(answer.status).toBe(400);
    expect(errorEnvelope.safeParse(answer.body).success).toBe(true);
    expect(answer.body.status).toBe('failure');
    expect(answer.body.fields).toEqual([
      { path: 'msisdn', reason: expect.any(String) },
      { path: 'customerDetails.fullName', reason: expect.any(String) },
    ]);
    expect(JSON.stringify(answer.body)).not.toContain('80210');
  });

  it('names a code it refuses without repeating it; the message stays in the request`s language', async () => {
    const english = await portal.request<Failure>('POST', PATHS.verifyOtp, { otpId: 'x', otp: '48291x' });
    expect(english.status).toBe(400);
    expect(english.body.fields).toEqual([{ path: 'otp', reason: 'Please enter correct OTP' }]);
    expect(JSON.stringify(english.body)).not.toContain('48291x');
    const hausa = await portal.request<Failure>(
      'POST',
      PATHS.verifyOtp,
      { otpId: 'x', otp: '48291x' },
      { 'accept-language': 'ha' },
    );
    expect(hausa.body.statusCode).toBe(english.body.statusCode);
    expect(hausa.body.message).not.toBe(english.body.message);
    expect(hausa.body.fields).toEqual(english.body.fields);
  });

  it('is declared in the OpenAPI document', async () => {
    const doc = await portal.request<{ paths: Record<string, Record<string, unknown>> }>(
      'GET',
      PATHS.openapi,
    );
    const refused = JSON.stringify(doc.body.paths[PATHS.verifyOtp]?.['post']);
    expect(refused).toContain('"fields"');
    expect(refused).toContain('"reason"');
  });

  it('names the whole request when no one field is at fault', async () => {
    const answer = await portal.request<Failure>('POST', PATHS.verifyOtp, { otp: '482913' });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual([{ path: '(root)', reason: 'otpId or refId is required' }]);
  });
});
