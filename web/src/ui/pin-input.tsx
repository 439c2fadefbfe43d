import { useTranslation } from 'react-i18next';
import { PIN_LENGTH } from '@portal/contract/rules';
import { CodeInput, type CodeInputProps } from './code-input';
import { usePageCatalogue } from '@/lib/use-page-catalogue';

export type PinInputProps = Omit<CodeInputProps, 'length' | 'label' | 'digitLabel' | 'mask'> & {
  label?: string;
};

/** The four masked boxes of a wallet PIN (spec §5: 4 single digits, encrypted before sending). */
export function PinInput({ label, ...props }: PinInputProps) {
  const { t } = useTranslation();
  usePageCatalogue();
  return (
    <CodeInput
      {...props}
      mask
      length={PIN_LENGTH}
      label={label ?? t('pin.label')}
      digitLabel={(index, length) => t('pin.digitLabel', { index, length })}
    />
  );
}
