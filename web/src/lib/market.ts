import { OPCO } from '@portal/contract/operator';

/**
 * The market (opco) this deployment serves. One build serves every market: the server writes its
 * MARKET into index.html's `<meta name="portal-market">`, read here once at start-up.
 */
export function readMarket(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): string {
  const value = doc?.querySelector('meta[name="portal-market"]')?.getAttribute('content') ?? '';
  return /^[A-Z]{2}$/.test(value) ? value : OPCO;
}

export const MARKET = readMarket();
