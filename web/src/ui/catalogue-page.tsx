import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { JOURNEY_CATALOGUE, usePageCatalogues } from '@/lib/use-page-catalogue';
import { Loader } from './loader';

export type PageLoadingProps = {
  /** Added to the section's 'page container' (the page's own class, so the frame does not move). */
  className?: string;
  label: string;
  /** Shows the label beside the spinner. */
  showLabel?: boolean;
};

/** A page's frame with only a spinner: what it shows while its texts (or its data) are on their way. */
export function PageLoading({ className, label, showLabel }: PageLoadingProps) {
  return (
    <section className={['page container', className].filter(Boolean).join(' ')}>
      <Loader label={label} showLabel={showLabel} />
    </section>
  );
}

/**
 * The shell of a page whose texts are a content catalogue: PageLoading until the catalogue (the journeys'
 * unless named) is in place, then the page. Routes load their catalogues before rendering, so the server
 * and the hydrating browser render the page at once; the spinner is for a route that did not declare them.
 * The page is a child component so that its hooks run only once its texts are there.
 */
export function CataloguePage({
  catalogue = JOURNEY_CATALOGUE,
  children,
  ...loading
}: PageLoadingProps & {
  /** One content page, or several loaded side by side. */
  catalogue?: string | readonly string[];
  children: ReactNode;
}) {
  const ready = usePageCatalogues(typeof catalogue === 'string' ? [catalogue] : catalogue);
  return ready ? <>{children}</> : <PageLoading {...loading} />;
}

/** How a page's shell loads: its catalogue (the journeys' unless named), its class and its loading label. */
export type PageShell = {
  catalogue?: string | readonly string[];
  className?: string;
  labelKey: string;
  /** The label's English before the texts arrive. */
  defaultLabel?: string;
  showLabel?: boolean;
};

/** The loading frame of a shell, its label in the page's language (also for a page's own wait for data). */
export function usePageLoading({ className, labelKey, defaultLabel = 'Loading', showLabel }: PageShell) {
  const { t } = useTranslation();
  const loading: PageLoadingProps = { label: t(labelKey, { defaultValue: defaultLabel }) };
  if (className !== undefined) loading.className = className;
  if (showLabel !== undefined) loading.showLabel = showLabel;
  return loading;
}

/** `Page` inside its CataloguePage: what a route exports for a page whose whole body needs its texts. */
export function withCatalogue<P extends object>(Page: ComponentType<P>, shell: PageShell) {
  function PageWithTexts(props: P) {
    const loading = usePageLoading(shell);
    return (
      <CataloguePage {...(shell.catalogue === undefined ? {} : { catalogue: shell.catalogue })} {...loading}>
        <Page {...props} />
      </CataloguePage>
    );
  }
  return PageWithTexts;
}
