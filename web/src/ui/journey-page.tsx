import type { ComponentType } from 'react';
import { withCatalogue } from './catalogue-page';

/** A journey page (bundles, bills, broadband, fixed internet) behind the journeys' catalogue. */
export function journeyPage<P extends object>(Page: ComponentType<P>) {
  return withCatalogue(Page, { labelKey: 'journey.loading', defaultLabel: 'Loading...' });
}
