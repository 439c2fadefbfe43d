import { COUNTRY_CODE, MSISDN_LENGTH, digitsOnly } from '@portal/contract/rules';
import { TextField, type TextFieldProps } from './text-field';

export type PhoneInputProps = Omit<TextFieldProps, 'value' | 'onChange' | 'prefix' | 'type'> & {
  value: string;
  onChange: (digits: string) => void;
  countryCode?: string;
};

/**
 * Phone-type input (spec §2, §5): shows the '+234' prefix, keeps digits only (non-digits are stripped as
 * the user types or pastes) and at most 10 of them.
 */
export function PhoneInput({
  value,
  onChange,
  countryCode = COUNTRY_CODE,
  maxLength,
  ...rest
}: PhoneInputProps) {
  const max = maxLength ?? MSISDN_LENGTH;
  return (
    <TextField
      {...rest}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      prefix={`+${countryCode}`}
      maxLength={max}
      value={value}
      onChange={(event) => onChange(digitsOnly(event.target.value, max))}
    />
  );
}
