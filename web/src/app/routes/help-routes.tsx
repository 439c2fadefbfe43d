import type { RouteObject } from 'react-router';
import { OPERATOR } from '@portal/contract/operator';

/**
 * Help centre, store locator, coverage map, contact and the help centre's configured link targets
 * (spec §2). Every page is lazily loaded; Leaflet is loaded only inside the map of the map pages.
 */
const storeLocator = (type: 'shop' | 'dealer') => () =>
  import('@/features/store-locator/components/store-locator-page').then((m) => ({
    Component: () => <m.StoreLocatorPage type={type} />,
  }));

export const helpRoutes: RouteObject[] = [
  {
    path: 'gethelp',
    lazy: () =>
      import('@/features/help/components/help-centre-page').then((m) => ({ Component: m.HelpCentrePage })),
  },
  { path: 'storeLocator', lazy: storeLocator('shop') },
  // The help centre's 'Find a Store' target (spec §2): the same store locator.
  { path: 'store-locator', lazy: storeLocator('shop') },
  { path: `store_finder/${OPERATOR}_shop`, lazy: storeLocator('shop') },
  { path: 'store_finder/dealers', lazy: storeLocator('dealer') },
  {
    path: 'openNetworks',
    lazy: () =>
      import('@/features/coverage/components/coverage-page').then((m) => ({ Component: m.CoveragePage })),
  },
  {
    path: 'contact-us',
    lazy: () =>
      import('@/features/contact/components/contact-page').then((m) => ({ Component: m.ContactPage })),
  },
  {
    path: 'give_your_feedback',
    lazy: () =>
      import('@/features/contact/components/feedback-page').then((m) => ({ Component: m.FeedbackPage })),
  },
  {
    path: `more-${OPERATOR}-money`,
    lazy: () =>
      import('@/features/contact/components/mobile-money-loans-page').then((m) => ({
        Component: m.MobileMoneyLoansPage,
      })),
  },
];
