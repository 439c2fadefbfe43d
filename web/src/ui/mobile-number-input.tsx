import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from './loader';
import { PhoneInput, type PhoneInputProps } from './phone-input';

export type MobileNumberInputProps = Omit<
  PhoneInputProps,
  'label' | 'prefixLabel' | 'error' | 'onBlur' | 'required'
> & {
  /** The message to show for the value, given whether the field was typed in or left yet. */
  errorOf: (touched: boolean) => string | undefined;
  /** While true, a loader with `checkingLabel` stands in place of the hint. */
  checking: boolean;
  checkingLabel: string;
};

/**
 * The required 'Mobile number' field (spec §2, §5) of the journeys and of the payment panels' payer: a
 * PhoneInput that counts as touched once typed in or left, and shows a loader while the number is checked.
 */
export function MobileNumberInput({
  errorOf,
  checking,
  checkingLabel,
  hint,
  onChange,
  ...input
}: MobileNumberInputProps) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  return (
    <PhoneInput
      {...input}
      label={t('fields.mobileNumber')}
      prefixLabel={t('fields.countryCode')}
      onChange={(digits) => {
        onChange(digits);
        setTouched(true);
      }}
      onBlur={() => setTouched(true)}
      error={errorOf(touched)}
      hint={checking ? <Loader size="sm" showLabel label={checkingLabel} /> : hint}
      required
    />
  );
}
