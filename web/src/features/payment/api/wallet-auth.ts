import { call } from '@/lib/api';

import type { ResultOf } from '@portal/contract/endpoints';

/** The answer of verify-user: the contract's (`verifyUserResponse`). */
export type VerifiedUser = ResultOf<'verifyUser'>;

/**
 * `POST /auth/bfe/api/portal-service/otp/v1/verify-user` (spec §7): the one-time code proves the payer owns
 * the wallet number; the answer is the token of the Authorization header of PIN payments (spec §6).
 * Failures reject with the ApiError whose statusCode OtpEntry turns into the spec's texts (2003, 2002, ...).
 */
export async function verifyUser(input: {
  refId: string;
  otp: string;
  username: string;
  paymentMode: string;
}): Promise<string> {
  const user = await call('verifyUser', input);
  return `${user.tokenType || 'Bearer'} ${user.accessToken}`;
}
