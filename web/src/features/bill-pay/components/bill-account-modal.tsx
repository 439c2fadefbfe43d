import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { POSTPAID_ACCOUNT_RE, digitsOnly } from '@portal/contract/rules';
import type { BillResult } from '@portal/contract/api/bills';
import { errorMessage } from '@/lib/api';
import { Modal } from '@/ui/modal';
import { TextField } from '@/ui/text-field';
import { getBill } from '../api/get-bill';
import { unavailableWhen } from '@/ui/unavailable';

type Props = { open: boolean; msisdn: string; onClose: () => void; onBill: (bill: BillResult) => void };

const ACCOUNT_LENGTH = 10;

/** Bill by account number (spec §5: a 10-digit account number); 60119 / 60005 show the server's message. */
export function BillAccountModal({ open, msisdn, onClose, onBill }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('billPay.accountModalTitle')}
      onClose={onClose}
      closeLabel={t('common.close')}
    >
      {open ? <BillAccountBody msisdn={msisdn} onBill={onBill} /> : null}
    </Modal>
  );
}

function BillAccountBody({ msisdn, onBill }: Pick<Props, 'msisdn' | 'onBill'>) {
  const { t } = useTranslation();
  const [accountNo, setAccountNo] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>(undefined);
  const valid = POSTPAID_ACCOUNT_RE.test(accountNo);
  const error = serverError ?? (touched && accountNo && !valid ? t('validation.invalidAccount') : undefined);
  const press = unavailableWhen(!valid || busy);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setServerError(undefined);
    try {
      onBill(await getBill({ msisdn, accountNo }));
    } catch (failure) {
      setServerError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('billPay.accountIntro')}</p>
      <TextField
        label={t('journey.accountNumber')}
        name="accountNo"
        inputMode="numeric"
        autoComplete="off"
        autoFocus
        maxLength={ACCOUNT_LENGTH}
        value={accountNo}
        onChange={(event) => {
          setAccountNo(digitsOnly(event.target.value, ACCOUNT_LENGTH));
          setServerError(undefined);
          if (event.target.value.length >= ACCOUNT_LENGTH) setTouched(true);
        }}
        onBlur={() => setTouched(true)}
        error={error}
        required
      />
      <button
        type="submit"
        className="button button--block"
        {...press}
        onClick={(event) => {
          // A press (or Enter in the field) with a short number says why nothing happens.
          setTouched(true);
          press.onClick(event);
        }}
      >
        {t('billPay.getOutstanding')}
      </button>
    </form>
  );
}
