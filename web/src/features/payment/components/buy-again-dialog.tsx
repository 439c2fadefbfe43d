import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/ui/modal';
import { useConfig } from '@/lib/config';
import { buyAgainTextKey, earlierTime, setBuyAgainAsker, type EarlierPurchase } from '../utils/buy-again';

type Question = { earlier: EarlierPurchase; answer: (yes: boolean) => void };

/**
 * Marks the button the dialog's focus starts on. The Modal starts at the `autofocus` attribute, which Preact (the
 * production runtime) renders from `autoFocus` but React (development, unit tests) does not; set as an attribute,
 * both runtimes start at the same button.
 */
const focusFirst = (button: HTMLButtonElement | null) => button?.setAttribute('autofocus', '');

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
      <p>{t(buyAgainTextKey(question.earlier), { time, reference: question.earlier.reference })}</p>
      <div className="pin-dialog__actions">
        {/* Focus starts on Cancel: an Enter pressed on arrival (the pay button's key still down, a habit) must
            not pay a second time. */}
        <button type="button" className="button button--ghost" onClick={() => reply(false)} ref={focusFirst}>
          {t('payment.buyAgain.no')}
        </button>
        <button type="button" className="button" onClick={() => reply(true)}>
          {t('payment.buyAgain.yes')}
        </button>
      </div>
    </Modal>
  );
}
