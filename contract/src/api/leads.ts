import { z } from 'zod';
import { envelope } from '../envelope.js';
import { otpChallengeResult } from './otp.js';

/**
 * Home-broadband leads (spec §2 "Home-broadband lead", §3 "Lead payload", "City list entry", "Form schema",
 * §7 `subscriber/v1/submit-lead`, `subscriber/v1/track-lead`, `send-otp-hbb`, `form/v2/save`, the town list).
 * The dynamic-form rules themselves are plain functions in ../forms.ts, shared by web and server.
 */

const national = z.string().regex(/^\d{10}$/, 'Invalid Mobile No');

/** Lead ids: 'HBB' and 16 random characters; the id is what a customer quotes and tracks by. */
export const leadIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Invalid lead id');

/** Lead types of spec §3. */
export const leadType = z.enum(['HBB_LEADS', 'HBB_AIRTIME', 'ENTERPRISE', 'AIR_TIME', 'HBB_ODU_AW']);
export type LeadType = z.infer<typeof leadType>;

/**
 * Where a lead stands. SUBMITTED: feasible and waiting for its payment; NOT_FEASIBLE: recorded, no service
 * in the town yet; PAID: the lead's payment arrived. The last three are set by the operator's back office.
 */
export const leadStatus = z.enum([
  'SUBMITTED',
  'NOT_FEASIBLE',
  'PAID',
  'INSTALLATION_SCHEDULED',
  'INSTALLED',
  'CANCELLED',
]);
export type LeadStatus = z.infer<typeof leadStatus>;

// --- Form schema (spec §3), as the content page `get-form-schema` holds it ---------------------------------

export const formOptionSchema = z.object({ value: z.string(), label: z.string().optional() });

export const formFieldSchema = z.object({
  name: z.string().min(1).max(60),
  label: z.string(),
  type: z.string().min(1).max(30),
  rank: z.number(),
  required: z.boolean().optional(),
  pattern: z.string().optional(),
  minLength: z.number().int().nonnegative().optional(),
  maxLength: z.number().int().positive().optional(),
  errorMessage: z.string().optional(),
  placeholder: z.string().optional(),
  countryCode: z.string().optional(),
  options: z.array(formOptionSchema).optional(),
  optionsSource: z.string().optional(),
  hint: z.string().optional(),
  link: z.object({ label: z.string(), path: z.string().regex(/^\/(?!\/)/) }).optional(),
});

export const formActionSchema = z.object({
  type: z.string(),
  label: z.string(),
  rank: z.number(),
  name: z.string().optional(),
});

export const formSchemaSchema = z.object({
  fields: z.array(formFieldSchema),
  actions: z.array(formActionSchema),
});

// --- Town list (form config 'city-config') -----------------------------------------------------------------

export const cityEntrySchema = z.object({ cityName: z.string(), hbbLeadFeasibility: z.boolean() });

/** `GET resource/v1/city-list?code=city-config`: the town list of spec §7, answer in result.data. */
export const cityListQuery = z.object({
  code: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .default('city-config'),
});
export const cityListResponse = envelope(z.object({ data: z.array(cityEntrySchema) }));

// --- Device and plans of the lead page ----------------------------------------------------------------------

export const hbbDeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** An absolute URL or path of a picture, or the key of an illustration the web ships. */
  image: z.string(),
  features: z.array(z.string()),
});
export type HbbDevice = z.infer<typeof hbbDeviceSchema>;

/** A plan of the plan table: description, data, validity, price (naira, taxes included). */
export const hbbPlanSchema = z.object({
  code: z.string(),
  description: z.string(),
  data: z.string(),
  dataUnit: z.string(),
  validity: z.number().int(),
  validityUnit: z.string(),
  amount: z.number().positive(),
  currency: z.string(),
});
export type HbbPlan = z.infer<typeof hbbPlanSchema>;

/** `GET product/v1/hbb-offer?device=&lang=`: the device (the default router when unknown) and its plans. */
export const hbbOfferQuery = z.object({
  device: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,60}$/)
    .optional(),
  lang: z.string().min(2).max(5).optional(),
});
export const hbbOfferSchema = z.object({
  device: hbbDeviceSchema,
  plans: z.array(hbbPlanSchema),
  /** The one-time connection fee (spec §9: N20,000), added to the first payment. */
  connectionFee: z.number().nonnegative(),
  currency: z.string(),
});
export type HbbOffer = z.infer<typeof hbbOfferSchema>;
export const hbbOfferResponse = envelope(hbbOfferSchema);

/** `GET product/v1/hbb-devices?lang=`: every device of the market with its plans, the default first. */
export const hbbDevicesQuery = hbbOfferQuery.pick({ lang: true });
export const hbbDevicesSchema = z.object({ offers: z.array(hbbOfferSchema) });
export type HbbDevices = z.infer<typeof hbbDevicesSchema>;
export const hbbDevicesResponse = envelope(hbbDevicesSchema);

// --- submit-lead ----------------------------------------------------------------------------------------------

/** How the installation point was found (spec §4 "Address geocoding"), or 'manual' when the customer placed it. */
export const addressSource = z.enum(['address', 'landmark', 'town', 'manual']);

export const leadAddressSchema = z.object({
  type: z.literal('installation').default('installation'),
  landmark: z.string().max(300).default(''),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  city: z.string().min(1).max(80),
  street1: z.string().min(1).max(300),
  country: z.string().max(60).default('Nigeria'),
  source: addressSource.optional(),
});

export const leadPlanSchema = z.object({
  code: z.string().min(1).max(60),
  amount: z.coerce.number().nonnegative(),
  currency: z.string().length(3),
  description: z.string().max(200).default(''),
});

/**
 * Spec §3 "Lead payload". `feasibility` is what the page worked out; the server decides again from the city
 * list. `uniqueCode` comes from verifying a LEAD code sent to `contactNumber`. The plan is priced by the server.
 */
export const submitLeadRequest = z.object({
  fullName: z.string().max(200),
  contactNumber: national,
  email: z.string().max(200),
  feasibility: z.boolean().optional(),
  address: leadAddressSchema,
  plan: leadPlanSchema,
  source: z.string().max(30).default('WEBPORTAL'),
  uniqueCode: z.string().min(1).max(200),
  lineType: z.string().max(20).default(''),
  consent: z.boolean(),
  leadType: leadType.default('HBB_LEADS'),
  deviceId: z.string().max(60).optional(),
  /** The saved customer-details form (form/v2/save), when the page saved it first. */
  formId: z.string().max(60).optional(),
  /** The language the form was shown in (its labels and messages). */
  language: z.string().min(2).max(5).default('en'),
});
export type SubmitLeadRequest = z.input<typeof submitLeadRequest>;

export const submitLeadResult = z.object({
  refLeadId: z.string(),
  feasibility: z.boolean(),
  status: leadStatus,
  /** True when this lead was already recorded (the same number, address and plan): nothing new was stored. */
  duplicate: z.boolean(),
  /** What the first payment is: the plan price plus the connection fee (naira). */
  amountDue: z.number(),
  currency: z.string(),
});
export type SubmitLeadResult = z.infer<typeof submitLeadResult>;
export const submitLeadResponse = envelope(submitLeadResult);

// --- track-lead -------------------------------------------------------------------------------------------------

/**
 * `POST subscriber/v1/track-lead {leadId}`: the lead's status, with the contact details masked. With the
 * lead's own `contactNumber` as well, `checkout` carries what paying for the lead needs.
 */
export const trackLeadRequest = z.object({ leadId: leadIdParam, contactNumber: national.optional() });

export const trackLeadResult = z.object({
  refLeadId: z.string(),
  status: leadStatus,
  feasibility: z.boolean(),
  leadType,
  createdAt: z.string(),
  updatedAt: z.string(),
  contactNumber: z.string(),
  email: z.string(),
  city: z.string(),
  plan: leadPlanSchema.extend({ description: z.string() }),
  connectionFee: z.number(),
  amountDue: z.number(),
  currency: z.string(),
  /** The payment's reference only for whoever also gave the lead's contact number: a lead id alone is no key. */
  payment: z.object({ transactionId: z.string().nullable(), paidAt: z.string() }).nullable(),
  checkout: z
    .object({ msisdn: z.string(), email: z.string(), lineType: z.string(), deviceId: z.string().nullable() })
    .nullable(),
});
export type TrackLeadResult = z.infer<typeof trackLeadResult>;
export const trackLeadResponse = envelope(trackLeadResult);

// --- send-otp-hbb -----------------------------------------------------------------------------------------------

/** `POST api/portal-service/subscriber/v1/send-otp-hbb`: a LEAD code to the contact number (as send-otp does). */
export const sendOtpHbbRequest = z.object({
  msisdn: national,
  email: z.string().max(200).optional(),
  fullName: z.string().max(200).optional(),
});
export const sendOtpHbbResponse = envelope(otpChallengeResult);

// --- form/v2/save -----------------------------------------------------------------------------------------------

/**
 * `POST api/portal-service/form/v2/save`: a form built from a content schema (`formName` is its page, e.g.
 * 'get-form-schema'), validated on the server with the same rules as on the page. A failure is 400 with
 * `result.errors` per field.
 */
export const formSaveRequest = z.object({
  formName: z.string().regex(/^[a-z0-9-]{1,60}$/),
  language: z.string().min(2).max(5).default('en'),
  data: z
    .record(z.string().max(60), z.union([z.string().max(2000), z.boolean()]))
    .refine((d) => Object.keys(d).length <= 60, { message: 'Too many fields' }),
});
export type FormSaveRequest = z.input<typeof formSaveRequest>;

export const formSaveResponse = envelope(z.object({ formId: z.string(), duplicate: z.boolean() }));

export const formErrorsResult = z.object({
  errors: z.record(z.string(), z.object({ code: z.string(), message: z.string() })),
});
