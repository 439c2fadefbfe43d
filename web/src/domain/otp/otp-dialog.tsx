import { useTranslation } from 'react-i18next';
import { Modal } from '@/ui/modal';
import { OtpEntry, type OtpEntryProps } from './otp-entry';

export type OtpDialogProps = Omit<OtpEntryProps, 'onRequestClose'> & {
  open: boolean;
  title?: string;
  onClose: () => void;
};

/**
 * The one-time-code dialog: a real dialog (Modal) around OtpEntry. Its state starts afresh each time it
 * opens (five attempts, a new 60 s countdown).
 */
export function OtpDialog({ open, title, onClose, ...entry }: OtpDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={title ?? t('otp.title')} onClose={onClose} closeLabel={t('common.close')}>
      {open ? <OtpEntry {...entry} onRequestClose={onClose} /> : null}
    </Modal>
  );
}
