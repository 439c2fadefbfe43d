import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODE } from '@portal/contract/rules';
import type { BillResult } from '@portal/contract/api/bills';
import { errorMessage, isOtpLimit } from '@/lib/api';
import { Modal } from '@/ui/modal';
import { OtpEntry } from '@/domain/otp/otp-entry';
import { resendOtp, sendOtp, verifyOtp, type OtpChallenge } from '@/domain/otp/otp-api';
import { showToast } from '@/ui/toast';
import { getBill } from '../api/get-bill';
import { otpLimitText } from '@/domain/otp/otp-limit';

type Props = { open: boolean; msisdn: string; onClose: () => void; onBill: (bill: BillResult) => void };

/** Bill by one-time code (spec §4): 'Get OTP', the six boxes, 'Get Outstanding' once the code is filled. */
export function BillOtpModal({ open, msisdn, onClose, onBill }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('billPay.otpModalTitle')} onClose={onClose} closeLabel={t('common.close')}>
      {open ? <BillOtpBody msisdn={msisdn} onClose={onClose} onBill={onBill} /> : null}
    </Modal>
  );
}

function BillOtpBody({ msisdn, onClose, onBill }: Omit<Props, 'open'>) {
  const { t } = useTranslation();
  const [challenge, setChallenge] = useState<OtpChallenge | undefined>(undefined);
  const [sending, setSending] = useState(false);
  // Once the code is verified, a retry only asks for the bill again (a code is single use).
  const verified = useRef<string | undefined>(undefined);

  const getOtp = async () => {
    setSending(true);
    try {
      setChallenge(await sendOtp({ text: msisdn, text1: '', otpAction: 'INVOICE' }));
    } catch (error) {
      if (isOtpLimit(error)) {
        showToast({ message: otpLimitText(t, error) });
        onClose();
      } else {
        showToast({ message: errorMessage(error) });
      }
    } finally {
      setSending(false);
    }
  };

  if (!challenge) {
    return (
      <div className="bill-otp">
        <p>{t('billPay.otpIntro', { countryCode: COUNTRY_CODE, msisdn })}</p>
        <button
          type="button"
          className="button button--block"
          onClick={() => void getOtp()}
          disabled={sending}
        >
          {t('billPay.getOtp')}
        </button>
      </div>
    );
  }

  return (
    <OtpEntry
      recipient={challenge.otpRecipient}
      resendAfterSeconds={challenge.resendAfterSeconds}
      submitLabel={t('billPay.getOutstanding')}
      autoSubmit={false}
      onVerify={async (code) => {
        if (verified.current !== challenge.otpId) {
          await verifyOtp(challenge.otpId, code);
          verified.current = challenge.otpId;
        }
        onBill(await getBill({ msisdn, otpId: challenge.otpId }));
      }}
      onResend={async () => {
        const again = await resendOtp(challenge.otpId);
        setChallenge(again);
        return again;
      }}
      onRequestClose={onClose}
    />
  );
}
