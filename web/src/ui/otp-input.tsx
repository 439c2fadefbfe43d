import { useTranslation } from 'react-i18next';
import { OTP_LENGTH } from '@portal/contract/rules';
import { CodeInput, type CodeInputProps } from './code-input';
import { usePageCatalogue } from '@/lib/use-page-catalogue';

export type OtpInputProps = Omit<CodeInputProps, 'length' | 'label' | 'digitLabel' | 'mask'> & {
  label?: string;
};

/** The six boxes of a one-time code (spec §5: 6 single digits). */
export function OtpInput({ label, ...props }: OtpInputProps) {
  const { t } = useTranslation();
  usePageCatalogue();
  return (
    <CodeInput
      {...props}
      length={OTP_LENGTH}
      label={label ?? t('otp.codeLabel')}
      digitLabel={(index, length) => t('otp.digitLabel', { index, length })}
    />
  );
}
