import { OPERATOR } from './operator.js';
import { PATHS } from './paths.js';

/**
 * The calls the browser makes, by name: method and path. Kept free of zod so the page can carry it; the
 * schemas of each call are in `endpoints.ts` under the same names, and the web's client types its calls
 * from there (types only).
 */
export const CALLS = {
  config: { method: 'GET', path: PATHS.config },
  activePackage: { method: 'GET', path: PATHS.activePackage },
  faqs: { method: 'GET', path: PATHS.faqs },
  likeCount: { method: 'GET', path: PATHS.likeCount },
  feedback: { method: 'POST', path: PATHS.feedback },
  contactMessage: { method: 'POST', path: PATHS.contactMessage },
  shops: { method: 'GET', path: PATHS.shopsByCoordinates(OPERATOR) },
  places: { method: 'GET', path: PATHS.places },
  reversePlace: { method: 'GET', path: PATHS.reversePlace },
  mapConfig: { method: 'GET', path: PATHS.mapConfig },
  validateMsisdn: { method: 'POST', path: PATHS.validateMsisdn },
  bill: { method: 'POST', path: PATHS.bill },
  openInvoices: { method: 'POST', path: PATHS.openInvoices },
  queryBalance: { method: 'POST', path: PATHS.queryBalance },
  submitLead: { method: 'POST', path: PATHS.submitLead },
  trackLead: { method: 'POST', path: PATHS.trackLead },
  formSave: { method: 'POST', path: PATHS.formSave },
  cityList: { method: 'GET', path: PATHS.cityList },
  hbbOffer: { method: 'GET', path: PATHS.hbbOffer },
  hbbDevices: { method: 'GET', path: PATHS.hbbDevices },
  bundles: { method: 'POST', path: PATHS.bundles },
  sendOtp: { method: 'POST', path: PATHS.sendOtp },
  resendOtp: { method: 'POST', path: PATHS.resendOtp },
  verifyOtp: { method: 'POST', path: PATHS.verifyOtp },
  verifyUser: { method: 'POST', path: PATHS.verifyUser },
  paymentOptions: { method: 'POST', path: PATHS.paymentOptions },
  initiate: { method: 'POST', path: PATHS.initiate },
  authInitiate: { method: 'POST', path: PATHS.authInitiate },
  process: { method: 'POST', path: PATHS.process },
  authProcess: { method: 'POST', path: PATHS.authProcess },
  status: { method: 'GET', path: PATHS.status },
  fetch: { method: 'GET', path: PATHS.fetch },
  exchangeRate: { method: 'POST', path: PATHS.exchangeRate },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: string }>;

export type CallName = keyof typeof CALLS;
