import { data, redirect } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { PURCHASE_PARAM, type RenderCapabilities } from '@portal/contract/render';
import type { ConfigData } from '@portal/contract/api/config';
import { configQueryOptions } from '@/lib/config';
import type { FormResult } from '@/lib/form-result';
import { splitLanguagePath, withLanguagePrefix, type Language } from '@/lib/language';
import type { PurchaseContext } from '@/lib/purchase-context';
import { languagesOf } from '@/app/page-data';

/**
 * What a server action works with (web/src/server: the plain HTML forms, handled when the server renders
 * the page they were sent to; never part of the browser's code).
 */
export type ActionContext = {
  request: Request;
  fields: Record<string, string>;
  queryClient: QueryClient;
  server: RenderCapabilities;
  config: ConfigData;
  /** '/sw/payment/start' for '/payment/start' when the form was sent from a Swahili page. */
  localePath: (path: string) => string;
  /** The language of the page the form was sent from. */
  language: Language;
};

export type ActionResult = Response | ReturnType<typeof data<FormResult>>;

export async function actionContext(
  request: Request,
  queryClient: QueryClient,
  server: RenderCapabilities,
): Promise<ActionContext> {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === 'string') fields[name] = value.trim();
  const [config, languages] = await Promise.all([
    queryClient.ensureQueryData(configQueryOptions),
    languagesOf(queryClient),
  ]);
  const { language } = splitLanguagePath(new URL(request.url).pathname, languages);
  return {
    request,
    fields,
    queryClient,
    server,
    config,
    localePath: (path) => withLanguagePrefix(path, language),
    language,
  };
}

/** What the form sent in each of its fields, '' for one it left out (a plain form omits an unchosen radio). */
export function sentValues(context: ActionContext, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, context.fields[name] ?? '']));
}

/** The form again, with what was sent and what is wrong (400: the browser shows the page, not an error). */
export function invalid(result: Omit<FormResult, 'errors'> & Partial<Pick<FormResult, 'errors'>>) {
  return data<FormResult>({ errors: {}, ...result }, { status: 400 });
}

/** The form again with what the server found for it (the bundles, the bill, the invoices): a success, 200. */
export function answered(values: FormResult['values']) {
  return data<FormResult>({ errors: {}, values });
}

/** On to the payment page with the purchase sealed into its URL (no number in the URL, the logs or history). */
export function toPayment(context: ActionContext, purchase: Omit<PurchaseContext, 'attempt'>): Response {
  const token = context.server.sealPurchase(purchase);
  return redirect(`${context.localePath('/payment/start')}?${PURCHASE_PARAM}=${token}`, 303);
}

/** On to the status page of a payment the form started (it refreshes itself until the payment is final). */
export function toStatus(context: ActionContext, transactionId: string): Response {
  return redirect(`${context.localePath('/payment/status')}?id=${encodeURIComponent(transactionId)}`, 303);
}
