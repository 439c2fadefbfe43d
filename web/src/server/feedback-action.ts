import { redirect } from 'react-router';
import { feedbackRequest } from '@portal/contract/api/help';
import { digitsOnly } from '@portal/contract/rules';
import { errorMessage } from '@/lib/api';
import { langParam } from '@/lib/language';
import { MARKET } from '@/lib/market';
import { sendFeedback } from '@/features/contact/api/send-feedback';
import {
  FEEDBACK_FIELDS,
  FEEDBACK_PATH,
  FEEDBACK_SENT_PARAM,
} from '@/features/contact/components/feedback-page';
import { invalid, sentValues, type ActionContext, type ActionResult } from './form';

/**
 * 'Our Service Experience' as a plain HTML form: checked with the contract's rules, then the same call as
 * the live page; refused, the page again with what was sent (it shows its own rules' messages); stored, the
 * thanks.
 */
export async function feedbackAction(context: ActionContext): Promise<ActionResult> {
  const values = sentValues(context, Object.values(FEEDBACK_FIELDS));
  const msisdn = digitsOnly(values[FEEDBACK_FIELDS.msisdn] ?? '');
  const lang = langParam(context.language);
  const checked = feedbackRequest.safeParse({
    rating: Number(values[FEEDBACK_FIELDS.rating]),
    topic: values[FEEDBACK_FIELDS.topic],
    comment: values[FEEDBACK_FIELDS.comment],
    ...(msisdn ? { msisdn } : {}),
    lang,
    opco: MARKET,
  });
  if (!checked.success) {
    const errors = Object.fromEntries(
      checked.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
    );
    return invalid({ values, errors });
  }
  const { opco: _opco, ...input } = checked.data;
  try {
    const { feedbackId } = await sendFeedback(input);
    return redirect(`${context.localePath(FEEDBACK_PATH)}?${FEEDBACK_SENT_PARAM}=${feedbackId}`, 303);
  } catch (error) {
    return invalid({ values, message: errorMessage(error) });
  }
}
