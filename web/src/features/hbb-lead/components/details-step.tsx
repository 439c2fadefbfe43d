import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CITY_LIST_CODE,
  LEAD_FORM_FIELDS,
  LEAD_FORM_PAGE,
  leadLineType,
  type FormValues,
} from '@portal/contract/forms';
import { isMsisdn } from '@portal/contract/rules';
import { errorMessage } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { DynamicForm } from '@/ui/dynamic-form/dynamic-form';
import { Loader } from '@/ui/loader';
import { failedCheckMessage, useLineCheck } from '@/domain/number-check/msisdn-field';
import { useRuleMessage } from '@/lib/validation';
import { useHydrated } from '@/lib/hydration';
import { showToast } from '@/ui/toast';
import { useCityList } from '../api/get-city-list';
import { useLeadFormSchema } from '../api/get-form-schema';
import { saveLeadForm } from '../api/lead-calls';
import { TryAgain } from '@/ui/try-again';
import { useHeldPress } from '@/ui/unavailable';
import { HeldPressStatus } from '@/ui/held-press-status';

export type DetailsResult = { values: FormValues; lineType: string; formId: string | undefined };

/**
 * The customer-details form (spec §2): built from the `get-form-schema` content, towns from the city list,
 * the contact number checked as an operator number at 10 digits (the line type it answers is the lead's
 * line-type flag). On submit the form is saved (form/v2/save), where the server checks it again.
 */
export function DetailsStep({
  initial,
  language,
  plain,
  onBack,
  onDone,
}: {
  initial: FormValues | undefined;
  language: string;
  /** Where the form posts without JavaScript, what it carries, and what the server refused of it. */
  plain?: { action: string; hidden: Record<string, string>; refused: Record<string, string | undefined> };
  onBack: (values: FormValues) => void;
  onDone: (result: DetailsResult) => void;
}) {
  const { t } = useTranslation();
  const translateRule = useRuleMessage();
  const form = useLeadFormSchema();
  const cities = useCityList();
  const [msisdn, setMsisdn] = useState(() => {
    const value = initial?.[LEAD_FORM_FIELDS.contactNumber];
    return typeof value === 'string' ? value : '';
  });
  const [saving, setSaving] = useState(false);
  const hydrated = useHydrated();
  const check = useLineCheck(msisdn, { requestType: 'HBB_LEADS' });
  // The check runs only in the live page: without a script nothing is being checked.
  const checking = hydrated && isMsisdn(msisdn) && check.status === 'pending';
  // Submit pressed while the number is checked (seconds on a slow network) waits for the check.
  const press = useHeldPress(checking, msisdn);
  const townOptions = useMemo(
    () => ({ [CITY_LIST_CODE]: (cities.data ?? []).map((c) => ({ value: c.cityName })) }),
    [cities.data],
  );

  if (form.isPending || cities.isPending) return <Loader label={t('hbb.details.loading')} showLabel />;
  if (!form.schema) {
    return (
      <div className="hbb-notice" role="alert">
        <p>{t('hbb.details.failed')}</p>
        <TryAgain onRetry={() => form.refetch()} />
      </div>
    );
  }

  const numberError = isMsisdn(msisdn) ? translateRule(failedCheckMessage(check)) : undefined;

  const submit = async (values: FormValues) => {
    if (check.status !== 'success' || saving) return;
    setSaving(true);
    try {
      const saved = await saveLeadForm({ formName: LEAD_FORM_PAGE, language, data: values });
      trackEvent('hbb_details_submitted', { lineType: check.lineType });
      onDone({ values, lineType: leadLineType(check.lineType ?? ''), formId: saved.formId });
    } catch (error) {
      showToast({ message: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      {cities.isError ? (
        <p className="hbb-notice" role="alert">
          {t('hbb.details.townsFailed')}
        </p>
      ) : null}
      <DynamicForm
        schema={form.schema}
        initial={initial}
        label={t('hbb.details.title')}
        optionSources={townOptions}
        extraErrors={{
          ...plain?.refused,
          [LEAD_FORM_FIELDS.contactNumber]: numberError ?? plain?.refused[LEAD_FORM_FIELDS.contactNumber],
        }}
        {...(plain ? { action: plain.action, hidden: plain.hidden } : {})}
        fieldHints={
          checking
            ? {
                [LEAD_FORM_FIELDS.contactNumber]: (
                  <Loader size="sm" showLabel label={t('hbb.details.checkingNumber')} />
                ),
              }
            : {}
        }
        blockSubmit={saving || (isMsisdn(msisdn) && check.status !== 'success')}
        heldPress={press}
        onValuesChange={(values, changed) => {
          if (changed !== LEAD_FORM_FIELDS.contactNumber) return;
          const value = values[changed];
          setMsisdn(typeof value === 'string' ? value : '');
        }}
        onSubmit={(values) => void submit(values)}
        onAction={(action, values) => {
          if (action.type === 'cancel') onBack(values);
        }}
      />
      <HeldPressStatus press={press} label={t('hbb.details.checkingNumber')} />
    </>
  );
}
