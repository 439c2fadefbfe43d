import { useTranslation } from 'react-i18next';
import { Modal } from '@/ui/modal';
import { unavailableWhen } from '@/ui/unavailable';

/** 'Are you sure?' before airtime is taken (spec §4): Yes pays, No closes. */
export function ConfirmAirtimeDialog({
  open,
  amount,
  number,
  busy,
  onYes,
  onNo,
}: {
  open: boolean;
  amount: string;
  number: string;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('payment.airtime.confirmTitle')}
      onClose={onNo}
      closeLabel={t('common.close')}
    >
      <p>{t('payment.airtime.confirmText', { amount, number })}</p>
      <div className="pin-dialog__actions">
        {/* Focus starts on No: an Enter pressed on arrival must not take the airtime. */}
        <button type="button" className="button button--ghost" {...unavailableWhen(busy, onNo)} autoFocus>
          {t('payment.airtime.no')}
        </button>
        <button type="button" className="button" {...unavailableWhen(busy, onYes)}>
          {t('payment.airtime.yes')}
        </button>
      </div>
    </Modal>
  );
}
