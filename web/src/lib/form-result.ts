import { useMemo } from 'react';
import { useActionData, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DEFAULT_ERROR_TEXT } from '@portal/contract/default-error-text';

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
  earlier?: { reference: string; createdAt: string; completed?: boolean };
};

export function useFormResult(): FormResult | undefined {
  const data: unknown = useActionData();
  const { t } = useTranslation();
  return useMemo(() => {
    if (!data || typeof data !== 'object' || !('values' in data) || !('errors' in data)) return undefined;
    const result = data as FormResult;
    // The actions write a failed call's fallback in English: they run outside the page's texts.
    return result.message === DEFAULT_ERROR_TEXT
      ? { ...result, message: t('common.somethingWentWrong') }
      : result;
  }, [data, t]);
}

/**
 * The digits a form's field starts with: its value as the plain form sent it, when the server answered that
 * form; else the address's `?field=` (the home page's quick recharge, a link from another journey). `clean`
 * keeps what the field may hold (digits only, a number without its leading 0), since anyone can type an address.
 */
export function useNumberFromFormOrQuery(
  sent: FormResult | undefined,
  field: string,
  clean: (value: string) => string,
): string {
  const [params] = useSearchParams();
  return clean(sent?.values[field] ?? params.get(field) ?? '');
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
