import pg from 'pg';

/**
 * The money invariants, checked against the portal's records AND the outside world's own records (the
 * sandbox core's operations, the gateway's transactions and refunds, the wallets' payments):
 * - every charge is its payment's one charge, fulfilled once, or it is refunded - never both, never twice;
 * - a refund comes within 30 s of the payment being confirmed (PAID); for a charge the core holds (an airtime
 *   debit, refunded by the core's reversal) the seconds the core was down do not count: no refund of it can
 *   happen while the core is down;
 * - nobody is debited without consent: an airtime or wallet PIN debit needs the payer's spent code for that
 *   amount, a push debit the payer's own approval, a card charge the gateway's checkout;
 * - every transaction is final, and every reversal the core owed has been answered.
 */
export type InvariantReport = {
  transactions: number;
  byState: Record<string, number>;
  charges: number;
  credits: number;
  refunds: number;
  /** The 30 s rule's figure: for a charge the core holds, without the time the core was down. */
  worstRefundSeconds: number;
  /** The same, counting every second. */
  worstRefundTotalSeconds: number;
  violations: string[];
};

const FINAL = ['FULFILLED', 'REFUNDED', 'FAILED', 'CANCELLED', 'EXPIRED'];
const CREDIT_TYPES = ['AIRTIME_CREDIT', 'BUNDLE_PROVISION', 'BILL_PAYMENT', 'INVOICE_PAYMENT'];
const MODES_OF: Record<string, string[]> = {
  card: ['PAYMENT_GATEWAY', 'HBB_LEADS'],
  airtime: ['AIR_TIME', 'HBB_AIRTIME'],
  'wallet-pin': ['NAIJA_MONEY', 'SMARTCASH'],
  'wallet-prompt': ['NAIJA_MONEY_PUSH', 'MPESA'],
};

type Tx = {
  id: string;
  state: string;
  provider_reference: string | null;
  amount_kobo: string;
  payment_mode: string;
  payment_mobile: string | null;
  consent_challenge: string | null;
  reversal_due_at: Date | null;
  reversal_done_at: Date | null;
};
/** A charge as its provider records it; `payer` for debits of a number (airtime, wallets). */
type Charge = { kind: keyof typeof MODES_OF; reference: string; refunded: boolean; payer?: string };
type Check = (client: pg.Client, txs: Tx[], violations: string[]) => Promise<void>;

const txOf = (txs: Tx[], reference: string) =>
  txs.find((t) => reference === t.id || reference.startsWith(`${t.id}-R`));

async function chargesOf(client: pg.Client): Promise<Charge[]> {
  const card = await client.query<{ reference: string; refunded: boolean }>(
    `select c.reference, exists(select 1 from sandbox.card_refunds r where r.transaction_id = c.id) as refunded
     from sandbox.card_transactions c where c.status in ('success', 'reversed')`,
  );
  const wallets = await client.query<{ reference: string; refunded: boolean; flow: string; msisdn: string }>(
    `select reference, refunded_at is not null as refunded, flow, msisdn
     from sandbox.wallet_payments where status = 'SUCCESSFUL'`,
  );
  const airtime = await client.query<{ reference: string; refunded: boolean; msisdn: string }>(
    `select transaction_id as reference, reversed_by is not null as refunded, msisdn
     from sandbox.operations where type = 'AIRTIME_DEBIT'`,
  );
  return [
    ...card.rows.map((c) => ({ kind: 'card' as const, ...c })),
    ...wallets.rows.map((w) => ({
      kind: w.flow === 'PIN' ? ('wallet-pin' as const) : ('wallet-prompt' as const),
      reference: w.reference,
      refunded: w.refunded,
      payer: w.msisdn,
    })),
    ...airtime.rows.map((a) => ({ kind: 'airtime' as const, ...a, payer: a.msisdn })),
  ];
}

/** A charge is its payment's one charge when the payment settled on its reference. */
function checkCharges(charges: Charge[], txs: Tx[], violations: string[]) {
  const kept = new Map<string, number>();
  for (const c of charges) {
    const t = txOf(txs, c.reference);
    if (!t) {
      violations.push(`charge ${c.reference} has no transaction`);
      continue;
    }
    const own = c.reference === t.provider_reference;
    if (t.state === 'FULFILLED' && own) {
      if (c.refunded) violations.push(`charge ${c.reference} of ${t.id} fulfilled AND refunded`);
      else kept.set(t.id, (kept.get(t.id) ?? 0) + 1);
    } else if (!c.refunded) {
      violations.push(
        `charge ${c.reference} of ${t.id} (${t.state}${own ? '' : ', not its charge'}) not refunded`,
      );
    }
  }
  for (const [id, n] of kept) if (n > 1) violations.push(`${id} kept ${n} charges`);
}

/** Consent: debits of a number only for a payment of the matching mode, with its proof. */
const checkConsent =
  (charges: Charge[]): Check =>
  async (client, txs, violations) => {
    for (const c of charges.filter((x) => x.kind !== 'card')) {
      const t = txOf(txs, c.reference);
      if (!t) continue;
      if (!MODES_OF[c.kind]!.includes(t.payment_mode)) {
        violations.push(`${c.kind} debit ${c.reference} for a ${t.payment_mode} payment`);
        continue;
      }
      if (c.kind === 'wallet-prompt') continue; // The payer approved it on the phone, with the PIN.
      const proof = await client.query(
        `select 1 from otp_challenges where id = $1 and msisdn = $2 and purpose in ('PAYMENT', 'AUTH')
         and (context->>'amountKobo')::bigint = $3 and unique_code_used_at is not null`,
        [t.consent_challenge, c.payer, t.amount_kobo],
      );
      if (proof.rowCount !== 1)
        violations.push(`${c.kind} debit ${c.reference} without the payer's spent code`);
    }
  };

const checkCredits: Check = async (client, txs, violations) => {
  const credits = await client.query<{ transaction_id: string; reversed_by: string | null }>(
    `select transaction_id, reversed_by from sandbox.operations where type = any($1)`,
    [CREDIT_TYPES],
  );
  for (const t of txs) {
    if (!FINAL.includes(t.state)) violations.push(`${t.id} not final: ${t.state}`);
    const live = credits.rows.filter((c) => c.transaction_id === t.id && !c.reversed_by).length;
    if (live > 1) violations.push(`${t.id} fulfilled ${live} times`);
    if (t.state === 'FULFILLED' && live !== 1) violations.push(`${t.id} FULFILLED with ${live} credits`);
    if (t.state !== 'FULFILLED' && live > 0) violations.push(`${t.id} ${t.state} but credited`);
    if (t.reversal_due_at && !t.reversal_done_at) violations.push(`${t.id} reversal never answered`);
  }
};

/**
 * A time the core was down, as the soak saw it: inside the real outage, which began before `from` (the
 * sandbox took the fault first) and ended after `to`.
 */
export type CoreDown = { from: Date; to: Date };

/**
 * Each refund's seconds after PAID; `seconds` leaves out, for a charge the core holds, the time the core was
 * down between the two (`coreDownSeconds`).
 */
async function refundTimes(client: pg.Client, txs: Tx[], coreDown: readonly CoreDown[]) {
  const rows = await client.query<{ transaction_id: string; paid: Date; refunded: Date }>(
    `select p.transaction_id, p.created_at as paid, r.created_at as refunded
     from transaction_events p join transaction_events r on r.transaction_id = p.transaction_id
     where p.to_state = 'PAID' and r.to_state = 'REFUNDED'`,
  );
  const modeOf = new Map(txs.map((t) => [t.id, t.payment_mode]));
  return rows.rows.map((r) => {
    const total = (r.refunded.getTime() - r.paid.getTime()) / 1000;
    const down = MODES_OF['airtime']!.includes(modeOf.get(r.transaction_id) ?? '')
      ? overlapSeconds(r.paid, r.refunded, coreDown)
      : 0;
    return { transaction_id: r.transaction_id, total, coreDownSeconds: down, seconds: total - down };
  });
}

function overlapSeconds(from: Date, to: Date, windows: readonly CoreDown[]): number {
  let ms = 0;
  for (const w of windows)
    ms += Math.max(0, Math.min(to.getTime(), w.to.getTime()) - Math.max(from.getTime(), w.from.getTime()));
  return ms / 1000;
}

/**
 * Where a late refund's time went: the payment's moves and the core's operations for it, in seconds after
 * PAID (a core operation's time is when the core applied it).
 */
async function timelineOf(client: pg.Client, transactionId: string): Promise<string> {
  const { rows } = await client.query<{ at: number; what: string }>(
    `with paid as (select created_at from transaction_events where transaction_id = $1 and to_state = 'PAID' limit 1)
     select extract(epoch from e.created_at - paid.created_at)::float as at,
            coalesce(e.from_state, '') || '->' || e.to_state as what
       from transaction_events e, paid where e.transaction_id = $1
     union all
     select extract(epoch from o.created_at - paid.created_at)::float, 'core ' || o.type
       from sandbox.operations o, paid where o.transaction_id = $1
     order by 1`,
    [transactionId],
  );
  const paid = await client.query<{ at: Date }>(
    `select created_at as at from transaction_events where transaction_id = $1 and to_state = 'PAID' limit 1`,
    [transactionId],
  );
  const moves = rows.map((r) => `${r.at.toFixed(1)} ${r.what}`).join(', ');
  return `PAID at ${paid.rows[0]?.at.toISOString() ?? '?'}; ${moves}`;
}

export async function checkInvariants(
  databaseUrl: string,
  coreDown: readonly CoreDown[] = [],
): Promise<InvariantReport> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const violations: string[] = [];
    const txs = (
      await client.query<Tx>(
        `select id, state, provider_reference, amount_kobo, payment_mode, payment_mobile,
           meta->'consent'->>'challengeId' as consent_challenge, reversal_due_at, reversal_done_at
         from transactions`,
      )
    ).rows;
    const byState: Record<string, number> = {};
    for (const t of txs) byState[t.state] = (byState[t.state] ?? 0) + 1;
    const charges = await chargesOf(client);
    checkCharges(charges, txs, violations);
    await checkConsent(charges)(client, txs, violations);
    await checkCredits(client, txs, violations);
    const refunds = await refundTimes(client, txs, coreDown);
    for (const r of refunds)
      if (r.seconds > 30)
        violations.push(
          `${r.transaction_id} refunded ${r.total.toFixed(1)} s after PAID` +
            (r.coreDownSeconds > 0 ? ` (${r.coreDownSeconds.toFixed(1)} s of it with the core down)` : '') +
            `: ${await timelineOf(client, r.transaction_id)}`,
        );
    const credits = await client.query(`select 1 from sandbox.operations where type = any($1)`, [
      CREDIT_TYPES,
    ]);
    return {
      transactions: txs.length,
      byState,
      charges: charges.length,
      credits: credits.rowCount ?? 0,
      refunds: refunds.length,
      worstRefundSeconds: Math.max(0, ...refunds.map((r) => r.seconds)),
      worstRefundTotalSeconds: Math.max(0, ...refunds.map((r) => r.total)),
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
      `select count(*)::int as n from transactions
       where state not in ('FULFILLED','REFUNDED','FAILED','CANCELLED','EXPIRED')
          or (reversal_due_at is not null and reversal_done_at is null)`,
    );
    return r.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * A payment confirmed while the core was down, which stayed down 30 s after that confirmation, must have been
 * refunded within those 30 s - and no credit can have landed (the core failed every call): its reversal, if
 * one was due, found nothing to reverse. Witnesses confirmed later in an outage prove nothing and are counted
 * apart.
 */
export async function checkOutageWitnesses(
  databaseUrl: string,
  witnesses: { transactionId: string; downFrom: Date; downTo: Date }[],
): Promise<{ qualified: number; other: number; violations: string[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const violations: string[] = [];
    let qualified = 0;
    for (const w of witnesses) {
      const { rows } = await client.query<{
        state: string;
        paid_at: Date | null;
        reversal_outcome: string | null;
      }>('select state, paid_at, reversal_outcome from transactions where id = $1', [w.transactionId]);
      const t = rows[0];
      const paidAt = t?.paid_at?.getTime();
      if (!t || paidAt === undefined || paidAt < w.downFrom.getTime() || w.downTo.getTime() - paidAt < 30_000)
        continue;
      qualified++;
      if (t.state !== 'REFUNDED' || t.reversal_outcome === 'REVERSED')
        violations.push(
          `${w.transactionId} confirmed during a core outage: ${t.state}, reversal ${t.reversal_outcome ?? 'none'}`,
        );
    }
    return { qualified, other: witnesses.length - qualified, violations };
  } finally {
    await client.end();
  }
}
