import { useTranslation } from 'react-i18next';

/** 'Resend OTP in 42 s', said where a plain step's early Resend was pressed. */
export function ResendWait({ seconds }: { seconds: number | string }) {
  const { t } = useTranslation();
  return <p role="status">{t('otp.resendIn', { seconds: Number(seconds) })}</p>;
}
