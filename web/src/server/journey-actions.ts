import type { Bundle } from '@portal/contract/api/catalogue';
import type { LineType } from '@portal/contract/api/subscriber';
import {
  amountErrorOf,
  digitsOnly,
  isMsisdn,
  MSG,
  msisdnError,
  typedAmount,
  typedMobileNumber,
} from '@portal/contract/rules';
import type { AmountLimits } from '@portal/contract/rules';
import { errorMessage } from '@/lib/api';
import { BUNDLE_FIELD, bundlesQuery } from '@/domain/bundles/bundle-list';
import { bundlePurchaseContext } from '@/domain/bundles/bundle-purchase';
import {
  failedCheck,
  failedCheckMessage,
  lineCheckQuery,
  type LineCheckOptions,
  type LineRefusal,
} from '@/domain/number-check/msisdn-field';
import {
  PREPAID_LINE_TYPES,
  PREPAID_RECHARGE_REQUEST,
  prepaidRechargeContext,
} from '@/features/recharge/utils/recharge-rules';
import { DATA_BUNDLE_REQUEST } from '@/features/bundles/components/data-bundle-page';
import { BROADBAND_PATH, DATA_BUNDLE_PATH, PREPAID_RECHARGE_PATH } from '@/lib/journey-paths';
import {
  BROADBAND_LINE_CHECK,
  BROADBAND_LINE_TYPES,
  BROADBAND_RECHARGE_TYPE,
} from '@/features/broadband/utils/broadband-rules';
import { dataBundleLineTypes, dataBundleRefusal } from '@/features/bundles/utils/data-bundle-rules';
import { getBill } from '@/features/bill-pay/api/get-bill';
import {
  BILL_INTENT,
  billAmount,
  billIntent,
  postpaidBillContext,
  postpaidLineTypes,
  postpaidRequestType,
} from '@/features/bill-pay/utils/bill-rules';
import { openInvoicesKey, showBills } from '@/features/fixed-internet/api/fixed-account';
import {
  fixedInternetErrors,
  invoicePurchaseContext,
  normaliseAccountNo,
  payerMsisdn,
} from '@/features/fixed-internet/utils/fixed-internet-rules';
import { answered, invalid, toPayment, type ActionContext, type ActionResult } from './form';

/**
 * The purchase journeys as plain HTML forms (no JavaScript, or a form sent before the page was live): the
 * same rules (contract/src/rules.ts) and the same API calls as the scripted pages, answered with the page
 * again (values and the spec's messages inline) or with the payment page of the purchase.
 */

type LineCheckQuery = ReturnType<typeof lineCheckQuery>;

/**
 * The number's rule message and line type, through the page's own line-check query: the page then renders
 * the check's result (and what follows from it, such as the bundle list) as the live page would. A check that
 * got no answer (the core down, a busy portal) says so, as the live page does, instead of 'Invalid Mobile No'.
 */
export async function checkLine(
  context: ActionContext,
  msisdn: string,
  query: LineCheckQuery,
  expected: readonly string[],
  refusal: LineRefusal = () => MSG.invalidMobile,
) {
  if (!isMsisdn(msisdn)) return { error: msisdnError(msisdn) ?? MSG.invalidMobile, lineType: undefined };
  try {
    const lineType = await context.queryClient.fetchQuery<LineType>(query);
    return expected.includes(lineType) ? { lineType } : { error: refusal(lineType), lineType };
  } catch (error) {
    return { error: failedCheckMessage(failedCheck(error)), lineType: undefined };
  }
}

/** An amount the page takes: present, and within the limits (an empty one is below the minimum). */
function amountRuleError(
  amount: string,
  limits: AmountLimits,
  options: { currency: string; kobo: boolean },
): string | undefined {
  return amountErrorOf(amount || '0', limits, options);
}

function dualCurrency(context: ActionContext) {
  return { enableDualCurrency: context.config.enableDualCurrency ?? false };
}

/** A bundle the number may buy, from the list the page shows (never a client-written description). */
async function chosenBundle(context: ActionContext, msisdn: string, lineType: string | undefined) {
  const code = context.fields[BUNDLE_FIELD];
  if (!code) return undefined;
  const bundles = await context.queryClient.fetchQuery(bundlesQuery(msisdn, lineType, context.language.code));
  return bundles.find((bundle) => bundle.productCode === code);
}

/** Opens the payment page for `bundle`, bought for the number from the page at `redirectPage`. */
function payForBundle(
  context: ActionContext,
  bundle: Bundle,
  line: { msisdn: string; lineType: string | undefined; broadband?: boolean; rechargeType?: string },
  redirectPage: string,
): ActionResult {
  return toPayment(context, bundlePurchaseContext(bundle, { ...line, redirectPage }, dualCurrency(context)));
}

/**
 * A bundle page's form: the number checked; then the bundle chosen (to the payment page), or the page again
 * with the number's bundles (their list query filled now, so the page shows them).
 */
async function bundlePageAction(
  context: ActionContext,
  page: {
    lineCheck: LineCheckOptions;
    expected: readonly string[];
    refusal?: LineRefusal;
    path: string;
    purchase?: { broadband: boolean; rechargeType: string };
  },
): Promise<ActionResult> {
  const msisdn = typedMobileNumber(context.fields['msisdn'] ?? '');
  const values = { msisdn };
  const query = lineCheckQuery(msisdn, page.lineCheck);
  const line = await checkLine(context, msisdn, query, page.expected, page.refusal);
  if (line.error) return invalid({ values, errors: { msisdn: line.error } });
  try {
    const bundle = await chosenBundle(context, msisdn, line.lineType);
    if (bundle) {
      return payForBundle(context, bundle, { msisdn, lineType: line.lineType, ...page.purchase }, page.path);
    }
    await context.queryClient.fetchQuery(bundlesQuery(msisdn, line.lineType, context.language.code));
    return answered(values);
  } catch (error) {
    return invalid({ values, message: errorMessage(error) });
  }
}

export async function prepaidRechargeAction(context: ActionContext): Promise<ActionResult> {
  const msisdn = typedMobileNumber(context.fields['msisdn'] ?? '');
  const amount = typedAmount(context.fields['amount'] ?? '');
  const values = { msisdn, amount };
  const query = lineCheckQuery(msisdn, { requestType: PREPAID_RECHARGE_REQUEST });
  const line = await checkLine(context, msisdn, query, PREPAID_LINE_TYPES);
  if (line.error) return invalid({ values, errors: { msisdn: line.error } });

  const bundle = await chosenBundle(context, msisdn, line.lineType);
  if (bundle)
    return payForBundle(context, bundle, { msisdn, lineType: line.lineType }, PREPAID_RECHARGE_PATH);
  const { preMinAmnt: min, preMaxAmnt: max, currency } = context.config;
  const amountProblem = amountRuleError(amount, { min, max }, { currency, kobo: false });
  if (amountProblem) {
    // The page again shows the accepted number's bundle list (spec §2) as the live page does: its query is
    // filled now, else the server's HTML would hold a loader that nothing finishes without JavaScript. A
    // failed read is kept too: the list then says so, with a link to try again.
    await context.queryClient.prefetchQuery(bundlesQuery(msisdn, line.lineType, context.language.code));
    return invalid({ values, errors: { amount: amountProblem } });
  }
  return toPayment(
    context,
    prepaidRechargeContext({
      msisdn,
      amount: Number(amount),
      lineType: line.lineType,
      currency,
      ...dualCurrency(context),
    }),
  );
}

export async function dataBundleAction(context: ActionContext): Promise<ActionResult> {
  return bundlePageAction(context, {
    lineCheck: { requestType: DATA_BUNDLE_REQUEST },
    expected: dataBundleLineTypes(context.config.enablePostpaidBundles ?? false),
    refusal: dataBundleRefusal,
    path: DATA_BUNDLE_PATH,
  });
}

/** /broadband-recharge: the router or MiFi number, then its plans; a plan bought is a broadband recharge. */
export async function broadbandAction(context: ActionContext): Promise<ActionResult> {
  return bundlePageAction(context, {
    lineCheck: BROADBAND_LINE_CHECK,
    expected: BROADBAND_LINE_TYPES,
    path: BROADBAND_PATH,
    purchase: { broadband: true, rechargeType: BROADBAND_RECHARGE_TYPE },
  });
}

export async function postpaidBillAction(context: ActionContext): Promise<ActionResult> {
  const { fields, config } = context;
  const msisdn = typedMobileNumber(fields['msisdn'] ?? '');
  const accountNo = digitsOnly(fields['accountNo'] ?? '', 10);
  let amount = typedAmount(fields['amount'] ?? '');
  const hybridCheck = config.postpaidHybridCheck ?? true;
  const query = lineCheckQuery(msisdn, { requestType: postpaidRequestType(hybridCheck) });
  const line = await checkLine(context, msisdn, query, postpaidLineTypes(hybridCheck));
  if (line.error) return invalid({ values: { msisdn, amount, accountNo }, errors: { msisdn: line.error } });

  if (billIntent(fields) === BILL_INTENT.fetchBill) {
    if (!/^\d{10}$/.test(accountNo)) {
      return invalid({ values: { msisdn, amount, accountNo }, errors: { accountNo: MSG.invalidAccount } });
    }
    try {
      const bill = await getBill({ msisdn, accountNo });
      const filled = billAmount(bill.totalOutstanding, config['beta.amountToHigherValueFeature'] ?? false);
      if (!filled.nothingDue) amount = filled.amount;
      const outstanding = String(bill.totalOutstanding);
      return answered({ msisdn, amount, accountNo, outstanding, rounded: String(filled.rounded) });
    } catch (error) {
      return invalid({ values: { msisdn, amount, accountNo }, message: errorMessage(error) });
    }
  }

  const amountProblem = amountRuleError(
    amount,
    { min: config.postMinAmnt, max: config.postMaxAmnt },
    { currency: config.currency, kobo: !(config['beta.amountToHigherValueFeature'] ?? false) },
  );
  if (amountProblem)
    return invalid({ values: { msisdn, amount, accountNo }, errors: { amount: amountProblem } });
  return toPayment(
    context,
    postpaidBillContext({
      msisdn,
      amount: Number(amount),
      lineType: line.lineType,
      accountNo: accountNo || undefined,
      currency: config.currency,
      ...dualCurrency(context),
    }),
  );
}

export async function fixedInternetAction(context: ActionContext): Promise<ActionResult> {
  const accountNo = normaliseAccountNo(context.fields['accountNo'] ?? '');
  const email = context.fields['email'] ?? '';
  const values = { accountNo, email };
  const errors = fixedInternetErrors(accountNo, email);
  if (errors.account || errors.email) {
    return invalid({
      values,
      errors: {
        ...(errors.account ? { accountNo: errors.account } : {}),
        ...(errors.email ? { email: errors.email } : {}),
      },
    });
  }
  let account;
  try {
    account = await showBills({ accountNo, contactPersonEmailId: email });
  } catch (error) {
    return invalid({ values, message: errorMessage(error) });
  }
  // The page starts from these invoices (its PAY BILL buttons send one of them back).
  context.queryClient.setQueryData(openInvoicesKey(accountNo, email), account);
  const invoice = account.response.invoices.find((i) => i.invoiceNo === context.fields['invoiceNo']);
  const msisdn = payerMsisdn(account);
  if (context.fields['intent'] !== 'pay' || !invoice || !msisdn) return answered(values);
  return toPayment(
    context,
    invoicePurchaseContext({
      invoice,
      msisdn,
      email,
      currency: context.config.currency,
      ...dualCurrency(context),
    }),
  );
}
