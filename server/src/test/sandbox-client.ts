import type { TestPortal } from './harness.js';

/** What a subscriber and the outside world see, through the sandbox's own HTTP interface. */
export type CoreView = {
  airtimeBalance: number;
  operations: {
    operationId: string;
    type: string;
    amount: number;
    transactionId: string;
    reversed: boolean;
    accountNo?: string | null;
    invoiceNo?: string | null;
  }[];
  outstandingBill: number | null;
  walletPayments: {
    provider: string;
    reference: string;
    transactionId: string;
    flow: string;
    amount: number;
    status: string;
    refunded: boolean;
  }[];
};

export async function coreView(portal: TestPortal, number: string): Promise<CoreView> {
  return (await portal.request<CoreView>('GET', `/sandbox/core/subscribers/${number}`)).body;
}

export const SUCCESS_CARD = '4084 0840 8408 4081';
export const DECLINE_CARD = '4000 0000 0000 0002';

/** Submits the hosted checkout form as a browser would; returns where the gateway sends the browser. */
export async function payOnCheckout(redirectUrl: string, card: string): Promise<string> {
  const response = await fetch(redirectUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: card, expiry: '12/30', cvv: '408' }).toString(),
  });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`checkout answered ${response.status}`);
  return location;
}

export async function cancelOnCheckout(redirectUrl: string): Promise<string> {
  const response = await fetch(`${redirectUrl}/cancel`, { method: 'POST', redirect: 'manual' });
  return response.headers.get('location') ?? '';
}

/** The newest one-time code sent to a number, read from the SMS inbox as the subscriber reads the phone. */
export async function latestOtp(portal: TestPortal, number: string): Promise<string> {
  const inbox = (await portal.request<{ text: string }[]>('GET', `/sandbox/sms?to=${number}`)).body;
  const match = inbox.map((m) => /\b(\d{6})\b/.exec(m.text)).find(Boolean);
  if (!match) throw new Error(`no code in the inbox of ${number}`);
  return match[1]!;
}
