import pg from 'pg';

/**
 * The money invariants, checked against the portal's records AND the outside world's own records (the
 * sandbox core's operations, the gateway's transactions and refunds, the wallets' payments):
 * every charge is fulfilled once or refunded; nothing is fulfilled twice; no credit without a charge;
 * every transaction is final; refunds come within 30 s of the failed fulfilment.
 */
export type InvariantReport = {
  transactions: number;
  byState: Record<string, number>;
  charges: number;
  credits: number;
  refunds: number;
  violations: string[];
};

const FINAL = ['FULFILLED', 'REFUNDED', 'FAILED', 'CANCELLED', 'EXPIRED'];
const CREDIT_TYPES = ['AIRTIME_CREDIT', 'BUNDLE_PROVISION', 'BILL_PAYMENT', 'INVOICE_PAYMENT'];

export async function checkInvariants(databaseUrl: string): Promise<InvariantReport> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const violations: string[] = [];
    const txs = (
      await client.query<{
        id: string;
        state: string;
        provider_reference: string | null;
        amount_kobo: string;
        payment_mode: string;
      }>('select id, state, provider_reference, amount_kobo, payment_mode from transactions')
    ).rows;
    const byState: Record<string, number> = {};
    for (const t of txs) byState[t.state] = (byState[t.state] ?? 0) + 1;

    // What the providers say was charged (a charge is identified by its reference, which starts with our id).
    const cardCharges = (
      await client.query<{ reference: string; amount_kobo: string; refunded: boolean }>(
        `select c.reference, c.amount_kobo, exists(select 1 from sandbox.card_refunds r where r.transaction_id = c.id) as refunded
         from sandbox.card_transactions c where c.status in ('success', 'reversed')`,
      )
    ).rows;
    const walletCharges = (
      await client.query<{ reference: string; amount_kobo: string; refunded: boolean }>(
        `select reference, amount_kobo, refunded_at is not null as refunded from sandbox.wallet_payments where status = 'SUCCESSFUL'`,
      )
    ).rows;
    const charges = [...cardCharges, ...walletCharges];
    const txOf = (reference: string) =>
      txs.find((t) => reference === t.id || reference.startsWith(`${t.id}-R`));

    const credits = (
      await client.query<{
        transaction_id: string;
        type: string;
        reversed_by: string | null;
        operation_id: string;
      }>(
        `select transaction_id, type, reversed_by, operation_id from sandbox.operations where type = any($1)`,
        [CREDIT_TYPES],
      )
    ).rows;
    const liveCredits = (id: string) => credits.filter((c) => c.transaction_id === id && !c.reversed_by);

    for (const t of txs) {
      if (!FINAL.includes(t.state)) violations.push(`${t.id} not final: ${t.state}`);
      const live = liveCredits(t.id);
      if (live.length > 1) violations.push(`${t.id} fulfilled ${live.length} times`);
      if (t.state === 'FULFILLED' && live.length !== 1)
        violations.push(`${t.id} FULFILLED with ${live.length} credits`);
      if (t.state !== 'FULFILLED' && live.length > 0) violations.push(`${t.id} ${t.state} but credited`);
    }
    for (const c of charges) {
      const t = txOf(c.reference);
      if (!t) {
        violations.push(`charge ${c.reference} has no transaction`);
        continue;
      }
      if (t.state === 'FULFILLED') continue;
      if (!c.refunded)
        violations.push(`charge ${c.reference} of ${t.id} (${t.state}) neither fulfilled nor refunded`);
    }
    for (const credit of credits) {
      const charged = charges.some((c) => txOf(c.reference)?.id === credit.transaction_id);
      const airtimePaid = (
        await client.query('select 1 from sandbox.operations where operation_id = $1', [
          `${credit.transaction_id}:charge`,
        ])
      ).rowCount;
      if (!charged && !airtimePaid) violations.push(`credit ${credit.operation_id} without a charge`);
    }
    const slowRefunds = (
      await client.query<{ transaction_id: string; seconds: number }>(
        `select p.transaction_id, extract(epoch from r.created_at - p.created_at)::float as seconds
         from transaction_events p join transaction_events r on r.transaction_id = p.transaction_id
        where p.to_state = 'REFUND_PENDING' and r.to_state = 'REFUNDED'`,
      )
    ).rows;
    for (const r of slowRefunds)
      if (r.seconds > 30) violations.push(`${r.transaction_id} refunded after ${r.seconds.toFixed(1)} s`);

    return {
      transactions: txs.length,
      byState,
      charges: charges.length,
      credits: credits.length,
      refunds: slowRefunds.length,
      violations,
    };
  } finally {
    await client.end();
  }
}

export async function pendingCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const r = await client.query<{ n: number }>(
      `select count(*)::int as n from transactions where state not in ('FULFILLED','REFUNDED','FAILED','CANCELLED','EXPIRED')`,
    );
    return r.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}
