import type { Logger } from '../../lib/logger.js';
import type { RetentionPeriods } from './periods.js';
import type { RetentionStore } from './store.js';

export type RetentionAction = 'deleted' | 'anonymised';

/** Rows changed by a pass, per table and action: `{ contact_messages: { deleted: 3 } }`. */
export type RetentionCounts = Record<string, Partial<Record<RetentionAction, number>>>;

export type PassReport = {
  counts: RetentionCounts;
  /** False when the pass stopped at its time budget (or was told to stop) with work left for the next. */
  complete: boolean;
  durationMs: number;
};

/** One kind of row the pass removes or anonymises, a batch at a time. */
type Step = { table: string; action: RetentionAction; batch: (limit: number) => Promise<number> };

/**
 * The queue lets a pass run this long before it may hand the job to someone else; a pass stops taking new
 * batches well before (PASS_BUDGET_MS), so two passes never overlap.
 */
export const RETENTION_PASS_EXPIRY_SECONDS = 15 * 60;
const PASS_BUDGET_MS = 10 * 60 * 1000;

function stepsOf(store: RetentionStore, p: RetentionPeriods): Step[] {
  return [
    {
      table: 'transactions',
      action: 'deleted',
      batch: (n) => store.deletePaymentRecords(p.paymentRecordsDays, n),
    },
    {
      table: 'transaction_events',
      action: 'deleted',
      batch: (n) => store.deleteTransactionEvents(p.transactionEventsDays, n),
    },
    {
      table: 'transactions',
      action: 'anonymised',
      batch: (n) => store.anonymisePayments(p.paymentPersonalDataDays, n),
    },
    {
      table: 'provider_events',
      action: 'deleted',
      batch: (n) => store.deleteProviderEvents(p.paymentPersonalDataDays, n),
    },
    { table: 'leads', action: 'anonymised', batch: (n) => store.anonymiseLeads(p.leadsDays, n) },
    {
      table: 'form_submissions',
      action: 'deleted',
      batch: (n) => store.deleteFormSubmissions(p.leadsDays, n),
    },
    {
      table: 'contact_messages',
      action: 'deleted',
      batch: (n) => store.deleteContactMessages(p.contactMessagesDays, n),
    },
    {
      table: 'service_feedback',
      action: 'anonymised',
      batch: (n) => store.anonymiseFeedback(p.feedbackDays, n),
    },
    {
      table: 'faq_visitor_votes',
      action: 'deleted',
      batch: (n) => store.deleteFaqVisitorVotes(p.faqVotesDays, n),
    },
    { table: 'otp_challenges', action: 'deleted', batch: (n) => store.deleteOtpChallenges(p.otpHours, n) },
    { table: 'otp_sends', action: 'deleted', batch: (n) => store.deleteOtpSends(p.otpHours, n) },
  ];
}

/** Runs a step's batches until one comes back short (nothing left) or the pass must stop. */
async function drain(step: Step, batchSize: number, mustStop: () => boolean) {
  let rows = 0;
  for (;;) {
    if (mustStop()) return { rows, done: false };
    const changed = await step.batch(batchSize);
    rows += changed;
    if (changed < batchSize) return { rows, done: true };
  }
}

export type RetentionDeps = {
  store: RetentionStore;
  periods: RetentionPeriods;
  batchSize: number;
  log: Logger;
  /** Told after every pass (the /metrics counters). */
  onPass?: (report: PassReport) => void;
};

/** Every step named, at 0: a pass that stops early still reports the steps it did not reach. */
function zeroCounts(steps: Step[]): RetentionCounts {
  const counts: RetentionCounts = {};
  for (const step of steps) counts[step.table] = { ...counts[step.table], [step.action]: 0 };
  return counts;
}

/**
 * Data retention (docs/decisions/0066): one pass deletes or anonymises what has been kept long enough, in
 * bounded batches, and logs one line of counts per table (counts only: no row of personal data is read).
 */
export function createRetention(deps: RetentionDeps) {
  const steps = stepsOf(deps.store, deps.periods);

  return {
    async runPass(options: { signal?: AbortSignal } = {}): Promise<PassReport> {
      const started = Date.now();
      const mustStop = () => Date.now() - started > PASS_BUDGET_MS || options.signal?.aborted === true;
      const counts = zeroCounts(steps);
      let complete = true;
      for (const step of steps) {
        const drained: { rows: number; done: boolean } = await drain(step, deps.batchSize, mustStop);
        counts[step.table]![step.action] = drained.rows;
        complete = drained.done;
        if (!complete) break;
      }
      const report = { counts, complete, durationMs: Date.now() - started };
      deps.log.info({ retention: counts, complete, durationMs: report.durationMs }, 'retention pass');
      deps.onPass?.(report);
      return report;
    },
  };
}

export type Retention = ReturnType<typeof createRetention>;
