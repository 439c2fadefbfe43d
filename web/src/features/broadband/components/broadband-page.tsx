import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typedMobileNumber } from '@portal/contract/rules';
import { BundleList } from '@/domain/bundles/bundle-list';
import { journeyPage } from '@/ui/journey-page';
import { MsisdnField, lineAccepted, useLineCheck } from '@/domain/number-check/msisdn-field';
import { HomeBroadbandLink } from '@/ui/home-broadband-link';
import { JourneyUssd } from '@/ui/journey-ussd';
import { useConfig } from '@/lib/config';
import { serverError, serverText, useFormResult, useNumberFromFormOrQuery } from '@/lib/form-result';
import { useHydrated } from '@/lib/hydration';
import { useLocalePath } from '@/lib/language';
import { WithoutScript } from '@/ui/without-script';
import {
  BROADBAND_LINE_CHECK,
  BROADBAND_LINE_TYPES as LINE_TYPES,
  BROADBAND_RECHARGE_TYPE,
} from '../utils/broadband-rules';
import { unavailableWhen, useHeldPress } from '@/ui/unavailable';
import { HeldPressStatus } from '@/ui/held-press-status';
import './broadband.css';
import { BROADBAND_PATH } from '@/lib/journey-paths';
import { LIMIT_WAIT } from '@/domain/otp/code-refusal';
import { LimitWait } from '@/domain/otp/limit-wait-notice';
import { BALANCE_INTENT_FIELD, BALANCE_INTENTS, balancesOf, plainBalanceStep } from '../utils/plain-balance';
import { PlainBalance, PlainBalanceCode } from './plain-balance-steps';
import { useLiveBalance } from './live-balance';

/**
 * /broadband-recharge (spec §2): the router or MiFi number, 'Fetch your Data Balance' (a one-time code goes to
 * the device), the active-bundle popup, then the plans of the bundle list. Without JavaScript the number is a
 * plain form: the server checks it and answers with the plans, and a plan bought opens the payment page; 'Fetch
 * your Data Balance' sends the code, the page answers with a form for it, then with the balances in the page
 * (web/src/server/broadband-balance-action.ts).
 */
export const BroadbandPage = journeyPage(Broadband);

function Broadband() {
  const { t } = useTranslation();
  const { data: config } = useConfig();
  const localePath = useLocalePath();
  // A plain form sent to the server comes back with the number (and its plans, once accepted).
  const result = useFormResult();
  const [msisdn, setMsisdn] = useState(useNumberFromFormOrQuery(result, 'msisdn', typedMobileNumber));
  const check = useLineCheck(msisdn, BROADBAND_LINE_CHECK);
  const lineOk = lineAccepted(check, LINE_TYPES);
  // A press while the number is checked (seconds on a slow network) waits for the check, not dropped.
  const press = useHeldPress(check.status === 'pending', msisdn);
  const live = useLiveBalance(msisdn);
  const hydrated = useHydrated();
  // Without JavaScript: the server's answer to 'Fetch your Data Balance', about the number the field holds.
  const sameNumber = result?.values['msisdn'] === msisdn;
  const plainStep = sameNumber ? plainBalanceStep(result) : undefined;
  const plainBalances = sameNumber ? balancesOf(result) : undefined;
  // What the number's form was answered with (the code step says its own refusals).
  const numberAnswer = sameNumber && plainStep !== 'code' ? result : undefined;
  // The code's form follows the number's, in place of the plans until the balance is shown.
  const atPlainCode = plainStep === 'code' && !hydrated;

  return (
    <section className="page container broadband" aria-labelledby="broadband-title">
      <h1 id="broadband-title" className="page__title">
        {t('broadband.title')}
      </h1>
      <p className="page__lead">{t('broadband.subtitle')}</p>
      {/* With JavaScript the plans follow the number; without, the form asks the server for them. */}
      <form method="post" action={localePath(BROADBAND_PATH)} onSubmit={(event) => event.preventDefault()}>
        <div className="card broadband__form">
          <MsisdnField
            value={msisdn}
            onChange={(value) => {
              setMsisdn(value);
              live.forget();
            }}
            check={check}
            expected={LINE_TYPES}
            hint={t('broadband.numberHint')}
            serverError={serverError(result, 'msisdn', msisdn)}
          />
          {/* Enter in the number's field presses the form's first button: the plans, never a code sent. */}
          <WithoutScript>
            <button type="submit" className="button button--block">
              {t('dataBundle.showBundles')}
            </button>
            <button
              type="submit"
              name={BALANCE_INTENT_FIELD}
              value={BALANCE_INTENTS.send}
              className="button button--block"
            >
              {t('broadband.fetchBalance')}
            </button>
          </WithoutScript>
          <button
            type="button"
            className="button button--block js-only"
            {...unavailableWhen(!lineOk || live.sending, () => void live.fetch(), press)}
          >
            {t('broadband.fetchBalance')}
          </button>
          <HeldPressStatus press={press} label={t('journey.checkingNumber')} />
          {numberAnswer?.message ? (
            <p className="broadband__failure" role="alert">
              {serverText(t, numberAnswer.message)}
            </p>
          ) : null}
          {numberAnswer?.values[LIMIT_WAIT] ? <LimitWait minutes={numberAnswer.values[LIMIT_WAIT]} /> : null}
        </div>
        {plainBalances ? <PlainBalance balances={plainBalances} /> : null}
        {lineOk && !atPlainCode ? (
          <BundleList
            msisdn={msisdn}
            lineType={check.lineType}
            redirectPage={BROADBAND_PATH}
            rechargeType={BROADBAND_RECHARGE_TYPE}
            broadband
          />
        ) : null}
      </form>
      {atPlainCode && result ? (
        <WithoutScript>
          <PlainBalanceCode result={result} action={localePath(BROADBAND_PATH)} />
        </WithoutScript>
      ) : null}
      {live.dialogs}
      <JourneyUssd config={config} jobs={['buyData', 'checkBalance']} />
      <HomeBroadbandLink />
    </section>
  );
}
