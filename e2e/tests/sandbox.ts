import { expect, type APIRequestContext } from '@playwright/test';

/** What the sandbox's operator core holds for a number (design §4: GET /sandbox/core/subscribers/<n>). */
export type CoreOperation = { type: string; transactionId: string | null; amount: number };
export type CoreSubscriber = { airtimeBalance: number; operations: CoreOperation[] };

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
