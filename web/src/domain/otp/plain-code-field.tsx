import { useTranslation } from 'react-i18next';
import { OTP_LENGTH } from '@portal/contract/rules';
import { serverText, type FormResult } from '@/lib/form-result';
import { TextField } from '@/ui/text-field';
import { AttemptsLeft } from './attempts-left';
import { ATTEMPTS_LEFT } from './code-refusal';

/**
 * A plain form's one-time code field (no JavaScript): the code, the server's refusal of the last one and the
 * attempts it says are left.
 */
export function PlainCodeField({ name, result }: { name: string; result: FormResult }) {
  const { t } = useTranslation();
  const attemptsLeft = result.values[ATTEMPTS_LEFT];
  return (
    <>
      <TextField
        label={t('otp.codeLabel')}
        name={name}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        error={serverText(t, result.errors[name])}
      />
      {attemptsLeft ? <AttemptsLeft count={attemptsLeft} /> : null}
    </>
  );
}
