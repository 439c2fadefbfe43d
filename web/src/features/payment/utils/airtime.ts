import { airtimePayerError, emailError, msisdnError } from '@portal/contract/rules';
import type { PurchaseContext } from '@/lib/purchase-context';
import type { MethodDetails } from './initiation';

/*
 * Paying with airtime (spec §4 "Airtime payment"), the rules the live panel (use-airtime-payment) and the plain
 * forms (web/src/server/airtime-action.ts) share.
 */

type Purchase = Pick<PurchaseContext, 'transactionType' | 'msisdn'>;

/**
 * The payer's number on the airtime form (spec §5: 'Please enter Phone No', 'Please enter valid phone no'),
 * and never the line a prepaid recharge is for.
 */
export function airtimePayerProblem(purchase: Purchase, payer: string): string | undefined {
  return msisdnError(payer, true) ?? airtimePayerError(purchase.transactionType, purchase.msisdn, payer);
}

/** What is wrong with the airtime form, by field ('payer', 'email'), with the airtime form's texts. */
export function airtimeFormProblems(
  purchase: Purchase,
  payer: string,
  email: string,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const payerProblem = airtimePayerProblem(purchase, payer);
  if (payerProblem) problems['payer'] = payerProblem;
  const emailProblem = emailError(email, true);
  if (emailProblem) problems['email'] = emailProblem;
  return problems;
}

/** 'Are you sure?' when the payer's airtime covers the amount, else the insufficient-balance message. */
export function coversAmount(balance: number, amount: number): boolean {
  return balance >= amount;
}

/** What an airtime payment adds to its initiation and process payloads: the payer and its verified code. */
export function airtimeDetails(payer: string, emailId: string, uniqueCode: string): MethodDetails {
  return { paymentMode: 'AIR_TIME', payer, emailId, uniqueCode };
}
