/** The pages the server renders, as the hydration test and the partial-paint bench load them. */
export const SERVER_RENDERED_ROUTES = [
  '/',
  '/about',
  '/prepaid-recharge',
  '/postpaid-bill-pay',
  '/data-bundle',
  '/broadband-recharge',
  '/orp/fixed-internet',
  '/hbb-lead',
  '/hbb-lead-status',
  '/payment/start',
  '/payment/status?id=NO_SUCH_PAYMENT',
  '/gethelp',
  '/table',
  '/gethelp?parent=Recharge',
  '/gethelp?search=data+balance',
  '/gethelp?parent=Data+%26+Bundles&category=Data+balance+and+usage&question=dat-011',
  '/storeLocator',
  '/storeLocator?q=Ikeja',
  '/store_finder/dealers',
  '/openNetworks',
  '/openNetworks?q=Ikeja',
  '/contact-us',
  '/give_your_feedback',
  '/more-naija-money',
  '/offline',
];

/** What the paint checks draw (cut-paint.spec.ts, bench:partial-paint, bench:cut-paint): those, and two long pages. */
export const PAINTED_ROUTES = [...SERVER_RENDERED_ROUTES, '/home-broadband', '/privacy-policy'];
