import { useTranslation } from 'react-i18next';
import { Loader } from '@/ui/loader';
import { Modal } from '@/ui/modal';

/**
 * The 'Processing' overlay of push payments (spec §4): up while the payer answers the prompt on the phone
 * and the status is polled every 10 s. It cannot be dismissed; the status page follows.
 */
export function ProcessingDialog({ number, amount }: { number: string | undefined; amount: string }) {
  const { t } = useTranslation();
  return (
    <Modal open={number !== undefined} title={t('payment.processing.title')} closable={false}>
      <div className="processing-dialog">
        <Loader label={t('payment.processing.title')} />
        <p>{t('payment.processing.text', { amount, number })}</p>
        <p className="processing-dialog__hint">{t('payment.processing.hint')}</p>
      </div>
    </Modal>
  );
}
