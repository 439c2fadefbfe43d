import { PATHS } from '@portal/contract/paths';
import type { BillRequest, BillResult } from '@portal/contract/api/bills';
import { api } from '@/lib/api';

/** `POST subscriber/v1/bill` (spec §7): `{msisdn, otpId}` after a verified code, or `{msisdn, accountNo}`. */
export function getBill(body: BillRequest): Promise<BillResult> {
  return api.post<BillResult>(PATHS.bill, body);
}
