import { useTranslation } from 'react-i18next';
import { useConfig } from '@/lib/config';
import { buyAgainTextKey, DECLINE_BUY_AGAIN, earlierTime, type EarlierPurchase } from '../utils/buy-again';

/**
 * The "buy again?" question of a plain form (decision 0070): the server refused the same purchase for the
 * same number moments ago and named it; the form is sent again with the payer's yes, or Cancel gives the payment
 * page back without the question.
 */
export function BuyAgainQuestion({ earlier }: { earlier: EarlierPurchase }) {
  const { t, i18n } = useTranslation();
  const { data: config } = useConfig();
  const time = earlierTime(earlier, i18n.language, config?.timeZone);
  return (
    <div className="payment__notice" role="alert">
      <p>
        <strong>{t('payment.buyAgain.title')}</strong>
      </p>
      <p>{t(buyAgainTextKey(earlier), { time, reference: earlier.reference })}</p>
      <input type="hidden" name="confirmDuplicate" value="yes" />
      <p>
        <button
          type="submit"
          className="payment__decline"
          name={DECLINE_BUY_AGAIN.name}
          value={DECLINE_BUY_AGAIN.value}
        >
          {t('payment.buyAgain.no')}
        </button>
      </p>
    </div>
  );
}
