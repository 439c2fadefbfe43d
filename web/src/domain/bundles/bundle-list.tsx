import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { formatNaira, isMsisdn } from '@portal/contract/rules';
import type { Bundle, BundlesRequest } from '@portal/contract/api/catalogue';
import { call } from '@/lib/api';
import { BundleIcon } from './bundle-icon';
import { groupBundles, isUnlimitedValidity, periodOf, periodTypes } from './bundle-groups';
import { useBuyBundle } from './bundle-purchase';
import { Loader } from '@/ui/loader';
import { SearchableSelect } from '@/ui/searchable-select';
import { usePageCatalogue } from '@/lib/use-page-catalogue';
import { useHydrated } from '@/lib/hydration';
import { useLanguage } from '@/lib/language';
import { TryAgain } from '@/ui/try-again';
import './bundle-list.css';

/** `POST product/v1/bundle` (spec §7): the bundles a number can buy. */
export function getBundles(body: BundlesRequest, signal?: AbortSignal): Promise<Bundle[]> {
  return call('bundles', body, { signal });
}

/**
 * A number's bundles; `language` is the page's, which the answer's names and descriptions are in (the request
 * says it in Accept-Language), so that a visitor who changes the page's language does not get the list kept in
 * the one before.
 */
export const bundlesQuery = (
  msisdn: string,
  lineType: string | undefined,
  language: string,
  serviceType: string | null = null,
) => ({
  queryKey: ['bundles', msisdn, lineType ?? '', serviceType ?? '', language] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    getBundles({ msisdn, lineType: lineType ?? null, serviceType }, signal),
  retry: false,
  staleTime: 5 * 60 * 1000,
});

export function useBundles(msisdn: string, lineType: string | undefined, serviceType: string | null = null) {
  const language = useLanguage().code;
  return useQuery({ ...bundlesQuery(msisdn, lineType, language, serviceType), enabled: isMsisdn(msisdn) });
}

/** The name of the buy buttons' field: inside a journey's form, a plain form sends the chosen bundle. */
export const BUNDLE_FIELD = 'productCode';

export type BundleListProps = {
  /** The validated 10-digit number. */
  msisdn: string;
  lineType?: string | undefined;
  serviceType?: string | null;
  /** Where the payment status page returns to. */
  redirectPage: string;
  /** Title of the payment summary (unset: 'Bundle Purchase'). */
  rechargeType?: string;
  /** The number is a router or MiFi line: buying is a broadband recharge. */
  broadband?: boolean;
  /** Replaces the default (store the purchase context and open /payment/start). */
  onSelect?: (bundle: Bundle) => void;
  title?: string;
};

const ALL = '';

/**
 * The bundle list of spec §2: grouped by category (alphabetical) with the category's icon, validity
 * ascending inside a group, validity -1 as Unlimited, a filter by period type (blank ones are 'Others').
 * Choosing a bundle stores the purchase context and goes to payment.
 */
export function BundleList({
  msisdn,
  lineType,
  serviceType = null,
  redirectPage,
  rechargeType,
  broadband,
  onSelect,
  title,
}: BundleListProps) {
  const { t, i18n } = useTranslation();
  usePageCatalogue();
  const [period, setPeriod] = useState(ALL);
  const query = useBundles(msisdn, lineType, serviceType);
  const hydrated = useHydrated();
  const buy = useBuyBundle({ msisdn, lineType, redirectPage, rechargeType, broadband });
  const select = onSelect ?? buy;

  const bundles = useMemo(() => query.data ?? [], [query.data]);
  const periods = useMemo(() => periodTypes(bundles), [bundles]);
  // The catalogue's categories are the operator's words, in one language: a known one is said in the page's.
  const groups = useMemo(
    () =>
      groupBundles(bundles, { periodType: period || undefined }, (category) =>
        t(`bundleList.category.${category}`, { defaultValue: category }),
      ),
    [bundles, period, t],
  );
  const periodLabel = (value: string) => t(`bundleList.period.${value}`, { defaultValue: value });

  const validityText = (bundle: Bundle) => {
    if (isUnlimitedValidity(bundle)) return t('bundleList.unlimited');
    if (/^days?$/i.test(bundle.validityUnit)) return t('bundleList.days', { count: bundle.validity });
    return `${bundle.validity} ${bundle.validityUnit}`;
  };
  // Minutes are said in the page's language; another unit as the catalogue has it.
  const voiceText = (bundle: Bundle) =>
    /^(mins?|minutes?)$/i.test(bundle.voiceUnit) && /^\d+$/.test(bundle.voice)
      ? t('bundleList.minutes', { count: Number(bundle.voice) })
      : `${bundle.voice} ${bundle.voiceUnit}`.trim();
  const dataText = (bundle: Bundle) =>
    /^unlimited$/i.test(bundle.data) ? t('bundleList.unlimited') : `${bundle.data} ${bundle.dataUnit}`.trim();

  return (
    <section className="bundle-list" aria-labelledby="bundle-list-title">
      <h2 id="bundle-list-title" className="bundle-list__title">
        {title ?? t('bundleList.title')}
      </h2>
      {/* The server reads the list before it renders: one it still lacks then, it could not read, and a
          browser without JavaScript would wait for ever under a loader. It says so, with a way to try again. */}
      {query.isPending && hydrated ? (
        <Loader label={t('bundleList.loading')} showLabel />
      ) : query.isPending || query.isError ? (
        <div className="bundle-list__message" role="alert">
          <p>{t('bundleList.failed')}</p>
          <TryAgain onRetry={() => query.refetch()} />
        </div>
      ) : bundles.length === 0 ? (
        <p className="bundle-list__message">{t('bundleList.empty')}</p>
      ) : (
        <>
          {periods.length > 1 ? (
            // Without JavaScript the list stays whole (each card names its period): the filter is hidden there.
            <div className="bundle-list__filter js-only">
              <SearchableSelect
                label={t('bundleList.filterLabel')}
                options={[
                  { value: ALL, label: t('bundleList.all') },
                  ...periods.map((p) => ({ value: p, label: periodLabel(p) })),
                ]}
                value={period}
                onChange={setPeriod}
                placeholder={t('common.select')}
                searchLabel={t('common.search')}
                noMatchText={t('common.noMatch')}
              />
            </div>
          ) : null}
          {groups.map((group) => (
            // A group, not a landmark: category names may repeat the page's title ('Data Bundles').
            <div key={group.category} className="bundle-group" role="group" aria-label={group.name}>
              <h3 className="bundle-group__title">
                <span className="bundle-group__icon" data-icon={group.icon}>
                  <BundleIcon icon={group.icon} />
                </span>
                {group.name}
              </h3>
              <ul className="bundle-group__list">
                {group.bundles.map((bundle) => (
                  <li key={bundle.productCode} className="bundle-card" data-product-code={bundle.productCode}>
                    <div className="bundle-card__head">
                      <h4 className="bundle-card__name">{bundle.name}</h4>
                      <span className="bundle-card__period">{periodLabel(periodOf(bundle))}</span>
                    </div>
                    {bundle.description ? (
                      <p className="bundle-card__description">{bundle.description}</p>
                    ) : null}
                    <dl className="bundle-card__facts">
                      {bundle.data ? (
                        <div>
                          <dt>{t('bundleList.data')}</dt>
                          <dd>{dataText(bundle)}</dd>
                        </div>
                      ) : null}
                      {bundle.voice ? (
                        <div>
                          <dt>{t('bundleList.voice')}</dt>
                          <dd>{voiceText(bundle)}</dd>
                        </div>
                      ) : null}
                      {bundle.sms ? (
                        <div>
                          <dt>{t('bundleList.sms')}</dt>
                          <dd>{bundle.sms}</dd>
                        </div>
                      ) : null}
                      <div>
                        <dt>{t('bundleList.validity')}</dt>
                        <dd>{validityText(bundle)}</dd>
                      </div>
                    </dl>
                    <div className="bundle-card__buy">
                      <strong className="bundle-card__price">
                        {bundle.currency} {formatNaira(bundle.amount, i18n.language)}
                      </strong>
                      <button
                        type="submit"
                        name={BUNDLE_FIELD}
                        value={bundle.productCode}
                        className="button"
                        aria-label={t('bundleList.buyLabel', {
                          name: bundle.name,
                          price: `${bundle.currency} ${formatNaira(bundle.amount, i18n.language)}`,
                        })}
                        onClick={(event) => {
                          event.preventDefault();
                          select(bundle);
                        }}
                      >
                        {t('bundleList.buy')}
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          {groups.length === 0 ? <p className="bundle-list__message">{t('common.noMatch')}</p> : null}
        </>
      )}
    </section>
  );
}
