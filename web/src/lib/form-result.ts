import { useActionData } from 'react-router';
import type { TFunction } from 'i18next';

/**
 * What the server answers a plain HTML form with when it cannot go on (no JavaScript, or a form sent
 * before the page was live): the values as sent, and per field the rule's message (spec §5, English; the
 * page translates it) or a server message. Rendered inline by the page that holds the form.
 */
export type FormResult = {
  values: Record<string, string>;
  errors: Record<string, string>;
  /** A message about the whole form (a failed call), shown as sent. */
  message?: string;
  /**
   * The same purchase for the same number moments ago (decision 0070): the form asks whether to buy again,
   * naming the earlier payment, and is sent again only with the payer's yes.
   */
  earlier?: { reference: string; createdAt: string };
};

export function useFormResult(): FormResult | undefined {
  const data: unknown = useActionData();
  if (!data || typeof data !== 'object' || !('values' in data) || !('errors' in data)) return undefined;
  return data as FormResult;
}

/** The server's message for a field, while the field still holds the value it was about. */
export function serverError(
  result: FormResult | undefined,
  field: string,
  value: string,
): string | undefined {
  if (!result || result.values[field] !== value) return undefined;
  return result.errors[field];
}

/** A server error: a key of the page's texts, or a message already in the page's language. */
export function serverText(t: TFunction, error: string | undefined): string | undefined {
  return error ? t(error, { defaultValue: error }) : undefined;
}
