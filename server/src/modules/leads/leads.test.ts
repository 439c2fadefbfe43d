import {
  PATHS,
  type CityEntry,
  type Envelope,
  type HbbDevices,
  type HbbOffer,
  type SubmitLeadRequest,
  type SubmitLeadResult,
  type TrackLeadResult,
  type TransactionStatusResult,
} from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually, startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { latestOtp, payOnCheckout, SUCCESS_CARD } from '../../test/sandbox-client.js';
import { createLeads, maskEmail, maskNumber, newLeadId } from './service.js';

const CUSTOMER = '8021000001';
const OTHER = '8021000003';
const NOT_OPERATOR = '8031234567';

type FormErrors = Envelope<{ errors: Record<string, { code: string; message: string }> } | null>;

describe.each(testDatabases())('home-broadband leads over HTTP (%s)', (kind) => {
  let portal: TestPortal;
  let client = 0;
  let ip = '';

  beforeAll(async () => {
    portal = await startTestPortal(kind, { env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await portal?.close();
  });
  beforeEach(async () => {
    await portal.db.sql.query('delete from otp_sends');
    ip = `203.0.113.${++client}`;
  });

  const post = <T>(path: string, body: unknown) =>
    portal.request<T>('POST', path, body, { 'x-forwarded-for': ip });

  /** A verified LEAD code for `msisdn`, read from the sandbox inbox as the customer reads the phone. */
  async function leadCode(msisdn = CUSTOMER): Promise<string> {
    const sent = await post<Envelope<{ otpId: string }>>(PATHS.sendOtp, {
      msisdn,
      email: 'ada@example.com',
      customerDetails: { fullName: 'Ada Obi' },
      requestType: 'HBB_LEADS',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const otp = await latestOtp(portal, msisdn);
    const verified = await post<Envelope<{ uniqueCode: string }>>(PATHS.verifyOtp, {
      otpId: sent.body.result.otpId,
      otp,
    });
    expect(verified.status).toBe(200);
    return verified.body.result.uniqueCode;
  }

  function lead(over: Partial<SubmitLeadRequest> = {}): SubmitLeadRequest {
    return {
      fullName: 'Ada Obi',
      contactNumber: CUSTOMER,
      email: 'ada@example.com',
      feasibility: true,
      address: {
        type: 'installation',
        street1: `${Math.floor(Math.random() * 900) + 10} Allen Avenue`,
        landmark: 'Opposite Ikeja City Mall',
        city: 'Ikeja',
        country: 'Nigeria',
        lat: 6.6018,
        lng: 3.3515,
        source: 'town',
      },
      plan: { code: 'HBB-4G-30', amount: 10000, currency: 'NGN', description: 'Home Starter 30GB' },
      source: 'WEBPORTAL',
      uniqueCode: '',
      lineType: 'Prepaid',
      consent: true,
      deviceId: 'router-4g',
      language: 'en',
      ...over,
    };
  }

  const submit = (body: SubmitLeadRequest) =>
    post<Envelope<SubmitLeadResult> & FormErrors>(PATHS.submitLead, body);
  const count = async (id: string) =>
    Number(
      (await portal.db.sql.query<{ n: number }>('select count(*)::int as n from leads where id = $1', [id]))
        .rows[0]?.n,
    );

  it('offers the default router and its plans, and another device when asked, in the page language', async () => {
    const fallback = await portal.request<Envelope<HbbOffer>>('GET', `${PATHS.hbbOffer}?device=nope`);
    expect(fallback.status).toBe(200);
    expect(fallback.body.result.device).toMatchObject({ id: 'router-4g', name: '4G Home Router' });
    expect(fallback.body.result.connectionFee).toBe(20000);
    expect(fallback.body.result.plans.map((p) => p.code)).toEqual(['HBB-4G-30', 'HBB-4G-60', 'HBB-4G-UNL']);
    const sw = await portal.request<Envelope<HbbOffer>>('GET', `${PATHS.hbbOffer}?device=router-5g&lang=sw`);
    expect(sw.body.result.device.id).toBe('router-5g');
    expect(sw.body.result.plans[1]?.description).toBe('5G Home Bila Kikomo');
    expect(sw.body.result.device.features[0]).toMatch(/5G/);
  });

  it('lists every device with its plans for the product view, the default router first', async () => {
    const list = await portal.request<Envelope<HbbDevices>>('GET', `${PATHS.hbbDevices}?lang=sw`);
    expect(list.status).toBe(200);
    const ids = list.body.result.offers.map((o) => o.device.id);
    expect(ids[0]).toBe('router-4g');
    expect(ids).toContain('router-5g');
    const fiveG = list.body.result.offers.find((o) => o.device.id === 'router-5g');
    expect(fiveG?.plans[1]?.description).toBe('5G Home Bila Kikomo');
    expect(fiveG?.connectionFee).toBe(20000);
  });

  it("answers the town list of form config 'city-config' in result.data", async () => {
    const towns = await portal.request<Envelope<{ data: CityEntry[] }>>(
      'GET',
      `${PATHS.cityList}?code=city-config`,
    );
    expect(towns.status).toBe(200);
    expect(towns.body.result.data).toContainEqual({ cityName: 'Ikeja', hbbLeadFeasibility: true });
    expect(towns.body.result.data).toContainEqual({ cityName: 'Maiduguri', hbbLeadFeasibility: false });
    const unknown = await portal.request('GET', `${PATHS.cityList}?code=other-config`);
    expect(unknown.status).toBe(404);
  });

  it('send-otp-hbb sends a LEAD code to an operator number only', async () => {
    const sent = await post<Envelope<{ otpId: string; otpRecipient: string }>>(PATHS.sendOtpHbb, {
      msisdn: OTHER,
      email: 'obi@example.com',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.result.otpRecipient).toBe('802****003');
    expect(await latestOtp(portal, OTHER)).toMatch(/^\d{6}$/);
    const challenge = await portal.db.sql.query<{ purpose: string }>(
      'select purpose from otp_challenges where id = $1',
      [sent.body.result.otpId],
    );
    expect(challenge.rows[0]?.purpose).toBe('LEAD');

    const refused = await post<Envelope<null>>(PATHS.sendOtpHbb, { msisdn: NOT_OPERATOR });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Invalid Mobile No');
  });

  describe('form/v2/save', () => {
    const data = {
      fullName: 'Ada Obi',
      contactNumber: CUSTOMER,
      email: 'ada@example.com',
      installationAddress: '12 Allen Avenue',
      landmark: '',
      town: 'Ikeja',
      consent: true,
    };

    it('stores a form that passes the schema rules, once for the same data', async () => {
      const first = await post<Envelope<{ formId: string; duplicate: boolean }>>(PATHS.formSave, {
        formName: 'get-form-schema',
        language: 'en',
        data: { ...data, unknownKey: 'dropped' },
      });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.result.duplicate).toBe(false);
      const again = await post<Envelope<{ formId: string; duplicate: boolean }>>(PATHS.formSave, {
        formName: 'get-form-schema',
        data: { ...data, fullName: 'ADA  Obi ', email: 'Ada@Example.com' },
      });
      expect(again.body.result).toEqual({ formId: first.body.result.formId, duplicate: true });
      const rows = await portal.db.sql.query<{ data: Record<string, unknown> }>(
        'select data from form_submissions where id = $1',
        [first.body.result.formId],
      );
      expect(rows.rows).toHaveLength(1);
      expect(rows.rows[0]!.data).toEqual(data);
    });

    it('refuses what the page refuses, with the spec texts per field', async () => {
      const refused = await post<FormErrors>(PATHS.formSave, {
        formName: 'get-form-schema',
        language: 'en',
        data: {
          ...data,
          fullName: '',
          installationAddress: '1234567890',
          landmark: '-- / --',
          town: 'Atlantis',
          consent: false,
          email: 'ada@',
        },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Full name is required');
      expect(refused.body.result?.errors).toMatchObject({
        fullName: { code: 'required', message: 'Full name is required' },
        installationAddress: { code: 'invalidAddress', message: 'Please enter a valid address' },
        landmark: { code: 'invalidLandmark', message: 'Please enter a valid landmark' },
        town: { code: 'invalid', message: 'Invalid Town' },
        email: { code: 'custom', message: 'Invalid Email Id' },
        consent: { code: 'unchecked', message: 'Please tick this box to continue' },
      });
    });

    it('answers in the language of the form', async () => {
      const refused = await post<FormErrors>(PATHS.formSave, {
        formName: 'get-form-schema',
        language: 'sw',
        data: { ...data, installationAddress: 'Short' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.result?.errors['installationAddress']?.message).toBe(
        'Anwani ya usakinishaji must be at least 10 characters',
      );
    });

    it('says an unticked consent box in the page`s words, not "{label} is required", in the form`s language', async () => {
      const refused = await post<FormErrors>(PATHS.formSave, {
        formName: 'get-form-schema',
        language: 'yo',
        data: { ...data, consent: false },
      });
      const words = 'Ẹ jọ̀ọ́, ẹ fi àmì sí àpótí yìí láti tẹ̀síwájú';
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(words);
      expect(refused.body.result?.errors).toEqual({ consent: { code: 'unchecked', message: words } });
    });

    it('knows only content form schemas', async () => {
      const unknown = await post(PATHS.formSave, { formName: 'translation', data: {} });
      expect(unknown.status).toBe(404);
      const missing = await post(PATHS.formSave, { formName: 'no-such-form', data: {} });
      expect(missing.status).toBe(404);
    });
  });

  describe('submit-lead', () => {
    it('stores a feasible lead with its consent, address, plan and price; answers refLeadId', async () => {
      const body = lead({ uniqueCode: await leadCode() });
      const answer = await submit(body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const result = answer.body.result;
      expect(result).toMatchObject({
        feasibility: true,
        status: 'SUBMITTED',
        duplicate: false,
        amountDue: 30000,
        currency: 'NGN',
      });
      expect(result.refLeadId).toMatch(/^HBB[0-9A-Z]{16}$/);
      const rows = await portal.db.sql.query<Record<string, unknown>>('select * from leads where id = $1', [
        result.refLeadId,
      ]);
      expect(rows.rows[0]).toMatchObject({
        contact_msisdn: '2348021000001',
        consent: true,
        consent_text: expect.stringMatching(/^I agree to be contacted/),
        address_type: 'installation',
        street1: body.address.street1,
        landmark: 'Opposite Ikeja City Mall',
        city: 'Ikeja',
        location_source: 'town',
        plan_code: 'HBB-4G-30',
        feasible: true,
        line_type: 'Prepaid',
        source: 'WEBPORTAL',
        lead_type: 'HBB_LEADS',
      });
      // bigint columns: text from node-postgres, numbers from PGlite.
      expect(Number(rows.rows[0]!['plan_amount_kobo'])).toBe(1_000_000);
      expect(Number(rows.rows[0]!['connection_fee_kobo'])).toBe(2_000_000);
    });

    it('recognises a retry of the same submission and the same lead sent again: one row', async () => {
      const body = lead({ uniqueCode: await leadCode() });
      const [a, b] = await Promise.all([submit(body), submit(body)]);
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(b.body.result.refLeadId).toBe(a.body.result.refLeadId);
      const retry = await submit(body);
      expect(retry.body.result).toMatchObject({ refLeadId: a.body.result.refLeadId, duplicate: true });

      // Next day, a new code, the same number, address and plan (written a little differently).
      const again = await submit({
        ...body,
        uniqueCode: await leadCode(),
        address: { ...body.address, street1: `  ${body.address.street1.toUpperCase()} ` },
      });
      expect(again.status).toBe(200);
      expect(again.body.result).toMatchObject({ refLeadId: a.body.result.refLeadId, duplicate: true });
      expect(await count(a.body.result.refLeadId)).toBe(1);

      // Another plan is another lead.
      const other = await submit({
        ...body,
        uniqueCode: await leadCode(),
        plan: { code: 'HBB-4G-60', amount: 15000, currency: 'NGN', description: 'Home Plus 60GB' },
      });
      expect(other.body.result.refLeadId).not.toBe(a.body.result.refLeadId);
    });

    it('stores a lead for a town without service as NOT_FEASIBLE, whatever the page said', async () => {
      const answer = await submit(
        lead({
          uniqueCode: await leadCode(),
          feasibility: true,
          address: { ...lead().address, city: 'Maiduguri', lat: 11.85, lng: 13.16 },
        }),
      );
      expect(answer.status).toBe(200);
      expect(answer.body.result).toMatchObject({ feasibility: false, status: 'NOT_FEASIBLE' });
      expect(await count(answer.body.result.refLeadId)).toBe(1);
    });

    it('needs a verified LEAD code for the contact number', async () => {
      const missing = await submit(lead({ uniqueCode: 'OTP123.abc' }));
      expect(missing.status).toBe(401);
      // A code of another number.
      const other = await submit(lead({ uniqueCode: await leadCode(OTHER) }));
      expect(other.status).toBe(401);
      // A payment code is not a lead code.
      const sent = await post<Envelope<{ otpId: string }>>(PATHS.sendOtp, { msisdn: CUSTOMER });
      const verified = await post<Envelope<{ uniqueCode: string }>>(PATHS.verifyOtp, {
        otpId: sent.body.result.otpId,
        otp: await latestOtp(portal, CUSTOMER),
      });
      const payment = await submit(lead({ uniqueCode: verified.body.result.uniqueCode }));
      expect(payment.status).toBe(401);
      // A number of another network never gets that far.
      const foreign = await submit(lead({ contactNumber: NOT_OPERATOR, uniqueCode: 'x.y' }));
      expect(foreign.status).toBe(400);
      expect(foreign.body.message).toBe('Invalid Mobile No');
    });

    it('checks the form rules, the consent and the plan again, before spending the code', async () => {
      const uniqueCode = await leadCode();
      const badLandmark = await submit(
        lead({ uniqueCode, address: { ...lead().address, landmark: '1234' } }),
      );
      expect(badLandmark.status).toBe(400);
      expect(badLandmark.body.message).toBe('Please enter a valid landmark');
      expect(badLandmark.body.result?.errors['landmark']?.code).toBe('invalidLandmark');

      const noConsent = await submit(lead({ uniqueCode, consent: false }));
      expect(noConsent.status).toBe(400);
      expect(noConsent.body.result?.errors['consent']?.code).toBe('unchecked');

      const cheaper = await submit(lead({ uniqueCode, plan: { ...lead().plan, amount: 100 } }));
      expect(cheaper.status).toBe(400);
      expect(cheaper.body.message).toMatch(/price of this plan has changed/);

      const otherDevice = await submit(lead({ uniqueCode, deviceId: 'router-5g' }));
      expect(otherDevice.status).toBe(400);

      // The code is still good for a correct submission.
      const good = await submit(lead({ uniqueCode }));
      expect(good.status, JSON.stringify(good.body)).toBe(200);
    });
  });

  describe('track-lead', () => {
    it("shows a lead's status with masked contact details; the contact number unlocks checkout", async () => {
      const created = await submit(lead({ uniqueCode: await leadCode() }));
      const leadId = created.body.result.refLeadId;
      const tracked = await post<Envelope<TrackLeadResult>>(PATHS.trackLead, { leadId });
      expect(tracked.status).toBe(200);
      expect(tracked.body.result).toMatchObject({
        refLeadId: leadId,
        status: 'SUBMITTED',
        feasibility: true,
        contactNumber: '802****001',
        email: 'ad***@example.com',
        city: 'Ikeja',
        plan: { code: 'HBB-4G-30', amount: 10000, currency: 'NGN' },
        connectionFee: 20000,
        amountDue: 30000,
        payment: null,
        checkout: null,
      });
      const unlocked = await post<Envelope<TrackLeadResult>>(PATHS.trackLead, {
        leadId,
        contactNumber: CUSTOMER,
      });
      expect(unlocked.body.result.checkout).toEqual({
        msisdn: CUSTOMER,
        email: 'ada@example.com',
        lineType: 'Prepaid',
        deviceId: 'router-4g',
      });
      const wrong = await post<Envelope<null>>(PATHS.trackLead, { leadId, contactNumber: OTHER });
      expect(wrong.status).toBe(400);
      const unknown = await post<Envelope<null>>(PATHS.trackLead, { leadId: 'HBB0000000000000000' });
      expect(unknown.status).toBe(404);
    });
  });

  it('a lead is paid through the payment spine (HBB_LEADS, txnId = lead id) and then recorded as paid', async () => {
    const created = await submit(lead({ uniqueCode: await leadCode() }));
    const leadId = created.body.result.refLeadId;
    const initiated = await portal.request<Envelope<{ transactionId: string }>>(
      'POST',
      PATHS.initiate,
      {
        amount: created.body.result.amountDue,
        mobileNumber: CUSTOMER,
        transactionType: 'HBB_LEADS',
        paymentMode: 'HBB_LEADS',
        paymentGateway: 'paystack',
        emailId: 'ada@example.com',
        txnId: leadId,
        productCode: 'HBB-4G-30',
        bundleDescription: 'You won a prize! Call 0800 000 0000 to claim it',
      },
      { 'idempotency-key': `lead-${leadId}` },
    );
    expect(initiated.status, JSON.stringify(initiated.body)).toBe(200);
    const transactionId = initiated.body.result.transactionId;
    const processed = await portal.request<Envelope<{ redirectUrl: string }>>('POST', PATHS.process, {
      transactionId,
      paymentMode: 'HBB_LEADS',
      paymentGateway: 'paystack',
    });
    expect(processed.status).toBe(200);
    const callback = await payOnCheckout(processed.body.result.redirectUrl, SUCCESS_CARD);
    await portal.request('GET', new URL(callback).pathname + new URL(callback).search);
    const final = await eventually(async () => {
      const s = (
        await portal.request<Envelope<TransactionStatusResult>>('GET', `${PATHS.status}?tid=${transactionId}`)
      ).body.result;
      return s.status === 'SUCCESS' ? s : undefined;
    });
    expect(final).toMatchObject({ transactionType: 'HBB_LEADS', amount: 30000, metaInfo: { leadId } });

    // What the payment module calls once such a payment is paid (see the module's README in the report).
    const service = createLeads({
      orm: portal.db.orm,
      otp: {
        send: () => Promise.reject(new Error('unused')),
        useUniqueCode: () => Promise.reject(new Error('unused')),
        spentRecently: () => Promise.reject(new Error('unused')),
      },
      subscribers: { lineType: () => Promise.resolve('PREPAID') },
      content: { getPage: () => Promise.reject(new Error('unused')) },
      log: { warn: () => undefined },
    });
    // Fulfilment recorded the payment against the lead; doing it again is harmless, another payment is not.
    // The lead id alone does not hand out the payment's reference (the key to its status page); with the
    // lead's contact number it does. The answer is never stored by a cache.
    const tracked = await post<Envelope<TrackLeadResult>>(PATHS.trackLead, { leadId });
    expect(tracked.body.result).toMatchObject({ status: 'PAID', payment: { transactionId: null } });
    expect(tracked.body.result.payment?.paidAt).toEqual(expect.any(String));
    expect(tracked.headers.get('cache-control')).toBe('no-store');
    const owner = await post<Envelope<TrackLeadResult>>(PATHS.trackLead, { leadId, contactNumber: CUSTOMER });
    expect(owner.body.result).toMatchObject({ status: 'PAID', payment: { transactionId } });
    // What the payer is shown they bought is the lead's plan, whatever the browser wrote.
    expect(final?.bundleDescription).toBe(owner.body.result.plan.description);
    expect(final?.bundleDescription).not.toContain('prize');
    expect(await service.markLeadPaid(leadId, transactionId)).toBe(true);
    expect(await service.markLeadPaid(leadId, 'TXOTHER')).toBe(false);
    expect(await service.leadForPayment(leadId)).toMatchObject({ amount: 30000, payable: false });
    // A paid lead takes no second payment.
    const again = await portal.request<Envelope<null>>('POST', PATHS.initiate, {
      amount: 30000,
      mobileNumber: CUSTOMER,
      transactionType: 'HBB_LEADS',
      paymentMode: 'HBB_LEADS',
      emailId: 'ada@example.com',
      paymentGateway: 'paystack',
      txnId: leadId,
    });
    expect(again.status).toBe(409);
  });
});

describe('lead helpers', () => {
  it('lead ids are HBB and 16 Crockford base32 characters, different each time', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newLeadId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^HBB[0-9A-HJKMNP-TV-Z]{16}$/);
  });
  it('masks contact details', () => {
    expect(maskNumber('2348021000001')).toBe('802****001');
    expect(maskEmail('ada@example.com')).toBe('ad***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
  });
});
