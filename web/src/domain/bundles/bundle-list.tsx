import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { isMsisdn } from '@portal/contract/rules';
import type { Bundle, BundlesRequest } from '@portal/contract/api/catalogue';
import { call } from '@/lib/api';
import { ALL_PERIODS, BundleChoice } from './bundle-choice';
import { useBuyBundle } from './bundle-purchase';
import { Loader } from '@/ui/loader';
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

/** The buy buttons' field, which the plain forms' handlers (web/src/server) read with the list's query. */
export { BUNDLE_FIELD } from './bundle-card';

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
  const { t } = useTranslation();
  usePageCatalogue();
  const [period, setPeriod] = useState(ALL_PERIODS);
  const query = useBundles(msisdn, lineType, serviceType);
  const hydrated = useHydrated();
  const buy = useBuyBundle({ msisdn, lineType, redirectPage, rechargeType, broadband });
  const select = onSelect ?? buy;
  const bundles = useMemo(() => query.data ?? [], [query.data]);

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
        <BundleChoice bundles={bundles} period={period} onPeriodChange={setPeriod} onSelect={select} />
      )}
    </section>
  );
}
