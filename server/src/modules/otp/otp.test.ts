import { PATHS, type Envelope } from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { latestOtp } from '../../test/sandbox-client.js';

type Challenge = {
  otpId: string;
  refId: string;
  otpRecipient: string;
  resendAfterSeconds: number;
  expiresInSeconds: number;
};
type Failure = Envelope<{ attemptsLeft?: number; retryAfterSeconds?: number } | null>;

const PREPAID = '8021000001';
const POSTPAID = '8021000002';

/** A code that is not `code` (the next one, wrapping). */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(testDatabases())('one-time codes over HTTP (%s)', (kind) => {
  let portal: TestPortal;
  let client = 0;
  /** Each test is its own client address (X-Forwarded-For, trusted here), so per-client limits stay apart. */
  let ip = '';

  beforeAll(async () => {
    portal = await startTestPortal(kind, {
      env: { TRUST_PROXY: '1', OTP_SENDS_PER_NUMBER_PER_HOUR: '5', OTP_SENDS_PER_CLIENT_PER_HOUR: '8' },
    });
  });
  afterAll(async () => {
    await portal?.close();
  });
  beforeEach(async () => {
    // Per-number limits count the last hour: start each test with a clean count.
    await portal.db.sql.query('delete from otp_sends');
    ip = `198.51.100.${++client}`;
  });

  const post = <T>(path: string, body: unknown, from = ip) =>
    portal.request<T>('POST', path, body, { 'x-forwarded-for': from });

  async function send(body: Record<string, unknown> = { msisdn: PREPAID }) {
    const response = await post<Envelope<Challenge>>(PATHS.sendOtp, body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.result;
  }

  /** As if the sends of this challenge (or all sends) had been made `seconds` earlier. */
  const age = async (seconds: number, otpId?: string) => {
    await portal.db.sql.query(
      `update otp_sends set sent_at = sent_at - make_interval(secs => $1) where $2::text is null or challenge_id = $2`,
      [seconds, otpId ?? null],
    );
  };

  const verify = (otpId: string, otp: string) =>
    post<Envelope<{ uniqueCode: string }> & Failure>(PATHS.verifyOtp, { otpId, otp });

  it('sends a 6-digit code by SMS, stores only its hash, and answers a masked recipient', async () => {
    const challenge = await send();
    expect(challenge).toMatchObject({
      otpRecipient: '802****001',
      resendAfterSeconds: 60,
      expiresInSeconds: 300,
    });
    expect(challenge.refId).toBe(challenge.otpId);
    const code = await latestOtp(portal, PREPAID);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await portal.db.sql.query<{ code_hash: string; msisdn: string; attempts_left: number }>(
      'select code_hash, msisdn, attempts_left from otp_challenges where id = $1',
      [challenge.otpId],
    );
    expect(rows.rows[0]).toMatchObject({ msisdn: '2348021000001', attempts_left: 5 });
    expect(rows.rows[0]!.code_hash).not.toContain(code);
    expect(rows.rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("writes the code's SMS in the language of the page that asked, the resend too", async () => {
    const latestText = async () =>
      (await portal.request<{ text: string }[]>('GET', `/sandbox/sms?to=${PREPAID}`)).body[0]!.text;
    const hausa = { 'x-forwarded-for': ip, 'accept-language': 'ha' };
    const sent = await portal.request<Envelope<Challenge>>('POST', PATHS.sendOtp, { msisdn: PREPAID }, hausa);
    expect(sent.status).toBe(200);
    expect(await latestText()).toMatch(/: \d{6} ita ce lambar sirrinku .* Kada ku ba kowa ita\.$/);

    await age(120, sent.body.result.otpId);
    const yoruba = { 'x-forwarded-for': ip, 'accept-language': 'yo-NG,yo;q=0.9' };
    const body = { otpId: sent.body.result.otpId };
    expect((await portal.request('POST', PATHS.resendOtp, body, yoruba)).status).toBe(200);
    expect(await latestText()).toMatch(/: \d{6} ni kóòdù ìgbà kan yín\./);

    // A language the portal does not speak gets English.
    const french = { 'x-forwarded-for': ip, 'accept-language': 'fr' };
    expect((await portal.request('POST', PATHS.sendOtp, { msisdn: PREPAID }, french)).status).toBe(200);
    expect(await latestText()).toMatch(/: \d{6} is your one-time code\. It expires in 5 minutes\./);
  });

  it('codes differ from send to send (secure random source)', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 4; i++) {
      await send({ msisdn: POSTPAID });
      codes.add(await latestOtp(portal, POSTPAID));
    }
    expect(codes.size).toBeGreaterThan(1);
  });

  it('refuses numbers that are not subscribers of the operator', async () => {
    for (const msisdn of ['8031234567', '7011000009']) {
      const response = await post<Failure>(PATHS.sendOtp, { msisdn });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: 'failure', message: 'Invalid Mobile No' });
    }
    const malformed = await post<Failure>(PATHS.sendOtp, { msisdn: '80210' });
    expect(malformed.status).toBe(400);
  });

  it('verifies the right code once and returns a uniqueCode; the same code again is refused', async () => {
    const { otpId } = await send();
    const code = await latestOtp(portal, PREPAID);
    const first = await verify(otpId, code);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ statusCode: '200', result: { otpId } });
    expect(first.body.result.uniqueCode).toMatch(new RegExp(`^${otpId}\\.[0-9a-f]{64}$`));

    const again = await verify(otpId, code);
    expect(again.status).toBe(400);
    expect(again.body.statusCode).toBe('2004');
  });

  it('a wrong code answers 2003 with the tries left; the fifth wrong try answers 2002 and locks the challenge', async () => {
    const { otpId } = await send();
    const code = await latestOtp(portal, PREPAID);
    for (const left of [4, 3, 2, 1]) {
      const response = await verify(otpId, wrong(code));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        statusCode: '2003',
        message: 'Please enter correct OTP',
        result: { attemptsLeft: left },
      });
    }
    const fifth = await verify(otpId, wrong(code));
    expect(fifth.body).toMatchObject({
      statusCode: '2002',
      message: 'Maximum attempts exhausted.',
      result: { attemptsLeft: 0 },
    });
    // Even the right code no longer works.
    const right = await verify(otpId, code);
    expect(right.body.statusCode).toBe('2002');
  });

  it('parallel guesses cannot exceed five tries', async () => {
    const { otpId } = await send();
    const code = await latestOtp(portal, PREPAID);
    const answers = await Promise.all(Array.from({ length: 12 }, () => verify(otpId, wrong(code))));
    const codes = answers.map((a) => a.body.statusCode);
    expect(codes.filter((c) => c === '2003')).toHaveLength(4);
    expect(codes.filter((c) => c === '2002')).toHaveLength(8);
  });

  it('resend sends a new code, makes the old one useless and gives five tries again', async () => {
    const { otpId } = await send();
    const oldCode = await latestOtp(portal, PREPAID);
    for (let i = 0; i < 5; i++) await verify(otpId, wrong(oldCode));
    expect((await verify(otpId, oldCode)).body.statusCode).toBe('2002');

    await age(61, otpId);
    const resent = await post<Envelope<Challenge>>(PATHS.resendOtp, { otpId });
    expect(resent.status).toBe(200);
    expect(resent.body.result.otpId).toBe(otpId);
    const newCode = await latestOtp(portal, PREPAID);
    if (newCode !== oldCode) {
      expect((await verify(otpId, oldCode)).body).toMatchObject({
        statusCode: '2003',
        result: { attemptsLeft: 4 },
      });
    }
    const ok = await verify(otpId, newCode);
    expect(ok.status).toBe(200);
    // refId is accepted in place of otpId (payments and leads send refId).
    const resendVerified = await post<Failure>(PATHS.resendOtp, { refId: otpId });
    expect(resendVerified.body.statusCode).toBe('2004');
  });

  it('an expired code is refused (2004), and a resend revives the challenge', async () => {
    const { otpId } = await send();
    const code = await latestOtp(portal, PREPAID);
    await portal.db.sql.query(
      `update otp_challenges set expires_at = now() - interval '1 second' where id = $1`,
      [otpId],
    );
    const expired = await verify(otpId, code);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({
      statusCode: '2004',
      message: 'OTP expired, please request a new one.',
    });

    await age(61, otpId);
    expect((await post(PATHS.resendOtp, { otpId })).status).toBe(200);
    expect((await verify(otpId, await latestOtp(portal, PREPAID))).status).toBe(200);
  });

  it('unknown challenges are refused', async () => {
    expect((await verify('OTPNOSUCHTHING', '123456')).body.statusCode).toBe('2004');
    expect((await post<Failure>(PATHS.resendOtp, { otpId: 'OTPNOSUCHTHING' })).body.statusCode).toBe('2004');
    expect((await post<Failure>(PATHS.verifyOtp, { otpId: 'x', otp: '12a456' })).status).toBe(400);
    expect((await post<Failure>(PATHS.verifyOtp, { otp: '123456' })).status).toBe(400);
  });

  it('the server holds the 60 s resend wait itself, and a challenge takes five sends at most', async () => {
    const { otpId } = await send();
    const early = await post<Failure>(PATHS.resendOtp, { otpId });
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({
      statusCode: '502',
      message: 'max limit exhausted, please try after sometime.',
    });
    // How long to wait is said too: the rest of the 60 s.
    expect(early.body.result?.retryAfterSeconds).toBeGreaterThan(50);
    expect(early.body.result?.retryAfterSeconds).toBeLessThanOrEqual(60);
    // 50 s, not 59: the wait runs on the real clock too, and a loaded CI machine took over a second between
    // the ageing and the resend (it was then 60 s old and allowed).
    await age(50, otpId);
    expect((await post<Failure>(PATHS.resendOtp, { otpId })).body.statusCode).toBe('502');
    await age(11, otpId);
    expect((await post(PATHS.resendOtp, { otpId })).status).toBe(200);
    // Each resend gives five tries again, so the sends of one challenge are counted: five in all.
    for (let i = 0; i < 3; i++) {
      await age(61, otpId);
      expect((await post(PATHS.resendOtp, { otpId })).status).toBe(200);
    }
    await age(61, otpId);
    expect((await post<Failure>(PATHS.resendOtp, { otpId })).body.statusCode).toBe('502');
  });

  it('limits sends per number from one client per hour: the sixth answers 502 (send and resend alike)', async () => {
    const { otpId } = await send({ msisdn: POSTPAID });
    for (let i = 0; i < 3; i++) await send({ msisdn: POSTPAID });
    await age(61, otpId);
    expect((await post(PATHS.resendOtp, { otpId })).status).toBe(200);
    const sixth = await post<Failure>(PATHS.sendOtp, { msisdn: POSTPAID });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({
      statusCode: '502',
      message: 'max limit exhausted, please try after sometime.',
    });
    // Until the first of the hour's sends is an hour old (it was aged 61 s): about 59 minutes.
    expect(sixth.body.result?.retryAfterSeconds).toBeGreaterThan(3400);
    expect(sixth.body.result?.retryAfterSeconds).toBeLessThanOrEqual(3540);
    await age(61, otpId);
    const resend = await post<Failure>(PATHS.resendOtp, { otpId });
    expect(resend.body.statusCode).toBe('502');
    // Another number is not affected.
    await send({ msisdn: PREPAID });
  });

  it('the sandbox`s reset lets a number be sent codes again (someone trying the portal over and over)', async () => {
    for (let i = 0; i < 5; i++) await send({ msisdn: POSTPAID });
    expect((await post<Failure>(PATHS.sendOtp, { msisdn: POSTPAID })).body.statusCode).toBe('502');
    expect((await portal.request('POST', '/sandbox/reset', {})).status).toBe(200);
    await send({ msisdn: POSTPAID });
  });

  it('sends by others slow a number down but never lock its owner out for the hour', async () => {
    // An attacker rotating addresses, as fast as the number's back-off lets them.
    const attack = async (from: string) => post<Failure>(PATHS.sendOtp, { msisdn: POSTPAID }, from);
    for (let i = 0; i < 5; i++) expect((await attack(`192.0.2.${100 + i}`)).status).toBe(200);
    expect((await attack('192.0.2.120')).body.statusCode).toBe('502');
    // The waits double after each send past five (1, 2, 4... minutes), up to 15 minutes; each send that
    // passes announces the wait after it, so the dialog does not offer a resend at 60 s that would be refused.
    const waits = [60, 120, 240, 480, 900, 900];
    for (const [i, wait] of waits.entries()) {
      await age(wait - 2);
      expect((await attack('192.0.2.121')).body.statusCode).toBe('502');
      await age(2);
      const sent = await post<Envelope<Challenge>>(PATHS.sendOtp, { msisdn: POSTPAID }, `192.0.2.${140 + i}`);
      expect(sent.status).toBe(200);
      expect(sent.body.result.resendAfterSeconds).toBe(waits[i + 1] ?? 900);
    }
    // The subscriber, from their own address, is held back at most the cap after the attacker's last send.
    expect((await post<Failure>(PATHS.sendOtp, { msisdn: POSTPAID })).body.statusCode).toBe('502');
    await age(900);
    expect((await post(PATHS.sendOtp, { msisdn: POSTPAID })).status).toBe(200);
  });

  it('limits sends per client address per hour, across numbers', async () => {
    const numbers = ['8021000001', '8021000002', '8021000003', '8021000004'];
    for (let i = 0; i < 8; i++) await send({ msisdn: numbers[i % numbers.length] });
    const ninth = await post<Failure>(PATHS.sendOtp, { msisdn: '8021000006' });
    expect(ninth.body.statusCode).toBe('502');
    // Another address may still send.
    const other = await post<Envelope<Challenge>>(PATHS.sendOtp, { msisdn: '8021000006' }, '203.0.113.77');
    expect(other.status).toBe(200);
  });

  it('parallel sends cannot pass the per-number limit together', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post<Failure>(PATHS.sendOtp, { msisdn: '8021000004' }, `192.0.2.${i + 1}`),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.body.statusCode === '502')).toHaveLength(5);
  });

  it('verify-user returns a short-lived bearer token for the number the code was sent to', async () => {
    const { refId } = await send();
    const otp = await latestOtp(portal, PREPAID);
    const response = await post<
      Envelope<{ tokenType: string; accessToken: string; expiresIn: number; uniqueCode: string }>
    >(PATHS.verifyUser, { refId, otp, username: PREPAID, paymentMode: 'NAIJA_MONEY' });
    expect(response.status).toBe(200);
    expect(response.body.result).toMatchObject({ tokenType: 'Bearer', expiresIn: 600 });
    const [body, signature] = response.body.result.accessToken.split('.');
    expect(signature).toBeTruthy();
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as {
      sub: string;
      exp: number;
    };
    expect(claims.sub).toBe('2348021000001');
    expect(claims.exp * 1000 - Date.now()).toBeLessThanOrEqual(600_000);
  });

  it('verify-user for another number answers 4001 and spends nothing', async () => {
    const { refId } = await send();
    const otp = await latestOtp(portal, PREPAID);
    const response = await post<Failure>(PATHS.verifyUser, { refId, otp, username: '8021000004' });
    expect(response.status).toBe(400);
    expect(response.body.statusCode).toBe('4001');
    const again = await post(PATHS.verifyUser, { refId, otp, username: PREPAID });
    expect(again.status).toBe(200);
  });

  it('a code sent for a bill fetch does not buy a payment token (bound to its purpose)', async () => {
    const { otpId } = await send({ text: POSTPAID, text1: '', otpAction: 'INVOICE' });
    const otp = await latestOtp(portal, POSTPAID);
    const response = await post<Failure>(PATHS.verifyUser, { refId: otpId, otp, username: POSTPAID });
    expect(response.status).toBe(400);
    expect(response.body.statusCode).toBe('400');
    // It still verifies for what it was sent for.
    expect((await verify(otpId, otp)).status).toBe(200);
  });
});
