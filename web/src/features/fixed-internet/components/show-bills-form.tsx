import { useTranslation } from 'react-i18next';
import { useHydrated } from '@/lib/hydration';
import { FIXED_INTERNET_PATH } from '@/lib/journey-paths';
import { useLocalePath } from '@/lib/language';
import { TextField } from '@/ui/text-field';
import { unavailableWhen } from '@/ui/unavailable';
import type { ShowBills } from './use-show-bills';

/** Account number and email, and 'show bills' (usable once both are valid). */
export function ShowBillsForm({ bills }: { bills: ShowBills }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const hydrated = useHydrated();
  return (
    <form
      className="card fixed-internet__form"
      method="post"
      action={localePath(FIXED_INTERNET_PATH)}
      onSubmit={(event) => void bills.submit(event)}
      noValidate
    >
      <input type="hidden" name="intent" value="show-bills" />
      <TextField
        label={t('journey.accountNumber')}
        name="accountNo"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={12}
        value={bills.accountNo}
        onChange={(event) => bills.editAccountNo(event.target.value)}
        onBlur={bills.touchAccount}
        error={bills.accountError}
        hint={t('fixedInternet.accountHint')}
        required
      />
      <TextField
        label={t('fields.email')}
        name="email"
        type="email"
        autoComplete="email"
        maxLength={120}
        value={bills.email}
        onChange={(event) => bills.setEmail(event.target.value)}
        onBlur={bills.touchEmail}
        error={bills.emailError}
        hint={t('fixedInternet.emailHint')}
        required
      />
      {bills.failure ? (
        <p className="fixed-internet__failure" role="alert">
          {bills.failure}
        </p>
      ) : null}
      <button type="submit" className="button button--block" {...unavailableWhen(hydrated && !bills.enabled)}>
        {t('fixedInternet.showBills')}
      </button>
    </form>
  );
}
