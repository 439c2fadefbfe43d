import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { MSG, MSISDN_LENGTH, isMsisdn, msisdnError } from '@portal/contract/rules';
import type { LineType } from '@portal/contract/api/subscriber';
import { DEFAULT_ERROR_TEXT } from '@portal/contract/default-error-text';
import { ApiError, call, isTransient } from '@/lib/api';
import { useRuleMessage } from '@/lib/validation';
import { MobileNumberInput } from '@/ui/mobile-number-input';

/** The server's line check of a number (spec §4: it runs at exactly 10 digits). */
export type LineCheck = {
  /** 'unreachable': no answer came (offline, a busy or failing server), which says nothing of the number. */
  status: 'idle' | 'pending' | 'error' | 'unreachable' | 'success';
  lineType?: string;
};

export type LineCheckOptions = { requestType: string; checkIfBroadband?: boolean };

/**
 * `POST subscriber/validate/msisdn-account` for a number: its line type. (The same call with an account
 * answers the account; getting that here is the server breaking the contract.)
 */
export async function checkLine(
  input: { msisdn: string; checkIfBroadband: boolean; requestType: string },
  signal?: AbortSignal,
): Promise<LineType> {
  const result = await call('validateMsisdn', input, { signal });
  if (typeof result !== 'string') throw new ApiError(DEFAULT_ERROR_TEXT, 'UNEXPECTED_ANSWER', 200);
  return result;
}

/** The line check once the number has 10 digits. */
export const lineCheckQuery = (
  msisdn: string,
  { requestType, checkIfBroadband = false }: LineCheckOptions,
) => ({
  queryKey: ['validate-msisdn', msisdn, requestType, checkIfBroadband] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    checkLine({ msisdn, checkIfBroadband, requestType }, signal),
  retry: false,
  staleTime: 5 * 60 * 1000,
});

export function useLineCheck(msisdn: string, options: LineCheckOptions): LineCheck {
  const query = useQuery({ ...lineCheckQuery(msisdn, options), enabled: isMsisdn(msisdn) });
  if (!isMsisdn(msisdn)) return { status: 'idle' };
  if (query.isError) return failedCheck(query.error);
  // Waiting for a connection the browser knows it lacks: said at once, not as a check that never ends.
  if (query.fetchStatus === 'paused') return { status: 'unreachable' };
  if (query.isSuccess) return { status: 'success', lineType: query.data };
  return { status: 'pending' };
}

/** A check that failed: refused by the server, or no answer came (which says nothing of the number). */
export function failedCheck(error: unknown): LineCheck {
  return { status: isTransient(error) ? 'unreachable' : 'error' };
}

/** True when the check succeeded with one of the expected line types. */
export function lineAccepted(check: LineCheck, expected: readonly string[]): boolean {
  return check.status === 'success' && expected.includes(check.lineType ?? '');
}

/** What a finished check says against the number (a rule text): refused, or no answer came. */
export function failedCheckMessage(check: LineCheck): string | undefined {
  if (check.status === 'error') return MSG.invalidMobile;
  if (check.status === 'unreachable') return MSG.lineUnchecked;
  return undefined;
}

/**
 * The mobile-number message of spec §5 (rule texts, English; the field translates them): empty is 'Phone No
 * is required' once touched; at 10 digits a failed check, or a line type the page does not take, is 'Invalid
 * Mobile No'; a check that got no answer says so instead of calling the number wrong.
 */
/** What a page says of a line of a type it does not take: 'Invalid Mobile No' (spec §5) unless it says more. */
export type LineRefusal = (lineType: string | undefined) => string;
const invalidLine: LineRefusal = () => MSG.invalidMobile;

export function lineMessage(
  msisdn: string,
  touched: boolean,
  check: LineCheck,
  expected: readonly string[],
  refusal: LineRefusal = invalidLine,
) {
  if (!msisdn) return touched ? msisdnError(msisdn) : undefined;
  if (msisdn.length < MSISDN_LENGTH) return undefined;
  const failed = failedCheckMessage(check);
  if (failed) return failed;
  if (check.status === 'success' && !expected.includes(check.lineType ?? '')) return refusal(check.lineType);
  return undefined;
}

export type MsisdnFieldProps = {
  value: string;
  onChange: (digits: string) => void;
  check: LineCheck;
  /** Line types the page takes (prepaid page: PREPAID; postpaid: POSTPAID, HYBRID). */
  expected: readonly string[];
  name?: string;
  hint?: ReactNode;
  autoFocus?: boolean;
  /** The server's message about the number a plain form sent (shown while the number is unchanged). */
  serverError?: string | undefined;
  refusal?: LineRefusal;
};

/** 'Mobile number' with the '+234' prefix, digits only (max 10), and the line-check messages. */
export function MsisdnField({
  value,
  onChange,
  check,
  expected,
  name = 'msisdn',
  hint,
  autoFocus,
  serverError,
  refusal,
}: MsisdnFieldProps) {
  const { t } = useTranslation();
  const translateRule = useRuleMessage();
  return (
    <MobileNumberInput
      name={name}
      value={value}
      autoFocus={autoFocus}
      onChange={onChange}
      errorOf={(touched) =>
        translateRule(lineMessage(value, touched, check, expected, refusal) ?? serverError)
      }
      hint={hint}
      checking={check.status === 'pending'}
      checkingLabel={t('journey.checkingNumber')}
    />
  );
}
