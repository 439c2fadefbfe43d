import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '@/lib/language';
import { redirectPageOf, type PurchaseContext } from '@/lib/purchase-context';

/** 'Cancel' of a wallet panel: back to the journey page the purchase was made on (spec §2). */
export function CancelPaymentButton({ context }: { context: PurchaseContext }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  return (
    <button
      type="button"
      className="button button--ghost"
      onClick={() => navigate(localePath(redirectPageOf(context)))}
    >
      {t('payment.cancel')}
    </button>
  );
}
