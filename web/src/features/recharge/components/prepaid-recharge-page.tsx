import { useTranslation } from 'react-i18next';
import { useConfig } from '@/lib/config';
import { JourneyUssd } from '@/ui/journey-ussd';
import { PrepaidRechargeForm } from './prepaid-recharge-form';
import './recharge.css';

/** /prepaid-recharge (spec §2). */
export function PrepaidRechargePage() {
  const { t } = useTranslation();
  const { data: config } = useConfig();
  return (
    <section className="page container recharge" aria-labelledby="recharge-title">
      <h1 id="recharge-title" className="page__title">
        {t('recharge.title')}
      </h1>
      <p className="page__lead">{t('recharge.subtitle')}</p>
      <div className="recharge__layout">
        <PrepaidRechargeForm />
      </div>
      <JourneyUssd config={config} jobs={['rechargeVoucher', 'checkBalance']} />
    </section>
  );
}
