import { useQuery } from '@tanstack/react-query';
import { isMsisdn } from '@portal/contract/rules';
import type { LineType } from '@portal/contract/api/subscriber';
import { checkLine } from '@/domain/number-check/msisdn-field';

export type ValidateMsisdnInput = {
  msisdn: string;
  checkIfBroadband: boolean;
  requestType: string;
};

/** `POST subscriber/validate/msisdn-account`: the line type of a number (spec §7). */
export function validateMsisdn(input: ValidateMsisdnInput, signal?: AbortSignal): Promise<LineType> {
  return checkLine(input, signal);
}

export const validateMsisdnQuery = (msisdn: string, requestType: string) => ({
  queryKey: ['validate-msisdn', msisdn, requestType] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    validateMsisdn({ msisdn, checkIfBroadband: false, requestType }, signal),
  retry: false,
  staleTime: 5 * 60 * 1000,
});

/** Runs the line check once the number has exactly 10 digits. */
export function useValidateMsisdn(msisdn: string, requestType: string) {
  return useQuery({ ...validateMsisdnQuery(msisdn, requestType), enabled: isMsisdn(msisdn) });
}
