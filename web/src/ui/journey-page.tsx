import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CataloguePage } from './catalogue-page';

/** The shell of a journey page (bundles, bills, broadband, fixed internet): the journeys' catalogue first. */
export function JourneyPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <CataloguePage label={t('journey.loading', { defaultValue: 'Loading...' })}>{children}</CataloguePage>
  );
}
