import { call } from '@/lib/api';

/**
 * `POST subscriber/v4/query-balance {msisdn, uniqueCode, serviceType: 'Airtime'}` (spec §7): the payer's
 * airtime balance, readable with the uniqueCode of the code they just verified. Answers the AIRTIME
 * balance (0 when none is listed).
 */
export async function queryAirtimeBalance(msisdn: string, uniqueCode: string): Promise<number> {
  const result = await call('queryBalance', {
    msisdn,
    uniqueCode,
    serviceType: 'Airtime',
  });
  const airtime = (result.queryBalanceResult ?? []).find(
    (entry) => String(entry.serviceType).toUpperCase() === 'AIRTIME',
  );
  return Number(airtime?.balance ?? 0) || 0;
}
