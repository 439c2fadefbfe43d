import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PurchaseContext } from '@/lib/purchase-context';
import { showToast } from '@/ui/toast';
import { useExchangeRate } from '../api/get-exchange-rate';

export const DUAL_CURRENCIES = ['USD', 'CDF'] as const;
type DualCurrency = (typeof DUAL_CURRENCIES)[number];

/** usdAmount = amount / 100 (spec §4 "Payment options"), unless the journey stored its own. */
export function usdAmountOf(context: Pick<PurchaseContext, 'amount' | 'usdAmount'>): number {
  return context.usdAmount ?? context.amount / 100;
}

const format = (value: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The dual-currency part of the purchase summary (spec §2, another market): a USD/CDF switch and both
 * converted amounts; a failed conversion shows the toast 'something went wrong!' (spec §8).
 */
export function DualCurrencyAmounts({ context }: { context: PurchaseContext }) {
  const { t } = useTranslation();
  const name = useId();
  const [currency, setCurrency] = useState<DualCurrency>('USD');
  const usd = usdAmountOf(context);
  const rate = useExchangeRate(usd, true);

  useEffect(() => {
    if (rate.isError) showToast({ message: t('payment.dual.failed'), long: true });
  }, [rate.isError, t]);

  const amounts: Record<DualCurrency, string> = {
    USD: format(usd),
    CDF: rate.data === undefined ? '-' : format(rate.data),
  };

  return (
    <div className="dual-currency">
      <fieldset className="dual-currency__switch">
        <legend className="field__label">{t('payment.dual.currency')}</legend>
        {DUAL_CURRENCIES.map((code) => (
          <label key={code} className="dual-currency__option">
            <input
              type="radio"
              name={name}
              value={code}
              checked={currency === code}
              onChange={() => setCurrency(code)}
            />
            {code}
          </label>
        ))}
      </fieldset>
      <dl className="rows">
        {DUAL_CURRENCIES.map((code) => (
          <div key={code} className={code === currency ? 'rows__row dual-currency__current' : 'rows__row'}>
            <dt>{t('payment.dual.amountIn', { currency: code })}</dt>
            <dd>
              {code} {amounts[code]}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
