import { createHash, randomBytes } from 'node:crypto';
import {
  CITY_LIST_CODE,
  formSchemaSchema,
  fromKobo,
  isTownFeasible,
  LEAD_FORM_FIELDS,
  LEAD_FORM_PAGE,
  leadLineType,
  toInternational,
  toKobo,
  toNational,
  validateForm,
  type CityEntry,
  type FieldError,
  type FormField,
  type FormSchema,
  type FormValues,
  type HbbPlan,
  type LeadStatus,
  type LineType,
  type OtpPurpose,
  type submitLeadRequest,
  type SubmitLeadResult,
  type TrackLeadResult,
} from '@portal/contract';
import { answeredFieldErrors } from '@portal/contract/error-texts';
import type { z } from 'zod';
import type { Orm } from '../../db/connection.js';
import { AppError } from '../../lib/app-error.js';
import { createOffer, loadOfferFiles, type Offer, type OfferFiles } from './offer.js';
import { createLeadStore, type LeadRow, type LeadStore, type NewLead } from './store.js';

type SubmitLeadBody = z.output<typeof submitLeadRequest>;

/** The part of the OTP service leads rely on (kept narrow so the two modules stay apart). */
export type LeadOtp = {
  send(input: {
    msisdn: string;
    purpose: OtpPurpose;
    context?: Record<string, unknown>;
    clientIp: string;
    language: string;
  }): Promise<{
    otpId: string;
    refId: string;
    otpRecipient: string;
    resendAfterSeconds: number;
    expiresInSeconds: number;
  }>;
  useUniqueCode(
    uniqueCode: string,
    bind: { msisdn: string; purposes: OtpPurpose[] },
  ): Promise<{ id: string }>;
  spentRecently(
    uniqueCode: string,
    bind: { msisdn: string; purposes: OtpPurpose[] },
    withinMs: number,
  ): Promise<boolean>;
};

/** The operator-number check (spec §4: the contact number must be an operator number; sets the line type). */
export type LeadSubscribers = { lineType(national: string): Promise<LineType> };

/** A content page of the served market as JSON text, per language with English as fallback. */
export type ContentPages = {
  getPage(pageUrl: string, language: string): Promise<{ packageHtml: string }>;
};

type Log = { warn: (obj: unknown, msg?: string) => void; info?: (obj: unknown, msg?: string) => void };

/** The same lead (number, address, plan) within this many days is recognised, not stored again. */
export const DUPLICATE_WINDOW_DAYS = 30;
/** The same form data within this many hours is stored once. */
export const FORM_DUPLICATE_WINDOW_HOURS = 24;
/** A lead is paid for while it is SUBMITTED (feasible and unpaid). */
const PAYABLE: readonly LeadStatus[] = ['SUBMITTED'];

/** How long a submission whose code was just spent waits for the concurrent request that spent it. */
// Only for a code a twin request spent moments ago: how long to wait for the lead it is storing.
const IN_FLIGHT_WINDOW_MS = 30_000;
const IN_FLIGHT_POLLS = 40;
const IN_FLIGHT_POLL_MS = 250;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 'HBB' and 16 characters of Crockford base32 (80 random bits): unguessable, easy to read out on a call. */
export function newLeadId(prefix = 'HBB'): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return prefix + out;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** '802****001' */
export function maskNumber(msisdn: string): string {
  const national = toNational(msisdn);
  return `${national.slice(0, 3)}****${national.slice(-3)}`;
}

/** 'ad***@example.com' */
export function maskEmail(email: string): string {
  const [user = '', domain = ''] = email.split('@');
  if (!domain) return '***';
  return `${user.slice(0, Math.min(2, Math.max(1, user.length - 1)))}***@${domain}`;
}

/**
 * A form's field errors in the form's language: the rules' texts carry the schema's labels, already in that
 * language, and the one text without a label (an unticked consent box) is translated (answeredFieldErrors).
 */
function formError(errors: Record<string, FieldError>, language: string): AppError {
  const answered = answeredFieldErrors(errors, language);
  const first = Object.values(answered)[0]?.message;
  return new AppError('BAD_REQUEST', {
    ...(first ? { providerText: first } : {}),
    result: { errors: answered },
  });
}

/** The lead's customer-details fields under the names the form schema gives them. */
function leadFormValues(body: SubmitLeadBody): FormValues {
  return {
    [LEAD_FORM_FIELDS.fullName]: body.fullName,
    [LEAD_FORM_FIELDS.contactNumber]: body.contactNumber,
    [LEAD_FORM_FIELDS.email]: body.email,
    [LEAD_FORM_FIELDS.address]: body.address.street1,
    [LEAD_FORM_FIELDS.landmark]: body.address.landmark,
    [LEAD_FORM_FIELDS.town]: body.address.city,
    [LEAD_FORM_FIELDS.consent]: body.consent,
  };
}

/**
 * Checks the customer-details fields with the schema's rules (throws the form's field errors); returns the
 * consent field, whose label is the consent text stored with the lead.
 */
function checkLeadForm(schema: FormSchema, body: SubmitLeadBody): FormField | undefined {
  const leadFields = new Set<string>(Object.values(LEAD_FORM_FIELDS));
  const errors = validateForm(
    { fields: schema.fields.filter((f) => leadFields.has(f.name)) },
    leadFormValues(body),
  );
  if (Object.keys(errors).length > 0) {
    throw formError(errors, body.language);
  }
  const consentField = schema.fields.find((f) => f.name === LEAD_FORM_FIELDS.consent);
  // A lead needs the consent even where the schema leaves the box optional.
  if (!body.consent) throw new AppError('FIELD_UNCHECKED');
  return consentField;
}

/** The catalogue's plan the page showed, refused when it is not on offer or its price has changed. */
function pricedPlan(offer: Offer, body: SubmitLeadBody): HbbPlan {
  const plan = offer.planFor(body.plan.code, body.language);
  if (!plan || !offer.offersPlan(body.deviceId, plan.code)) {
    throw new AppError('PLAN_UNAVAILABLE');
  }
  if (toKobo(body.plan.amount) !== toKobo(plan.amount) || body.plan.currency !== plan.currency) {
    throw new AppError('PLAN_PRICE_CHANGED');
  }
  return plan;
}

/** What makes two leads the same lead: number, plan and address, as a customer might retype them. */
function leadFingerprint(msisdn: string, planCode: string, address: SubmitLeadBody['address']): string {
  return sha256(
    JSON.stringify([
      msisdn,
      planCode,
      normalise(address.street1),
      normalise(address.landmark),
      normalise(address.city),
    ]),
  );
}

/** The row of a new lead: the page's details trimmed, the server's price, feasibility and proofs. */
function newLead(
  body: SubmitLeadBody,
  decided: {
    fingerprint: string;
    codeHash: string;
    challengeId: string;
    msisdn: string;
    lineType: LineType;
    feasible: boolean;
    consentText: string;
    plan: HbbPlan;
    connectionFee: Offer['connectionFee'];
  },
): NewLead {
  const { plan, feasible } = decided;
  return {
    id: newLeadId(),
    fingerprint: decided.fingerprint,
    uniqueCodeHash: decided.codeHash,
    otpChallengeId: decided.challengeId,
    leadType: body.leadType,
    source: body.source || 'WEBPORTAL',
    status: feasible ? 'SUBMITTED' : 'NOT_FEASIBLE',
    feasible,
    fullName: body.fullName.trim(),
    contactMsisdn: decided.msisdn,
    email: body.email.trim(),
    lineType: leadLineType(decided.lineType),
    consent: true,
    consentText: decided.consentText,
    consentAt: new Date(),
    addressType: body.address.type,
    street1: body.address.street1.trim(),
    landmark: body.address.landmark.trim(),
    city: body.address.city.trim(),
    country: body.address.country,
    latitude: body.address.lat,
    longitude: body.address.lng,
    locationSource: body.address.source ?? 'manual',
    planCode: plan.code,
    planDescription: plan.description,
    planAmountKobo: toKobo(plan.amount),
    connectionFeeKobo: toKobo(decided.connectionFee),
    currency: plan.currency,
    deviceId: body.deviceId ?? null,
    formId: body.formId ?? null,
    language: body.language,
  };
}

/**
 * Home-broadband leads: the device and plans, the town list, the lead's one-time code, the schema-driven form
 * save, and the lead itself: checked with the form's own rules, the contact number proved by a one-time code,
 * priced and judged feasible by the server, stored once.
 */
export function createLeadService(deps: {
  store: LeadStore;
  offer: Offer;
  otp: LeadOtp;
  subscribers: LeadSubscribers;
  content: ContentPages;
  log: Log;
}) {
  const { store, offer, otp, log } = deps;

  /** A form schema of the content backend, with the options of list-backed selects filled in. */
  async function formSchema(formName: string, language: string): Promise<FormSchema> {
    let text: string;
    try {
      text = (await deps.content.getPage(formName, language)).packageHtml;
    } catch {
      throw new AppError('NOT_FOUND', { log: 'Unknown form' });
    }
    let parsed: FormSchema;
    try {
      parsed = formSchemaSchema.parse(JSON.parse(text)) as FormSchema;
    } catch {
      throw new AppError('NOT_FOUND', { log: 'Unknown form' });
    }
    return {
      ...parsed,
      fields: parsed.fields.map((f) =>
        f.optionsSource === CITY_LIST_CODE
          ? { ...f, options: offer.cities().map((c) => ({ value: c.cityName })) }
          : f,
      ),
    };
  }

  /** Waits a little for a lead stored by a concurrent request with the same code and details. */
  async function leadOfRetry(codeHash: string, fingerprint: string): Promise<LeadRow | undefined> {
    for (let i = 0; i < IN_FLIGHT_POLLS; i++) {
      const row = await store.findByUniqueCodeHash(codeHash);
      if (row) return row.fingerprint === fingerprint ? row : undefined;
      await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
    }
    return undefined;
  }

  /**
   * The lead of the same request sent twice at once, when `error` says the other one spent the code and is
   * storing the lead. A wrong or stale code fails at once; only a code spent moments ago waits for its twin's
   * lead.
   */
  async function twinRequestsLead(
    error: unknown,
    body: SubmitLeadBody,
    codeHash: string,
    fingerprint: string,
  ): Promise<LeadRow | undefined> {
    const twin =
      error instanceof AppError &&
      error.errorName === 'OTP_REVERIFY' &&
      (await otp.spentRecently(
        body.uniqueCode,
        { msisdn: body.contactNumber, purposes: ['LEAD'] },
        IN_FLIGHT_WINDOW_MS,
      ));
    return twin ? leadOfRetry(codeHash, fingerprint) : undefined;
  }

  function amountDueKobo(row: Pick<LeadRow, 'planAmountKobo' | 'connectionFeeKobo'>) {
    return row.planAmountKobo + row.connectionFeeKobo;
  }

  function submitResult(row: LeadRow, duplicate: boolean): SubmitLeadResult {
    return {
      refLeadId: row.id,
      feasibility: row.feasible,
      status: row.status as LeadStatus,
      duplicate,
      amountDue: fromKobo(amountDueKobo(row)),
      currency: row.currency,
    };
  }

  const service = {
    offer: (deviceId: string | undefined, language?: string) => offer.offer(deviceId, language),
    offers: (language?: string) => offer.offers(language),

    /** The town list (form config 'city-config'): cityName and hbbLeadFeasibility. */
    cityList(code: string): CityEntry[] {
      if (code !== CITY_LIST_CODE) throw new AppError('NOT_FOUND', { log: `No form config ${code}` });
      return offer.cities();
    },

    /** `send-otp-hbb`: a LEAD code to the contact number (an operator number). */
    async sendOtp(input: { msisdn: string; email?: string | undefined; clientIp: string; language: string }) {
      return otp.send({
        msisdn: input.msisdn,
        purpose: 'LEAD',
        context: input.email ? { email: input.email } : {},
        clientIp: input.clientIp,
        language: input.language,
      });
    },

    /**
     * `form/v2/save`: the schema of `formName` decides which fields exist and their rules (the page's own);
     * keys the schema does not name are dropped. The same data within a day is stored once.
     */
    async saveForm(input: { formName: string; language: string; data: FormValues }) {
      const schema = await formSchema(input.formName, input.language);
      const data: FormValues = {};
      for (const field of schema.fields) {
        const value = input.data[field.name];
        if (value !== undefined) data[field.name] = value;
      }
      const errors = validateForm(schema, data);
      if (Object.keys(errors).length > 0) {
        throw formError(errors, input.language);
      }
      const canonical = Object.keys(data)
        .sort()
        .map((k) => [k, typeof data[k] === 'string' ? normalise(data[k] as string) : data[k]]);
      const fingerprint = sha256(JSON.stringify([input.formName, canonical]));
      const { row, created } = await store.insertFormOnce(
        { id: newLeadId('FRM'), formName: input.formName, language: input.language, fingerprint, data },
        FORM_DUPLICATE_WINDOW_HOURS,
      );
      return { formId: row.id, duplicate: !created };
    },

    /**
     * `submit-lead`. The customer-details fields are checked with the schema's rules in the language the
     * form was shown in; the contact number must be an operator number proved by a verified LEAD code; the
     * plan is priced from the catalogue; feasibility is decided here from the town list. A retry of the same
     * submission, or the same lead (number, address, plan) again, answers the lead already stored.
     */
    async submitLead(body: SubmitLeadBody): Promise<SubmitLeadResult> {
      const schema = await formSchema(LEAD_FORM_PAGE, body.language);
      const consentField = checkLeadForm(schema, body);
      const plan = pricedPlan(offer, body);
      const msisdn = toInternational(body.contactNumber);
      const fingerprint = leadFingerprint(msisdn, plan.code, body.address);
      const codeHash = sha256(`lead-unique-code:${body.uniqueCode}`);
      // The same request sent again (a retry after a lost answer): its code is spent, its lead stands.
      const retried = await store.findByUniqueCodeHash(codeHash);
      if (retried && retried.fingerprint === fingerprint) return submitResult(retried, true);

      const lineType = await deps.subscribers.lineType(body.contactNumber);
      let challenge: { id: string };
      try {
        challenge = await otp.useUniqueCode(body.uniqueCode, {
          msisdn: body.contactNumber,
          purposes: ['LEAD'],
        });
      } catch (error) {
        const inFlight = await twinRequestsLead(error, body, codeHash, fingerprint);
        if (inFlight) return submitResult(inFlight, true);
        throw error;
      }
      const feasible = isTownFeasible(offer.cities(), body.address.city);
      const { row, created } = await store.insertOnce(
        newLead(body, {
          fingerprint,
          codeHash,
          challengeId: challenge.id,
          msisdn,
          lineType,
          feasible,
          consentText: consentField?.label ?? '',
          plan,
          connectionFee: offer.connectionFee,
        }),
        DUPLICATE_WINDOW_DAYS,
      );
      if (body.feasibility !== undefined && body.feasibility !== row.feasible) {
        log.warn({ leadId: row.id, city: row.city }, 'the page and the town list disagree on feasibility');
      }
      return submitResult(row, !created);
    },

    /**
     * `track-lead`: the status with contact details masked; with the lead's own contact number, also what
     * paying for it needs (the sales-works payment of the status page).
     */
    async trackLead(leadId: string, contactNumber?: string): Promise<TrackLeadResult> {
      const row = await store.find(leadId);
      if (!row) throw new AppError('LEAD_NOT_FOUND');
      if (contactNumber !== undefined && toInternational(contactNumber) !== row.contactMsisdn) {
        throw new AppError('LEAD_NUMBER_MISMATCH');
      }
      return {
        refLeadId: row.id,
        status: row.status as LeadStatus,
        feasibility: row.feasible,
        leadType: row.leadType as TrackLeadResult['leadType'],
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        contactNumber: maskNumber(row.contactMsisdn),
        email: maskEmail(row.email),
        city: row.city,
        plan: {
          code: row.planCode,
          description: row.planDescription,
          amount: fromKobo(row.planAmountKobo),
          currency: row.currency,
        },
        connectionFee: fromKobo(row.connectionFeeKobo),
        amountDue: fromKobo(amountDueKobo(row)),
        currency: row.currency,
        payment:
          row.paymentTransactionId && row.paidAt
            ? {
                transactionId: contactNumber !== undefined ? row.paymentTransactionId : null,
                paidAt: row.paidAt.toISOString(),
              }
            : null,
        checkout:
          contactNumber !== undefined
            ? {
                msisdn: toNational(row.contactMsisdn),
                email: row.email,
                lineType: row.lineType,
                deviceId: row.deviceId,
              }
            : null,
      };
    },

    /**
     * For the payment module: what a lead's payment must be (amount due, currency, payer) and whether the
     * lead takes a payment now. Undefined for an unknown lead.
     */
    async leadForPayment(leadId: string) {
      const row = await store.find(leadId);
      if (!row) return undefined;
      return {
        leadId: row.id,
        msisdn: row.contactMsisdn,
        email: row.email,
        amount: fromKobo(amountDueKobo(row)),
        currency: row.currency,
        description: row.planDescription,
        status: row.status as LeadStatus,
        payable: PAYABLE.includes(row.status as LeadStatus),
      };
    },

    /**
     * Records a lead's payment (called once the payment of transaction type HBB_LEADS with txnId = lead id
     * is paid). Idempotent: the same transaction again answers true; a lead that is not payable is left as
     * it is (false, logged).
     */
    async markLeadPaid(leadId: string, transactionId: string): Promise<boolean> {
      if (await store.markPaid(leadId, transactionId, PAYABLE)) return true;
      const row = await store.find(leadId);
      if (row?.status === 'PAID' && row.paymentTransactionId === transactionId) return true;
      log.warn(
        { leadId, transactionId, status: row?.status ?? null },
        'a payment arrived for a lead that does not take one',
      );
      return false;
    },
  };
  return service;
}

export type LeadService = ReturnType<typeof createLeadService>;

/** Everything the module needs, from the app's database and the other modules' services. */
export function createLeads(deps: {
  orm: Orm;
  otp: LeadOtp;
  subscribers: LeadSubscribers;
  content: ContentPages;
  log: Log;
  files?: OfferFiles;
}): LeadService {
  return createLeadService({
    store: createLeadStore(deps.orm),
    offer: createOffer(deps.files ?? loadOfferFiles()),
    otp: deps.otp,
    subscribers: deps.subscribers,
    content: deps.content,
    log: deps.log,
  });
}
