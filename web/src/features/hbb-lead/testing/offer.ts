import type { HbbPlan } from '@portal/contract/api/leads';

/** The 4G router's 30 GB plan as the offer lists it in English (content/data/hbb-plans.json). */
export const HOME_STARTER_PLAN: HbbPlan = {
  code: 'HBB-4G-30',
  description: 'Home Starter 30GB',
  data: '30',
  dataUnit: 'GB',
  validity: 30,
  validityUnit: 'Days',
  amount: 10000,
  currency: 'NGN',
};
