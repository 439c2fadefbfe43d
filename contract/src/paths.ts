/** Every HTTP path of the portal API (spec §7), relative to the site root. */
export const BFE = '/orp/bfe/api/portal-service';

export const PATHS = {
  config: `${BFE}/resource/v1/config`,
  productConfig: `${BFE}/resource/v1/get-product-config`,
  activePackage: `${BFE}/cms/webpage/activePackage`,
  faqs: `${BFE}/cms/webpage/getFaqs_pCategory`,
  likeCount: `${BFE}/cms/webpage/likeCount/`,
  /** 'Our Service Experience' feedback form (/give_your_feedback). */
  feedback: `${BFE}/cms/webpage/feedback`,
  shopsByCoordinates: (operator: string) => `${BFE}/cms/maps/${operator}shopsbycoordinates`,
  /** Place search, reverse geocoding, map settings and the town list (gazetteer or configured geocoder). */
  places: `${BFE}/maps/v1/places`,
  reversePlace: `${BFE}/maps/v1/reverse`,
  mapConfig: `${BFE}/maps/v1/config`,
  towns: `${BFE}/maps/v1/towns`,
  lineType: `${BFE}/subscriber/line-type`,
  validateMsisdn: `${BFE}/subscriber/validate/msisdn-account`,
  bill: `${BFE}/subscriber/v1/bill`,
  openInvoices: `${BFE}/subscriber/getopeninvoice`,
  queryBalance: `${BFE}/subscriber/v4/query-balance`,
  submitLead: `${BFE}/subscriber/v1/submit-lead`,
  trackLead: `${BFE}/subscriber/v1/track-lead`,
  /** Home-broadband leads: a LEAD code, the schema-driven form save, the town list, the device and plans. */
  sendOtpHbb: '/api/portal-service/subscriber/v1/send-otp-hbb',
  formSave: '/api/portal-service/form/v2/save',
  cityList: `${BFE}/resource/v1/city-list`,
  hbbOffer: `${BFE}/product/v1/hbb-offer`,
  bundles: `${BFE}/product/v1/bundle`,
  sendOtp: `${BFE}/otp/v1/send-otp`,
  resendOtp: `${BFE}/otp/v1/resend-otp`,
  verifyOtp: `${BFE}/otp/v1/verify-otp`,
  /** The spec's other names of the same three calls (§7 `optimus/otp/send|resend|verify`). */
  optimusSendOtp: `${BFE}/optimus/otp/send`,
  optimusResendOtp: `${BFE}/optimus/otp/resend`,
  optimusVerifyOtp: `${BFE}/optimus/otp/verify`,
  verifyUser: '/auth/bfe/api/portal-service/otp/v1/verify-user',
  paymentOptions: `${BFE}/transaction/v1/payment-options`,
  /** The spec's unversioned name of the same call. */
  paymentOptionsUnversioned: `${BFE}/transaction/payment-options`,
  initiate: `${BFE}/transaction/v1/initiate`,
  authInitiate: `${BFE}/transaction/v1/auth/initiate`,
  process: `${BFE}/transaction/v1/process`,
  authProcess: `${BFE}/transaction/v1/auth/process`,
  status: `${BFE}/transaction/v1/status`,
  fetch: `${BFE}/transaction/fetch`,
  exchangeRate: `${BFE}/transaction/get/exchange/rate`,
  /** Provider webhooks (signed); not called by the browser. */
  webhook: (gateway: string) => `${BFE}/transaction/v1/webhook/${gateway}`,
  /** Where the card gateway returns the browser (spec §2). */
  pgCallback: (gateway: string) => `/api/portal-service/transaction/v1/pg-callback/status/ORP/${gateway}`,
  healthz: '/healthz',
  readyz: '/readyz',
  /** Prometheus metrics for the operator (a bearer token in production). */
  metrics: '/metrics',
  openapi: '/docs/openapi.json',
} as const;
