import { constants, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useParams, useSearchParams } from 'react-router';
import type { ConfigData } from '@portal/contract/api/config';
import { addCatalogue } from '@/lib/i18n';
import { savePurchaseContext, type PurchaseContext } from '@/lib/purchase-context';
import { pages } from '@/testing/catalogues';
import { showToast } from '@/ui/toast';
import { POSTPAID_BILL_PURCHASE, PREPAID_PURCHASE } from '@/testing/fixtures';
import { mockFetch, ok, renderWithProviders, type JsonRoute } from '@/testing/test-utils';
import { contentAndConfig } from '@/testing/journeys';

/** Test helpers of the payment panels: the purchase, the answers of the server, the RSA key of the PIN. */
addCatalogue('en', (pages.en?.['payment-translation'] ?? {}) as Record<string, string>);

export const PREPAID = PREPAID_PURCHASE;

export const POSTPAID_BILL = POSTPAID_BILL_PURCHASE;

export function purchase(context: PurchaseContext = PREPAID): PurchaseContext {
  savePurchaseContext(context);
  return context;
}

export const challenge = (recipient = '802****001') => ({
  otpId: 'OTP1',
  refId: 'OTP1',
  otpRecipient: recipient,
  resendAfterSeconds: 60,
  expiresInSeconds: 300,
});

let keys: { spki: string; privateKey: KeyObject } | undefined;

/** One 2048-bit key pair per test file, as the server's PIN key. */
export function pinKey() {
  if (!keys) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    keys = {
      spki: pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      privateKey: pair.privateKey,
    };
  }
  return keys;
}

/** What the server reads from amPin. */
export function decryptPin(amPin: unknown): string {
  return privateDecrypt(
    { key: pinKey().privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(String(amPin), 'base64'),
  ).toString();
}

function StatusStub() {
  const [search] = useSearchParams();
  return <p>status page {search.get('id')}</p>;
}

function PageStub() {
  const params = useParams();
  return <p>page {params['*']}</p>;
}

/** Renders a panel on /payment/start/<slug> with the status page and the journeys' pages as stubs. */
export function renderPanel(
  ui: ReactElement,
  answers: Record<string, JsonRoute>,
  config: Partial<ConfigData> = {},
  slug = 'card',
) {
  const calls = mockFetch({ ...contentAndConfig(config), ...answers });
  const view = renderWithProviders(ui, {
    path: `/payment/start/${slug}`,
    routes: [
      { path: '/payment/start/:method?', element: ui },
      { path: '/payment/status', element: <StatusStub /> },
      { path: '/*', element: <PageStub /> },
    ],
  });
  const callsTo = (path: string) => calls.filter((c) => c.url.pathname === path);
  return { calls, callsTo, ...view };
}

export const bodyOf = (call: { init?: RequestInit | undefined } | undefined) =>
  JSON.parse(String(call?.init?.body ?? '{}')) as Record<string, unknown>;

export const headersOf = (call: { init?: RequestInit | undefined } | undefined) =>
  (call?.init?.headers ?? {}) as Record<string, string>;

/** A refusal that carries a result (a wallet's PIN attempts left): the 400 answer of the wallet methods. */
export function refusal(code: string, message: string, result: unknown): Response {
  return new Response(JSON.stringify({ statusCode: code, status: 'failure', message, result }), {
    status: 400,
  });
}

/** Types `code` into the payer's code dialog, as the payer does. */
export async function typeCodeInDialog(user: UserEvent, code: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Confirm your number' });
  await user.click(within(dialog).getByLabelText('Digit 1 of 6'));
  await user.keyboard(code);
}

/** Types `pin` into a wallet's PIN dialog and presses Pay. */
export async function enterPin(user: UserEvent, dialog: HTMLElement, pin: string) {
  await user.click(within(dialog).getByLabelText('PIN digit 1 of 4'));
  await user.keyboard(pin);
  await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
}

/**
 * Each test of a panel starts with no purchase stored and no toast shown. For test files that mock
 * '@/ui/toast' (as every panel test does: the panels tell failures in toasts).
 */
export function resetPanelsAfterEach() {
  afterEach(() => {
    sessionStorage.clear();
    vi.mocked(showToast).mockReset();
  });
}

export { ok };
