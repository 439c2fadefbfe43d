import { COUNTRY_CODE, TYPED_MOBILE_NUMBER_CHARS, typedMobileNumber } from '@portal/contract/rules';
import { TextField, type TextFieldProps } from './text-field';

export type PhoneInputProps = Omit<TextFieldProps, 'value' | 'onChange' | 'prefix' | 'type' | 'maxLength'> & {
  value: string;
  onChange: (digits: string) => void;
  countryCode?: string;
};

/**
 * Phone-type input (spec §2, §5): shows the '+234' prefix, keeps digits only (non-digits are stripped as
 * the user types or pastes) and at most 10 of them, without a leading 0 or country code (typedMobileNumber):
 * the browser's own length limit is wide enough for '+234 802 100 0004', so a pasted number is not cut first.
 */
export function PhoneInput({ value, onChange, countryCode = COUNTRY_CODE, ...rest }: PhoneInputProps) {
  return (
    <TextField
      {...rest}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      prefix={`+${countryCode}`}
      maxLength={TYPED_MOBILE_NUMBER_CHARS}
      value={value}
      onChange={(event) => onChange(typedMobileNumber(event.target.value))}
    />
  );
}
