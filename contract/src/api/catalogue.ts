import { z } from 'zod';
import { envelope } from '../envelope.js';

/**
 * The product catalogue (spec §3 "Bundle", §7 `product/v1/bundle`, `resource/v1/get-product-config`).
 *
 * Wire conventions, kept from the original system: `data`, `voice` and `sms` are strings ('' when the bundle
 * has none; `data` may be 'Unlimited'), `validity` is a number of `validityUnit` with -1 meaning unlimited
 * (shown as 'Unlimited'), `amount` is naira, and the line type travels twice, as `lineType` and `linetype`.
 */
export const bundleLineType = z.enum(['PREPAID', 'POSTPAID']);
export type BundleLineType = z.infer<typeof bundleLineType>;

/** MOBILE: phone lines; BROADBAND: MiFi and router plans. */
export const bundleServiceType = z.enum(['MOBILE', 'BROADBAND']);
export type BundleServiceType = z.infer<typeof bundleServiceType>;

/** validity -1: the bundle never expires. */
export const UNLIMITED_VALIDITY = -1;

export const bundle = z.object({
  productCode: z.string(),
  name: z.string(),
  category: z.string(),
  /** 'Daily', 'Weekly', 'Monthly' or '' (the list shows a blank period type as 'Others'). */
  periodType: z.string(),
  description: z.string(),
  data: z.string(),
  dataUnit: z.string(),
  voice: z.string(),
  voiceUnit: z.string(),
  sms: z.string(),
  validity: z.number().int(),
  validityUnit: z.string(),
  amount: z.number().positive(),
  currency: z.string(),
  lineType: bundleLineType,
  /** The same value as `lineType`: the original system spells it both ways. */
  linetype: bundleLineType,
  serviceType: bundleServiceType,
});
export type Bundle = z.infer<typeof bundle>;

/**
 * `{msisdn, lineType, serviceType: null}` for a number, or `{serviceType}` for a kind of plan. With a number
 * the server uses the line type and broadband flag the network holds, not the ones sent.
 */
export const bundlesRequest = z
  .object({
    msisdn: z
      .string()
      .regex(/^\d{10}$/, 'Invalid Mobile No')
      .optional(),
    lineType: z.string().max(20).nullable().optional(),
    serviceType: z.string().max(40).nullable().optional(),
    requestType: z.string().max(40).nullable().optional(),
  })
  .refine((b) => b.msisdn !== undefined || Boolean(b.serviceType) || Boolean(b.lineType), {
    message: 'msisdn or serviceType is required',
    path: ['msisdn'],
  });
export type BundlesRequest = z.input<typeof bundlesRequest>;

/** `result` is the list of bundles. */
export const bundlesResponse = envelope(z.array(bundle));

/** `resource/v1/get-product-config`: what the catalogue offers, for pages that build filters and tabs. */
export const productConfigResult = z.object({
  productCode: z.string(),
  currency: z.string(),
  enablePostpaidBundles: z.boolean(),
  serviceTypes: z.array(bundleServiceType),
  lineTypes: z.array(bundleLineType),
  categories: z.array(
    z.object({ name: z.string(), serviceType: bundleServiceType, lineType: bundleLineType }),
  ),
  periodTypes: z.array(z.string()),
});
export type ProductConfig = z.infer<typeof productConfigResult>;
export const productConfigResponse = envelope(productConfigResult);
