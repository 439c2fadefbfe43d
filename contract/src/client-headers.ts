/**
 * The spec's fixed headers that name the calling application (§7: "an API key and service id"). The values
 * are configuration of the server (CLIENT_API_KEY, CLIENT_SERVICE_ID), written into each page for the web
 * app; these defaults are what a deployment that sets nothing uses (docs/decisions/0080).
 */
export const CLIENT_HEADER_NAMES = { apiKey: 'x-api-key', serviceId: 'x-service-id' } as const;

export type ClientHeaderValues = { apiKey: string; serviceId: string };

/** The anonymous visitor's cookie (server/src/lib/visitor.ts), which the plain forms' actions pass on. */
export const VISITOR_COOKIE = 'portal_visitor';

export const DEFAULT_CLIENT_HEADER_VALUES: ClientHeaderValues = {
  apiKey: 'orp-selfcare-web',
  serviceId: 'ORP-SELFCARE',
};

/** The two headers as a request carries them. */
export function clientHeaders(
  values: ClientHeaderValues = DEFAULT_CLIENT_HEADER_VALUES,
): Record<string, string> {
  return { [CLIENT_HEADER_NAMES.apiKey]: values.apiKey, [CLIENT_HEADER_NAMES.serviceId]: values.serviceId };
}

/**
 * The calls that must carry them: the API the web app calls. Not the gateway's return of the browser (a
 * redirect cannot add headers), not the providers' signed webhooks, not the receipt PDF (a link the visitor
 * opens or shares; its reference is the key), not pages, files, health or the sandbox.
 */
export function needsClientHeaders(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  if (!/^\/(orp\/bfe|auth\/bfe|api\/portal-service)\//.test(path)) return false;
  return !/\/transaction\/v1\/((pg-callback|webhook)\/|receipt\.pdf$)/.test(path);
}
