/**
 * How long the portal keeps what (docs/decisions/0066). Set from the environment (`RETENTION_*`, config.ts);
 * every period counts from the row's last change unless its table says otherwise.
 */
export type RetentionPeriods = {
  /** State changes of payments closed this long ago are deleted (the payment row keeps its times). */
  transactionEventsDays: number;
  /** Payer numbers, email and account of payments closed this long ago are removed; provider messages deleted. */
  paymentPersonalDataDays: number;
  /** Payment records (with their charge attempts) closed this long ago are deleted: the financial-records period. */
  paymentRecordsDays: number;
  /** Home-broadband leads are anonymised, saved forms deleted. */
  leadsDays: number;
  contactMessagesDays: number;
  /** Service feedback loses its number and comment; the rating and topic stay. */
  feedbackDays: number;
  /** Who voted on a FAQ (the visitor cookie's id) is deleted; the counts stay. */
  faqVotesDays: number;
  /** One-time-code challenges and their sends. */
  otpHours: number;
};
