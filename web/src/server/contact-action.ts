import { redirect } from 'react-router';
import { CONTACT_FIELDS } from '@portal/contract/api/contact';
import { ApiError, errorMessage } from '@/lib/api';
import { langParam } from '@/lib/language';
import { sendContactMessage } from '@/features/contact/api/send-contact-message';
import { CONTACT_PATH, SENT_PARAM } from '@/features/contact/components/contact-form';
import { invalid, sentValues, type ActionContext, type ActionResult } from './form';

/**
 * The Contact Us form as a plain HTML form: the same call as the live page; refused, the page again with
 * what was sent and the server's finding per field; stored, the confirmation with the reference.
 */
export async function contactAction(context: ActionContext): Promise<ActionResult> {
  const values = sentValues(context, Object.values(CONTACT_FIELDS));
  try {
    const { reference } = await sendContactMessage({ language: langParam(context.language), data: values });
    return redirect(`${context.localePath(CONTACT_PATH)}?${SENT_PARAM}=${reference}`, 303);
  } catch (error) {
    const errors = (error instanceof ApiError ? (error.result as { errors?: unknown } | null) : null)?.errors;
    if (errors && typeof errors === 'object') {
      const messages = Object.fromEntries(
        Object.entries(errors as Record<string, { message: string }>).map(([k, e]) => [k, e.message]),
      );
      return invalid({ values, errors: messages });
    }
    return invalid({ values, message: errorMessage(error) });
  }
}
