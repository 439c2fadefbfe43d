import { PATHS } from '@portal/contract/paths';

/**
 * The card provider's in-page popup (spec §4 "Card", §9): Paystack's inline script, `PaystackPop.setup({...})
 * .openIframe()`. The amount goes in kobo (x 100); the channels are the card channels plus qr; a success
 * returns through the gateway return path, a close through the same path with status CANCELLED. The server
 * verifies with the provider either way, so the browser's word never pays anything.
 */
export const POPUP_CHANNELS = ['ussd', 'bank', 'card', 'mobile_money', 'bank_transfer', 'qr'] as const;

/** Sandbox default; production configures the provider's own script (see inlineScriptUrl). */
export const SANDBOX_INLINE_SCRIPT = '/sandbox/paystack/inline.js';

type PayStackConfig = { publicKey?: string; inlineScriptUrl?: string };

function parseConfig(payStackConfig: string | undefined): PayStackConfig {
  if (!payStackConfig) return {};
  try {
    const parsed = JSON.parse(payStackConfig) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as PayStackConfig) : {};
  } catch {
    return {};
  }
}

/** The public key of configData.payStackConfig (JSON text, spec §3). */
export function publicKeyOf(payStackConfig: string | undefined): string {
  return parseConfig(payStackConfig).publicKey ?? '';
}

/**
 * Where the inline script comes from: configData.payStackConfig.inlineScriptUrl when the server sends it,
 * else the build's VITE_PAYSTACK_INLINE_URL (production: https://js.paystack.co/v1/inline.js), else the
 * sandbox's copy.
 */
export function inlineScriptUrl(payStackConfig: string | undefined): string {
  const fromEnv = import.meta.env['VITE_PAYSTACK_INLINE_URL'] as string | undefined;
  return parseConfig(payStackConfig).inlineScriptUrl || fromEnv || SANDBOX_INLINE_SCRIPT;
}

/**
 * The gateway return path (spec §2: query txref, PnrID and status) for a popup's outcome. The status is the
 * popup's word only; the server verifies with the gateway before anything is paid. A close carries the
 * cancel token of initiate, without which the server does not close a payment the gateway calls unfinished.
 */
export function gatewayReturnUrl(
  gateway: string,
  reference: string,
  cancelled: boolean,
  popupStatus?: string,
  cancelToken?: string,
): string {
  const status = cancelled ? 'CANCELLED' : (popupStatus ?? '').toUpperCase();
  const query = new URLSearchParams({ txref: reference, PnrID: reference });
  if (status) query.set('status', status);
  if (cancelled && cancelToken) query.set('cancelToken', cancelToken);
  return `${PATHS.pgCallback(gateway)}?${query.toString()}`;
}

/** Naira to kobo without floating-point dust (12,345.5 -> 1,234,550). */
export function toPopupAmount(amount: number): number {
  return Math.round(amount * 100);
}

export type PaystackPopOptions = {
  key: string;
  email: string;
  amount: number;
  ref: string;
  currency: string;
  channels: string[];
  callback: (response: { reference?: string; trxref?: string; status?: string }) => void;
  onClose: () => void;
};

type PaystackPop = { setup(options: PaystackPopOptions): { openIframe(): void } };

export function paystackPop(): PaystackPop | undefined {
  const pop = (window as unknown as { PaystackPop?: PaystackPop }).PaystackPop;
  return pop && typeof pop.setup === 'function' ? pop : undefined;
}
