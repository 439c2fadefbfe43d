import { failedCheckMessage, type LineCheck } from '@/domain/number-check/msisdn-field';

/** The operator-number check of the wallet number runs at 10 digits (spec §4 "Mobile money"). */
export const MOBILE_MONEY_REQUEST_TYPE = 'MOBILE_MONEY';

/**
 * The text (a key of the payment page's texts, `{{brand}}` filled from the configuration) of a wallet number the
 * check refused: not one of the brand's numbers, 'Please enter valid ... number' (spec §4 "Mobile money").
 */
export const WALLET_NUMBER_REFUSED = 'payment.mobileMoney.invalidNumber';

/**
 * What a finished check says against a mobile-money wallet number, the live page's and the plain form's alike:
 * refused, `WALLET_NUMBER_REFUSED`; no answer came, the rule text that says so; else nothing.
 */
export function walletNumberProblem(check: LineCheck): string | undefined {
  if (check.status === 'error') return WALLET_NUMBER_REFUSED;
  return failedCheckMessage(check);
}
