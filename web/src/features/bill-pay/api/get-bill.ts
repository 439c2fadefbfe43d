import type { BillRequest, BillResult } from '@portal/contract/api/bills';
import { call } from '@/lib/api';

/** `POST subscriber/v1/bill` (spec §7): `{msisdn, otpId}` after a verified code, or `{msisdn, accountNo}`. */
export function getBill(body: BillRequest): Promise<BillResult> {
  return call('bill', body);
}
