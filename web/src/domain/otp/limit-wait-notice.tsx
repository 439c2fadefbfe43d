import { useTranslation } from 'react-i18next';

/** 'You can ask for a new OTP in about 42 min.', said under a plain step's refused send (the daily limit). */
export function LimitWait({ minutes }: { minutes: number | string }) {
  const { t } = useTranslation();
  return <p role="status">{t('otp.askAgainIn', { minutes: Number(minutes) })}</p>;
}
