import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '@/ui/loader';
import { PhoneInput } from '@/ui/phone-input';

/**
 * The payer's number of the airtime and wallet panels: 'Mobile number' with the fixed '+234' prefix, digits
 * only, at most 10 (spec §2, §5). `message` gives the error to show for a value (shown once touched).
 */
export function PayerNumberField({
  value,
  onChange,
  message,
  hint,
  checking = false,
  name = 'payer',
}: {
  value: string;
  onChange: (digits: string) => void;
  message: (value: string) => string | undefined;
  hint?: ReactNode;
  checking?: boolean;
  name?: string;
}) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  return (
    <PhoneInput
      label={t('fields.mobileNumber')}
      prefixLabel={t('fields.countryCode')}
      name={name}
      value={value}
      onChange={(digits) => {
        onChange(digits);
        setTouched(true);
      }}
      onBlur={() => setTouched(true)}
      error={touched ? message(value) : undefined}
      hint={checking ? <Loader size="sm" showLabel label={t('payment.checkingNumber')} /> : hint}
      required
    />
  );
}
