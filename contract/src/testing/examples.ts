import type { Bundle } from '../api/catalogue.js';

/**
 * Examples of the contract's shapes for tests, on either side: written once, beside the schemas they follow,
 * and checked against them by the contract's own tests.
 */

/**
 * A prepaid mobile data bundle of spec §3 (1 GB, 30 days, NGN 1,000). Its product code follows the name a test
 * gives it, so that bundles made from it stay apart.
 */
export function exampleBundle(overrides: Partial<Bundle> = {}): Bundle {
  return {
    productCode: overrides.name ?? 'DATA_M_1GB',
    name: 'Monthly 1GB',
    category: 'Data Bundles',
    periodType: 'Monthly',
    description: '',
    data: '1',
    dataUnit: 'GB',
    voice: '',
    voiceUnit: '',
    sms: '',
    validity: 30,
    validityUnit: 'Days',
    amount: 1000,
    currency: 'NGN',
    lineType: 'PREPAID',
    linetype: 'PREPAID',
    serviceType: 'MOBILE',
    ...overrides,
  };
}
