import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MobileNumberInput } from '@/ui/mobile-number-input';

/**
 * The payer's number of the airtime and wallet panels: 'Mobile number' with the fixed '+234' prefix, digits
 * only, at most 10 (spec §2, §5). `message` gives the error to show for a value (shown once touched, or once
 * the form was sent: `checked`).
 */
export function PayerNumberField({
  value,
  onChange,
  message,
  hint,
  checking = false,
  checked = false,
  name = 'payer',
  serverMessage,
}: {
  value: string;
  onChange: (digits: string) => void;
  message: (value: string) => string | undefined;
  hint?: ReactNode;
  checking?: boolean;
  checked?: boolean;
  name?: string;
  /** What the server said of the number a plain form sent (shown until the field is touched). */
  serverMessage?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <MobileNumberInput
      name={name}
      value={value}
      onChange={onChange}
      errorOf={(touched) => (touched || checked ? message(value) : serverMessage)}
      hint={hint}
      checking={checking}
      checkingLabel={t('payment.checkingNumber')}
    />
  );
}
