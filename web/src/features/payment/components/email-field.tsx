import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailError } from '@portal/contract/rules';
import { useRuleMessage } from '@/lib/validation';
import { TextField } from '@/ui/text-field';

/**
 * 'Email' of the card, airtime and MPESA panels (spec §5): the rule's message once the field was touched (or
 * the form was sent: `checked`), else the server's message for it (`serverMessage`, a plain form's answer);
 * the airtime form has its own texts ('Email id is required', 'Please enter valid email').
 */
export function EmailField({
  value,
  onChange,
  airtimeForm = false,
  readOnly = false,
  checked = false,
  serverMessage,
}: {
  value: string;
  onChange: (value: string) => void;
  airtimeForm?: boolean;
  readOnly?: boolean;
  checked?: boolean;
  serverMessage?: string | undefined;
}) {
  const { t } = useTranslation();
  const translateRule = useRuleMessage();
  const [touched, setTouched] = useState(false);
  return (
    <TextField
      label={t('fields.email')}
      name="email"
      type="email"
      inputMode="email"
      autoComplete="email"
      value={value}
      readOnly={readOnly}
      onChange={(event) => {
        onChange(event.target.value);
        if (event.target.value) setTouched(true);
      }}
      onBlur={() => setTouched(true)}
      error={
        (touched || checked ? translateRule(emailError(value, airtimeForm)) : undefined) ?? serverMessage
      }
      hint={t('payment.card.emailHint')}
      required
    />
  );
}
