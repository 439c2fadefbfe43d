import { useMutation } from '@tanstack/react-query';
import type { InitiateRequest } from '@portal/contract/api/payments';
import type { ResultOf } from '@portal/contract/endpoints';
import { call } from '@/lib/api';
import { askBuyAgain, earlierPurchaseOf } from '../utils/buy-again';

/** The answer of initiate: the contract's (`initiateResponse`). */
export type InitiateResult = ResultOf<'initiate'>;

export type InitiateInput = {
  payload: InitiateRequest;
  idempotencyKey: string;
  /**
   * `Bearer <token>` of verify-user: PIN payments (mobile money with PIN, SmartCash) go to the auth variant
   * `transaction/v1/auth/initiate`, which answers with the RSA key for the PIN as well (spec §6, §7).
   */
  authorization?: string;
};

/**
 * `POST transaction/v1/initiate` with the initiation payload (spec §3). The Idempotency-Key belongs to the
 * purchase attempt (kept in the purchase context), so a retry after a lost answer gets the same transaction.
 */
export async function initiatePayment(
  payload: InitiateRequest,
  idempotencyKey: string,
  authorization?: string,
): Promise<InitiateResult> {
  const send = (body: InitiateRequest) =>
    call(authorization ? 'authInitiate' : 'initiate', body, {
      headers: {
        'Idempotency-Key': idempotencyKey,
        ...(authorization ? { Authorization: authorization } : {}),
      },
    });
  try {
    return await send(payload);
  } catch (error) {
    // The same purchase for the same number moments ago: only the payer's "buy again" sends it again.
    const earlier = earlierPurchaseOf(error);
    if (!earlier || !(await askBuyAgain(earlier))) throw error;
    return send({ ...payload, confirmDuplicate: true });
  }
}

export function useInitiatePayment() {
  return useMutation({
    mutationFn: ({ payload, idempotencyKey, authorization }: InitiateInput) =>
      initiatePayment(payload, idempotencyKey, authorization),
  });
}
