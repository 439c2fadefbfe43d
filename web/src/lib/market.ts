import { OPCO } from '@portal/contract/operator';

/**
 * The market (opco) this deployment serves. One build serves every market: in the browser the server writes
 * its MARKET into the page's `<meta name="portal-market">`; on the server the rendering bundle is imported
 * once per market with `?market=XX` on its URL (docs/decisions/0050), read here once at start-up.
 */
export function readMarket(
  doc: Pick<Document, 'querySelector'> | null | undefined = globalThis.document,
  moduleUrl: string = import.meta.url,
): string {
  const value = doc
    ? (doc.querySelector('meta[name="portal-market"]')?.getAttribute('content') ?? '')
    : marketOfModuleUrl(moduleUrl);
  return /^[A-Z]{2}$/.test(value) ? value : OPCO;
}

function marketOfModuleUrl(url: string): string {
  try {
    return new URL(url).searchParams.get('market') ?? '';
  } catch {
    return '';
  }
}

export const MARKET = readMarket();
