import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_LENGTH } from '@portal/contract/rules';
import { Modal } from '@/ui/modal';
import { PinInput } from '@/ui/pin-input';
import type { PinNotice } from '../hooks/use-pin-payment';
import { unavailableWhen } from '@/ui/unavailable';

export type PinDialogProps = {
  open: boolean;
  /** The wallet's name in texts ('Mobile Money', 'Smart Cash'). */
  wallet: string;
  /** The amount as shown ('NGN 500'). */
  amount: string;
  busy: boolean;
  notice: PinNotice;
  attemptsLeft: number;
  customerCareNumber: string;
  pinResetDial: string;
  onSubmit: (pin: string) => void;
  onClose: () => void;
};

/**
 * The 4-digit wallet PIN (spec §4, §5, §8): masked boxes; 'Please enter correct PIN' with the attempts left
 * after a wrong PIN; after 1006 the wallet-blocked text with the customer care number and the PIN reset dial,
 * and no more entry.
 */
export function PinDialog({
  open,
  wallet,
  amount,
  busy,
  notice,
  attemptsLeft,
  customerCareNumber,
  pinResetDial,
  onSubmit,
  onClose,
}: PinDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [pin, setPin] = useState('');
  const locked = notice?.kind === 'locked';
  const blockedText = useRef<HTMLDivElement>(null);

  // A wrong PIN empties the boxes for the next try.
  useEffect(() => {
    if (notice) setPin('');
  }, [notice, attemptsLeft]);

  // A blocked wallet disables the boxes that had focus, and focus fell to the page's body: it goes to the
  // blocked text (read out where it stands in the dialog), and the next Tab stop is Close.
  useEffect(() => {
    if (locked) blockedText.current?.focus();
  }, [locked]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pin.length === PIN_LENGTH && !busy && !locked) onSubmit(pin);
  };

  const statusId = `${id}-status`;
  return (
    <Modal
      open={open}
      title={t('payment.pin.title', { wallet })}
      onClose={onClose}
      closeLabel={t('common.close')}
      className="pin-dialog"
    >
      <form onSubmit={submit} noValidate>
        <p className="pin-dialog__lead">{t('payment.pin.intro', { wallet, amount })}</p>
        <PinInput
          value={pin}
          onChange={setPin}
          disabled={busy || locked}
          autoFocus
          invalid={Boolean(notice)}
          describedBy={notice ? statusId : undefined}
        />
        <div id={statusId} className="pin-dialog__status" role="alert" aria-live="assertive">
          {notice?.kind === 'wrong' ? (
            <>
              <p className="pin-dialog__error">{t('payment.pin.wrong')}</p>
              <p className="pin-dialog__attempts">
                {t('payment.pin.attemptsLeft')}: <strong>{notice.attemptsLeft}</strong>
              </p>
            </>
          ) : null}
          {locked ? (
            <div ref={blockedText} tabIndex={-1} className="pin-dialog__blocked">
              <p className="pin-dialog__error">{t('payment.pin.locked', { wallet })}</p>
              <p className="pin-dialog__advice">
                {t('payment.pin.unlockAdvice', { careNumber: customerCareNumber, resetDial: pinResetDial })}
              </p>
            </div>
          ) : null}
        </div>
        <div className="pin-dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {locked ? t('common.close') : t('payment.cancel')}
          </button>
          {locked ? null : (
            <button type="submit" className="button" {...unavailableWhen(pin.length !== PIN_LENGTH || busy)}>
              {t('payment.pin.pay')}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
