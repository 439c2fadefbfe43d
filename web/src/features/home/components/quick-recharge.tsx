import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isMsisdn, typedAmount } from '@portal/contract/rules';
import { useConfig } from '@/lib/config';
import { useHydrated } from '@/lib/hydration';
import { useLocalePath } from '@/lib/language';
import { PhoneInput } from '@/ui/phone-input';
import { TextField } from '@/ui/text-field';
import { unavailableWhen } from '@/ui/unavailable';

/**
 * The home page's recharge area. It stays tiny on purpose (the home route budget): it only collects the
 * number and amount and opens /prepaid-recharge with them, where the line check and limits apply. Without
 * JavaScript it is a plain GET form to that page (the same address), so its button is only disabled once live.
 */
export function QuickRecharge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const [msisdn, setMsisdn] = useState('');
  const [amount, setAmount] = useState('');
  const currency = useConfig().data?.currency ?? 'NGN';
  const hydrated = useHydrated();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const search = new URLSearchParams({ msisdn, ...(amount ? { amount } : {}) });
    void navigate(`${localePath('/prepaid-recharge')}?${search.toString()}`);
  };

  return (
    <section className="card quick-recharge" aria-labelledby="quick-recharge-title">
      <h2 id="quick-recharge-title" className="quick-recharge__title">
        {t('home.quickRecharge.title')}
      </h2>
      <p className="quick-recharge__lead">{t('home.quickRecharge.subtitle')}</p>
      <form
        className="quick-recharge__form"
        method="get"
        action={localePath('/prepaid-recharge')}
        onSubmit={submit}
        noValidate
      >
        <PhoneInput
          label={t('fields.mobileNumber')}
          prefixLabel={t('fields.countryCode')}
          name="msisdn"
          value={msisdn}
          onChange={setMsisdn}
        />
        <TextField
          label={t('fields.amount')}
          name="amount"
          inputMode="numeric"
          prefix={currency}
          value={amount}
          onChange={(event) => setAmount(typedAmount(event.target.value))}
        />
        <button
          type="submit"
          className="button quick-recharge__submit"
          {...unavailableWhen(hydrated && !isMsisdn(msisdn))}
        >
          {t('home.quickRecharge.submit')}
        </button>
      </form>
    </section>
  );
}
