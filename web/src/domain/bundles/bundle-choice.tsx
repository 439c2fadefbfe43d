import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bundle } from '@portal/contract/api/catalogue';
import { SearchableSelect } from '@/ui/searchable-select';
import { groupBundles, periodTypes } from './bundle-groups';
import { BundleCategoryGroup } from './bundle-category-group';
import { periodLabel } from './bundle-texts';

/** The period filter's value that keeps every bundle. */
export const ALL_PERIODS = '';

type BundleChoiceProps = {
  bundles: readonly Bundle[];
  /** The period type the list is filtered by (ALL_PERIODS: none); the list's owner keeps it. */
  period: string;
  onPeriodChange: (period: string) => void;
  onSelect: (bundle: Bundle) => void;
};

/** The loaded bundles: the period filter, then the bundles grouped by category. */
export function BundleChoice({ bundles, period, onPeriodChange, onSelect }: BundleChoiceProps) {
  const { t } = useTranslation();
  const periods = useMemo(() => periodTypes(bundles), [bundles]);
  // The catalogue's categories are the operator's words, in one language: a known one is said in the page's.
  const groups = useMemo(
    () =>
      groupBundles(bundles, { periodType: period || undefined }, (category) =>
        t(`bundleList.category.${category}`, { defaultValue: category }),
      ),
    [bundles, period, t],
  );
  return (
    <>
      {periods.length > 1 ? (
        <PeriodFilter periods={periods} period={period} onPeriodChange={onPeriodChange} />
      ) : null}
      {groups.map((group) => (
        <BundleCategoryGroup key={group.category} group={group} onSelect={onSelect} />
      ))}
      {groups.length === 0 ? <p className="bundle-list__message">{t('common.noMatch')}</p> : null}
    </>
  );
}

function PeriodFilter({
  periods,
  period,
  onPeriodChange,
}: Pick<BundleChoiceProps, 'period' | 'onPeriodChange'> & { periods: readonly string[] }) {
  const { t } = useTranslation();
  return (
    // Without JavaScript the list stays whole (each card names its period): the filter is hidden there.
    <div className="bundle-list__filter js-only">
      <SearchableSelect
        label={t('bundleList.filterLabel')}
        options={[
          { value: ALL_PERIODS, label: t('bundleList.all') },
          ...periods.map((p) => ({ value: p, label: periodLabel(t, p) })),
        ]}
        value={period}
        onChange={onPeriodChange}
        placeholder={t('common.select')}
        searchLabel={t('common.search')}
        noMatchText={t('common.noMatch')}
      />
    </div>
  );
}
