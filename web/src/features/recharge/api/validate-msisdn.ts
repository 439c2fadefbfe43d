import { lineCheckQuery } from '@/domain/number-check/msisdn-field';

/**
 * The recharge form's line check: the shared one (`POST subscriber/validate/msisdn-account`, spec §7), so the
 * server's render of the plain form and the live page share one cache entry.
 */
export const validateMsisdnQuery = (msisdn: string, requestType: string) =>
  lineCheckQuery(msisdn, { requestType });
