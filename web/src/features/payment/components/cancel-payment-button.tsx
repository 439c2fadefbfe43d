import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '@/lib/language';
import { redirectPageOf, type PurchaseContext } from '@/lib/purchase-context';

/**
 * 'Cancel' of a wallet panel: back to the journey page the purchase was made on (spec §2). A link, so it works
 * without JavaScript too.
 */
export function CancelPaymentButton({ context }: { context: PurchaseContext }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Link className="button button--ghost" to={localePath(redirectPageOf(context))}>
      {t('payment.cancel')}
    </Link>
  );
}
