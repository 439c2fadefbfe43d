import { useTranslation } from 'react-i18next';

/**
 * Seam for the methods still to come (airtime, mobile money, SmartCash, MPESA panels of spec §2). Each will
 * be a panel component beside CardPanel, chosen by type in payment-page.tsx.
 */
export function MethodUnavailable() {
  const { t } = useTranslation();
  return <p className="payment__unavailable">{t('payment.methodUnavailable')}</p>;
}
