import { useTranslation } from 'react-i18next';

/** 'ATTEMPTS LEFT: 3' under a refused code (spec §8): the code dialog's and the plain code steps'. */
export function AttemptsLeft({ count, className }: { count: number | string; className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={className}>
      {t('otp.attemptsLeft')}: <strong>{count}</strong>
    </p>
  );
}
