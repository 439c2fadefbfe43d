import type { SandboxDb } from './db.js';
import { migrateSchema } from './schema.js';

/*
 * The sandbox contract of design.md section 4. Tests everywhere rely on these facts: change them only together
 * with that table. Amounts in kobo; numbers in international form; expiries and invoice dates in days from today.
 */

const PIN = '1234';
const GB = 1024;

export const SEED = {
  subscribers: [
    {
      msisdn: '2348021000001',
      line_type: 'PREPAID',
      broadband: false,
      account_no: null,
      airtime_kobo: 500_000,
    },
    {
      msisdn: '2348021000002',
      line_type: 'POSTPAID',
      broadband: false,
      account_no: '1000000002',
      airtime_kobo: 0,
    },
    {
      msisdn: '2348021000003',
      line_type: 'HYBRID',
      broadband: false,
      account_no: '1000000003',
      airtime_kobo: 0,
    },
    {
      msisdn: '2348021000004',
      line_type: 'PREPAID',
      broadband: false,
      account_no: null,
      airtime_kobo: 5_000,
    },
    { msisdn: '2349021000005', line_type: 'PREPAID', broadband: true, account_no: null, airtime_kobo: 0 },
    { msisdn: '2348021000006', line_type: 'PREPAID', broadband: false, account_no: null, airtime_kobo: 0 },
  ],
  dataBalances: [
    {
      msisdn: '2348021000001',
      balance_type: 'DATA_MAIN',
      description: 'Data balance',
      mb: 2 * GB,
      expires_in_days: 30,
    },
  ],
  bundles: [
    {
      msisdn: '2349021000005',
      product_code: 'MIFI_MONTHLY_10GB',
      description: 'MiFi Monthly 10GB',
      data_mb: 10 * GB,
      expires_in_days: 20,
    },
  ],
  accounts: [
    {
      account_no: '1000000002',
      kind: 'POSTPAID',
      msisdn: '2348021000002',
      contact_email: null,
      outstanding_kobo: 1_234_550,
    },
    {
      account_no: '1000000003',
      kind: 'POSTPAID',
      msisdn: '2348021000003',
      contact_email: null,
      outstanding_kobo: 300_000,
    },
    {
      account_no: 'PA0000000001',
      kind: 'FIXED',
      msisdn: '2348021000001',
      contact_email: 'billing@example.com',
      outstanding_kobo: 0,
    },
    {
      account_no: 'EB0000000002',
      kind: 'FIXED',
      msisdn: null,
      contact_email: 'ops@example.com',
      outstanding_kobo: 0,
    },
  ],
  // PA0000000001: three open invoices, the oldest overdue (due ten days ago), the others due in the future.
  invoices: [
    {
      invoice_no: 'INV0000000101',
      account_no: 'PA0000000001',
      start_offset_days: -70,
      end_offset_days: -41,
      due_offset_days: -10,
      amount_kobo: 2_500_000,
    },
    {
      invoice_no: 'INV0000000102',
      account_no: 'PA0000000001',
      start_offset_days: -40,
      end_offset_days: -11,
      due_offset_days: 5,
      amount_kobo: 2_500_000,
    },
    {
      invoice_no: 'INV0000000103',
      account_no: 'PA0000000001',
      start_offset_days: -10,
      end_offset_days: 19,
      due_offset_days: 25,
      amount_kobo: 1_250_050,
    },
  ],
  wallets: [
    { msisdn: '2348021000001', provider: 'MOMO', balance_kobo: 10_000_000, pin: PIN, pin_attempts_left: 5 },
    {
      msisdn: '2348021000001',
      provider: 'SMARTCASH',
      balance_kobo: 5_000_000,
      pin: PIN,
      pin_attempts_left: 5,
    },
    { msisdn: '2348021000001', provider: 'MPESA', balance_kobo: 2_000_000, pin: PIN, pin_attempts_left: 5 },
    // Locked: PIN attempts exhausted.
    { msisdn: '2348021000006', provider: 'MOMO', balance_kobo: 1_000_000, pin: PIN, pin_attempts_left: 0 },
  ],
};

/** Creates the schema if needed and seeds an empty sandbox. Safe to run on every start, by every instance. */
export async function migrateSandbox(db: SandboxDb): Promise<void> {
  await migrateSchema(db);
  await db.query('SELECT sandbox.load_seed($1::jsonb, true)', [JSON.stringify(SEED)]);
}

/** Throws away all sandbox state (balances, payments, messages, faults) and loads the seed again. */
export async function resetSandbox(db: SandboxDb): Promise<void> {
  await db.query('SELECT sandbox.load_seed($1::jsonb, false)', [JSON.stringify(SEED)]);
}
