import { expect, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';

/** What the sandbox's operator core holds for a number (design §4: GET /sandbox/core/subscribers/<n>). */
export type CoreOperation = { type: string; transactionId: string | null; amount: number };
export type CoreSubscriber = { airtimeBalance: number; operations: CoreOperation[] };

/**
 * The spec's API key and service id (§7) that every API call carries: what a test that calls the API itself
 * must send, as the web app does (the portal under test runs with the default values).
 */
export const API_HEADERS = { 'x-api-key': 'orp-selfcare-web', 'x-service-id': 'ORP-SELFCARE' } as const;

/** What route.fulfill answers for an API call that succeeds with `result`, in the portal's envelope. */
export function successAnswer(result: unknown) {
  return {
    contentType: 'application/json',
    body: JSON.stringify({ statusCode: '200', status: 'success', message: 'Success', result }),
  };
}

export async function resetSandbox(request: APIRequestContext): Promise<void> {
  const response = await request.post('/sandbox/reset');
  expect(response.ok(), `POST /sandbox/reset -> ${response.status()}`).toBeTruthy();
}

export async function coreSubscriber(request: APIRequestContext, msisdn: string): Promise<CoreSubscriber> {
  const response = await request.get(`/sandbox/core/subscribers/${msisdn}`);
  expect(response.ok(), `GET /sandbox/core/subscribers/${msisdn} -> ${response.status()}`).toBeTruthy();
  return (await response.json()) as CoreSubscriber;
}

/** The operations of one kind caused by one transaction. */
export function operationsFor(subscriber: CoreSubscriber, type: string, transactionIds: readonly string[]) {
  return (subscriber.operations ?? []).filter(
    (operation) =>
      operation.type === type &&
      operation.transactionId !== null &&
      transactionIds.includes(operation.transactionId),
  );
}

/**
 * The card gateway's checkout: in the inline popup (an iframe titled 'Card payment' over the portal page)
 * when the gateway is a popup gateway, else the hosted page the browser was sent to.
 */
export async function cardCheckout(page: Page): Promise<Page | FrameLocator> {
  const popup = page.locator('iframe[title="Card payment"]');
  await expect(popup.or(page.getByLabel('Card number'))).toBeVisible();
  if ((await popup.count()) === 0) return page;
  const frame = page.frameLocator('iframe[title="Card payment"]');
  await expect(frame.getByLabel('Card number')).toBeVisible();
  return frame;
}

/** Pays on the sandbox checkout with a test card (design §4: 4084 0840 8408 4081 succeeds). */
export async function payOnCheckout(page: Page, card: string) {
  const checkout = await cardCheckout(page);
  await checkout.getByLabel('Card number').fill(card);
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/30');
  await checkout.getByLabel('CVV').fill('408');
  await checkout.getByRole('button', { name: /^Pay / }).click();
}
