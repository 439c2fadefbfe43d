import { z } from 'zod';
import type { CallName } from './calls.js';
import { billRequest, billResponse, openInvoiceRequest, openInvoiceResponse } from './api/bills.js';
import { queryBalanceRequest, queryBalanceResponse } from './api/bills.js';
import { bundlesRequest, bundlesResponse } from './api/catalogue.js';
import { configQuery, configResponse } from './api/config.js';
import { contactMessageRequest, contactMessageResponse } from './api/contact.js';
import { activePackageQuery, activePackageResponse } from './api/content.js';
import { exchangeRateRequest, exchangeRateResponse } from './api/exchange.js';
import { faqsQuery, faqsResponse, feedbackRequest, feedbackResponse } from './api/help.js';
import { likeCountQuery, likeCountResponse } from './api/help.js';
import { cityListQuery, cityListResponse, formSaveRequest, formSaveResponse } from './api/leads.js';
import { hbbDevicesQuery, hbbDevicesResponse, hbbOfferQuery, hbbOfferResponse } from './api/leads.js';
import { submitLeadRequest, submitLeadResponse, trackLeadRequest, trackLeadResponse } from './api/leads.js';
import { mapConfigResponse, placesQuery, placesResponse } from './api/locations.js';
import { reverseQuery, reverseResponse, shopsQuery, shopsResponse } from './api/locations.js';
import { resendOtpRequest, sendOtpRequest, sendOtpResponse } from './api/otp.js';
import { verifyOtpRequest, verifyOtpResponse, verifyUserRequest, verifyUserResponse } from './api/otp.js';
import { fetchQuery, initiateRequest, initiateResponse } from './api/payments.js';
import { paymentOptionsRequest, paymentOptionsResponse } from './api/payments.js';
import { processRequest, processResponse, statusQuery, statusResponse } from './api/payments.js';
import { validateSubscriberRequest, validateSubscriberResponse } from './api/subscriber.js';

/** What a call sends (its query for a GET, its body for a POST) and the envelope it answers. */
type Endpoint = { request: z.ZodType; response: z.ZodType };

const payment = { request: initiateRequest, response: initiateResponse };
const charge = { request: processRequest, response: processResponse };

/**
 * The schemas of every call of `CALLS`, by the same name: the server validates each call with these very
 * objects (`server/src/endpoints.test.ts` holds it to that), and the web's client takes its types from
 * here, so a changed schema breaks the web's type-check. The compiler keeps the two tables' names equal.
 */
export const ENDPOINTS = {
  config: { request: configQuery, response: configResponse },
  activePackage: { request: activePackageQuery, response: activePackageResponse },
  faqs: { request: faqsQuery, response: faqsResponse },
  likeCount: { request: likeCountQuery, response: likeCountResponse },
  feedback: { request: feedbackRequest, response: feedbackResponse },
  contactMessage: { request: contactMessageRequest, response: contactMessageResponse },
  shops: { request: shopsQuery, response: shopsResponse },
  places: { request: placesQuery, response: placesResponse },
  reversePlace: { request: reverseQuery, response: reverseResponse },
  mapConfig: { request: z.object({}), response: mapConfigResponse },
  validateMsisdn: { request: validateSubscriberRequest, response: validateSubscriberResponse },
  bill: { request: billRequest, response: billResponse },
  openInvoices: { request: openInvoiceRequest, response: openInvoiceResponse },
  queryBalance: { request: queryBalanceRequest, response: queryBalanceResponse },
  submitLead: { request: submitLeadRequest, response: submitLeadResponse },
  trackLead: { request: trackLeadRequest, response: trackLeadResponse },
  formSave: { request: formSaveRequest, response: formSaveResponse },
  cityList: { request: cityListQuery, response: cityListResponse },
  hbbOffer: { request: hbbOfferQuery, response: hbbOfferResponse },
  hbbDevices: { request: hbbDevicesQuery, response: hbbDevicesResponse },
  bundles: { request: bundlesRequest, response: bundlesResponse },
  sendOtp: { request: sendOtpRequest, response: sendOtpResponse },
  resendOtp: { request: resendOtpRequest, response: sendOtpResponse },
  verifyOtp: { request: verifyOtpRequest, response: verifyOtpResponse },
  verifyUser: { request: verifyUserRequest, response: verifyUserResponse },
  paymentOptions: { request: paymentOptionsRequest, response: paymentOptionsResponse },
  initiate: payment,
  authInitiate: payment,
  process: charge,
  authProcess: charge,
  status: { request: statusQuery, response: statusResponse },
  fetch: { request: fetchQuery, response: statusResponse },
  exchangeRate: { request: exchangeRateRequest, response: exchangeRateResponse },
} satisfies Record<CallName, Endpoint>;

type Endpoints = typeof ENDPOINTS;
/** What the caller writes: the schema's input (defaults and coercions not yet applied). */
export type RequestOf<K extends CallName> = z.input<Endpoints[K]['request']>;
/** The envelope's `result` of a success. */
export type ResultOf<K extends CallName> = z.output<Endpoints[K]['response']>['result'];
