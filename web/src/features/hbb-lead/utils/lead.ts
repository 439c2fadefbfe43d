import {
  LEAD_ADDRESS_TYPE,
  LEAD_FORM_FIELDS,
  LEAD_SOURCE,
  LEAD_TRANSACTION_TYPE,
  type FormValues,
} from '@portal/contract/forms';
import type { HbbOffer, HbbPlan, SubmitLeadRequest, TrackLeadResult } from '@portal/contract/api/leads';
import type { PurchaseContext } from '@/lib/purchase-context';
import type { Located } from './geocode';

/** The customer's details as the lead form holds them. */
export type LeadDetails = {
  fullName: string;
  contactNumber: string;
  email: string;
  address: string;
  landmark: string;
  town: string;
  consent: boolean;
};

const text = (values: FormValues, name: string) => {
  const value = values[name];
  return typeof value === 'string' ? value.trim() : '';
};

export function detailsOf(values: FormValues): LeadDetails {
  return {
    fullName: text(values, LEAD_FORM_FIELDS.fullName),
    contactNumber: text(values, LEAD_FORM_FIELDS.contactNumber),
    email: text(values, LEAD_FORM_FIELDS.email),
    address: text(values, LEAD_FORM_FIELDS.address),
    landmark: text(values, LEAD_FORM_FIELDS.landmark),
    town: text(values, LEAD_FORM_FIELDS.town),
    consent: values[LEAD_FORM_FIELDS.consent] === true,
  };
}

/** What the first payment is: the plan price (taxes included) plus the one-time connection fee. */
export function amountDue(plan: Pick<HbbPlan, 'amount'>, offer: Pick<HbbOffer, 'connectionFee'>): number {
  return plan.amount + offer.connectionFee;
}

/** Spec §3 "Lead payload". */
export function leadPayload(input: {
  details: LeadDetails;
  plan: HbbPlan;
  located: Located & { point: { lat: number; lng: number } };
  uniqueCode: string;
  lineType: string;
  feasible: boolean;
  deviceId: string;
  formId?: string | undefined;
  language: string;
  /** The market's country (configuration), not a fixed one. */
  country: string;
}): SubmitLeadRequest {
  const { details, plan, located } = input;
  return {
    fullName: details.fullName,
    contactNumber: details.contactNumber,
    email: details.email,
    feasibility: input.feasible,
    address: {
      type: LEAD_ADDRESS_TYPE,
      landmark: details.landmark,
      lat: located.point.lat,
      lng: located.point.lng,
      city: details.town,
      street1: details.address,
      country: input.country,
      source: located.source,
    },
    plan: { code: plan.code, amount: plan.amount, currency: plan.currency, description: plan.description },
    source: LEAD_SOURCE,
    uniqueCode: input.uniqueCode,
    lineType: input.lineType,
    consent: details.consent,
    leadType: LEAD_TRANSACTION_TYPE,
    deviceId: input.deviceId,
    ...(input.formId ? { formId: input.formId } : {}),
    language: input.language,
  };
}

/**
 * The purchase context (spec §3 queryData) of a feasible lead: transaction type HBB_LEADS, the amount due,
 * the plan as the bundle, the email the payment page shows read-only. The subscriber type of a broadband lead
 * is empty (spec §7 payment-options).
 */
export function leadPurchaseContext(input: {
  details: LeadDetails;
  plan: HbbPlan;
  offer: HbbOffer;
  rechargeType: string;
  redirectPage: string;
}): Omit<PurchaseContext, 'attempt'> {
  const { details, plan, offer } = input;
  const amount = amountDue(plan, offer);
  return {
    msisdn: details.contactNumber,
    amount,
    transactionType: LEAD_TRANSACTION_TYPE,
    currency: plan.currency || offer.currency,
    redirectPage: input.redirectPage,
    rechargeType: input.rechargeType,
    lineType: '',
    productCode: plan.code,
    description: plan.description,
    data: plan.data,
    dataUnit: plan.dataUnit,
    bundleInfo: {
      description: plan.description,
      data: plan.data,
      dataUnit: plan.dataUnit,
      amount,
    },
    emailId: details.email,
    flow: LEAD_TRANSACTION_TYPE,
  };
}

/** A lead as its own mobile number shows it: with what paying for it needs. */
export type UnlockedLead = TrackLeadResult & { checkout: NonNullable<TrackLeadResult['checkout']> };

/**
 * The purchase context of a stored lead paid from its status page ("Pay now"), once its own mobile number
 * unlocked what paying needs (`checkout`): the amount due, the plan, the email of the request (read-only on
 * the payment page), Return to the lead's status.
 */
export function trackedLeadPurchaseContext(
  lead: UnlockedLead,
  rechargeType: string,
): Omit<PurchaseContext, 'attempt'> {
  return {
    msisdn: lead.checkout.msisdn,
    amount: lead.amountDue,
    transactionType: LEAD_TRANSACTION_TYPE,
    currency: lead.currency,
    redirectPage: `/hbb-lead-status?id=${encodeURIComponent(lead.refLeadId)}`,
    rechargeType,
    lineType: '',
    productCode: lead.plan.code,
    description: lead.plan.description,
    bundleInfo: { description: lead.plan.description, amount: lead.amountDue },
    emailId: lead.checkout.email,
    flow: LEAD_TRANSACTION_TYPE,
    leadId: lead.refLeadId,
  };
}

/** A lead its own mobile number unlocked, waiting for its payment: what "Pay now" goes on with. */
export function payableCheckout(lead: TrackLeadResult): UnlockedLead | undefined {
  return lead.checkout && lead.status === 'SUBMITTED' ? { ...lead, checkout: lead.checkout } : undefined;
}
