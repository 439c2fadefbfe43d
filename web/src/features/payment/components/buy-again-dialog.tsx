import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/ui/modal';
import { useConfig } from '@/lib/config';
import { earlierTime, setBuyAgainAsker, type EarlierPurchase } from '../utils/buy-again';

type Question = { earlier: EarlierPurchase; answer: (yes: boolean) => void };

/**
 * Paying twice by mistake (decision 0070): when the server says this number got the same purchase moments
 * ago, the payer sees when and its reference, and chooses to buy again or not.
 */
export function BuyAgainDialog() {
  const { t, i18n } = useTranslation();
  const [question, setQuestion] = useState<Question | undefined>();
  const { data: config } = useConfig();

  useEffect(
    () =>
      setBuyAgainAsker(
        (earlier) => new Promise<boolean>((resolve) => setQuestion({ earlier, answer: resolve })),
      ),
    [],
  );

  if (!question) return null;
  const reply = (yes: boolean) => {
    question.answer(yes);
    setQuestion(undefined);
  };
  const time = earlierTime(question.earlier, i18n.language, config?.timeZone);
  return (
    <Modal
      open
      title={t('payment.buyAgain.title')}
      onClose={() => reply(false)}
      closeLabel={t('common.close')}
    >
      <p>{t('payment.buyAgain.text', { time, reference: question.earlier.reference })}</p>
      <div className="pin-dialog__actions">
        <button type="button" className="button button--ghost" onClick={() => reply(false)}>
          {t('payment.buyAgain.no')}
        </button>
        <button type="button" className="button" onClick={() => reply(true)} autoFocus>
          {t('payment.buyAgain.yes')}
        </button>
      </div>
    </Modal>
  );
}
