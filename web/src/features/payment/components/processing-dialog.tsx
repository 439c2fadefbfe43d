import { useTranslation } from 'react-i18next';
import { Loader } from '@/ui/loader';
import { Modal } from '@/ui/modal';

/**
 * The 'Processing' overlay of push payments (spec §4): up while the payer answers the prompt on the phone
 * and the status is polled every 10 s. It cannot be dismissed; the status page follows. When the wallet
 * refuses the payer as no wallet user (4001), it shows the server's message (in the page's language) instead,
 * and the flow closes it 11 s later (spec §8).
 */
export function ProcessingDialog({
  number,
  amount,
  refusal,
}: {
  number: string | undefined;
  amount: string;
  refusal?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={number !== undefined || refusal !== undefined}
      title={t('payment.processing.title')}
      closable={false}
    >
      {refusal !== undefined ? (
        <p className="processing-dialog processing-dialog--refused" role="alert">
          {refusal}
        </p>
      ) : (
        <div className="processing-dialog">
          <Loader label={t('payment.processing.title')} />
          <p>{t('payment.processing.text', { amount, number })}</p>
          <p className="processing-dialog__hint">{t('payment.processing.hint')}</p>
        </div>
      )}
    </Modal>
  );
}
