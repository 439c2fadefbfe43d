import {
  bigint,
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Home-broadband leads (spec §3 "Lead payload"). One row per lead: who (name, contact number, email), the
 * consent they gave (and its text, as shown), where (installation address, landmark, town and the map
 * point, with how it was found), what (plan, priced by the server, and the connection fee) and whether the
 * town is served. `fingerprint` recognises the same lead submitted again (number, address, plan);
 * `uniqueCodeHash` recognises a retry of the very same submission.
 */
export const leads = pgTable(
  'leads',
  {
    id: text('id').primaryKey(),
    fingerprint: text('fingerprint').notNull(),
    uniqueCodeHash: text('unique_code_hash').notNull(),
    otpChallengeId: text('otp_challenge_id').notNull(),
    leadType: text('lead_type').notNull(),
    source: text('source').notNull(),
    status: text('status').notNull(),
    feasible: boolean('feasible').notNull(),
    fullName: text('full_name').notNull(),
    /** International form (234...). */
    contactMsisdn: text('contact_msisdn').notNull(),
    email: text('email').notNull(),
    lineType: text('line_type').notNull(),
    consent: boolean('consent').notNull(),
    consentText: text('consent_text').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    addressType: text('address_type').notNull(),
    street1: text('street1').notNull(),
    landmark: text('landmark').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** address, landmark, town (geocoded) or manual (placed by the customer). */
    locationSource: text('location_source').notNull(),
    planCode: text('plan_code').notNull(),
    planDescription: text('plan_description').notNull(),
    planAmountKobo: bigint('plan_amount_kobo', { mode: 'number' }).notNull(),
    connectionFeeKobo: bigint('connection_fee_kobo', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    deviceId: text('device_id'),
    formId: text('form_id'),
    language: text('language').notNull(),
    paymentTransactionId: text('payment_transaction_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the retention job removed who and where, keeping what was asked for (docs/decisions/0066). */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
  },
  (t) => [
    index('leads_not_anonymised_idx')
      .on(t.updatedAt)
      .where(sql`${t.anonymisedAt} is null`),
    index('leads_fingerprint_idx').on(t.fingerprint, t.createdAt),
    index('leads_contact_idx').on(t.contactMsisdn, t.createdAt),
    index('leads_unique_code_idx').on(t.uniqueCodeHash),
  ],
);

/**
 * Forms built from a content schema and saved through `form/v2/save` (the customer-details form of the lead
 * page, and any other schema form). The data is kept as submitted, after the server checked it with the
 * same rules as the page.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: text('id').primaryKey(),
    formName: text('form_name').notNull(),
    language: text('language').notNull(),
    fingerprint: text('fingerprint').notNull(),
    data: jsonb('data').$type<Record<string, string | boolean>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('form_submissions_fingerprint_idx').on(t.fingerprint, t.createdAt),
    index('form_submissions_created_idx').on(t.createdAt),
  ],
);
