import type { QueryBalanceRequest, QueryBalanceResult } from '@portal/contract/api/bills';
import { call } from '@/lib/api';

export const BROADBAND_BALANCE_REQUEST = 'BROADBAND';

/**
 * `POST subscriber/v4/query-balance` for a router or MiFi (spec §7): without a uniqueCode the server sends a
 * one-time code to the device's number and answers `{otpRecipient, txnRefId}`; with the uniqueCode of that
 * verified code it answers `queryBalanceResult`.
 */
export function queryBroadbandBalance(
  body: Omit<QueryBalanceRequest, 'requestType'>,
): Promise<QueryBalanceResult> {
  return call('queryBalance', {
    ...body,
    requestType: BROADBAND_BALANCE_REQUEST,
  });
}
