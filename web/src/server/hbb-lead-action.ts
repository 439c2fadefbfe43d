import { redirect } from 'react-router';
import {
  LEAD_FORM_FIELDS,
  LEAD_FORM_PAGE,
  isTownFeasible,
  leadLineType,
  validateForm,
  type FormSchema,
} from '@portal/contract/forms';
import type { HbbOffer } from '@portal/contract/api/leads';
import { lineType as lineTypes } from '@portal/contract/api/subscriber';
import { errorMessage } from '@/lib/api';
import { contentQueryOptions } from '@/lib/content';
import { catalogueQueryOptions } from '@/lib/i18n';
import { langParam } from '@/lib/language';
import { searchPlaces } from '@/domain/maps/map-api';
import { WRONG_CODE, codeRefusal, refusalValues, type CodeRefusal } from '@/domain/otp/code-refusal';
import { resendOtp, verifyOtp, type OtpChallenge } from '@/domain/otp/otp-api';
import { RESEND_AT, RESEND_WAIT, resendAtOf, secondsUntilResend } from '@/domain/otp/resend-wait';
import { hbbOfferQuery } from '@/features/hbb-lead/api/get-offer';
import { cityListQuery } from '@/features/hbb-lead/api/get-city-list';
import { saveLeadForm, sendLeadOtp, submitLead } from '@/features/hbb-lead/api/lead-calls';
import { HBB_CATALOGUE } from '@/features/hbb-lead/components/hbb-lead-page';
import { geocodeAddress } from '@/features/hbb-lead/utils/geocode';
import { detailsOf, leadPayload, leadPurchaseContext } from '@/features/hbb-lead/utils/lead';
import {
  CARRIED_FIELDS,
  CHOOSE_PLAN,
  INTENT_FIELD,
  carriedLocation,
  detailTexts,
  detailValues,
  PLACE_NOT_FOUND,
  type PlainStep,
} from '@/features/hbb-lead/utils/plain-request';
import { deviceFromQuery } from '@/features/hbb-lead/utils/session';
import { lineCheckQuery } from '@/domain/number-check/msisdn-field';
import { checkLine } from './journey-actions';
import { answered, invalid, toPayment, type ActionContext, type ActionResult } from './form';

/**
 * /hbb-lead as plain HTML forms (spec §2 "Home-broadband lead", §4 "Broadband lead"), for a browser that runs no
 * JavaScript: the plan; the details form of the content schema (checked, the number's line asked, saved); the
 * place found for the address (or one the customer searches for: there is no map to tap); the one-time code;
 * then the lead, submitted with the same calls as the live page: payment (sales-lead mode) when the service
 * reaches the town, else the request's status page. Each answer is the page again at its next step.
 */
type Request = {
  context: ActionContext;
  lang: string;
  schema: FormSchema;
  offer: HbbOffer;
  /** What the form sent and carries: the details form's fields and CARRIED_FIELDS, as text. */
  sent: Record<string, string>;
};

const STEPS: Record<string, (request: Request) => Promise<ActionResult>> = {
  plan: choosePlan,
  cancel: async ({ sent }) => at('plan', { plan: sent['plan'] ?? '' }),
  details: sendDetails,
  edit: async ({ sent }) => at('details', sent),
  place: searchPlace,
  confirm: sendCode,
  resend: resendCode,
  code: submitRequest,
};

export async function hbbLeadAction(context: ActionContext): Promise<ActionResult> {
  const step = STEPS[context.fields[INTENT_FIELD] ?? ''];
  const url = new URL(context.request.url);
  if (!step) return redirect(`${context.localePath('/hbb-lead')}${url.search}`, 303);
  const lang = langParam(context.language);
  const [schema, offer] = await Promise.all([
    context.queryClient.ensureQueryData(contentQueryOptions<FormSchema>(LEAD_FORM_PAGE, lang)),
    context.queryClient.ensureQueryData(hbbOfferQuery(deviceFromQuery(url.searchParams).id, lang)),
  ]);
  const names = [...schema.fields.map((field) => field.name), ...CARRIED_FIELDS];
  const sent = Object.fromEntries(names.map((name) => [name, context.fields[name] ?? '']));
  return step({
    context,
    lang,
    schema,
    offer,
    sent: { ...sent, ...detailTexts(detailValues(schema, sent)) },
  });
}

/** The page again at `step`, carrying `values`. */
function at(step: PlainStep, values: Record<string, string>, errors: Record<string, string> = {}) {
  const result = { ...values, step };
  return Object.keys(errors).length ? invalid({ values: result, errors }) : answered(result);
}

async function choosePlan({ offer, sent }: Request) {
  const plan = offer.plans.find((p) => p.code === sent['plan']);
  return plan ? at('details', { plan: plan.code }) : at('plan', {}, { plan: CHOOSE_PLAN });
}

/**
 * The details as the live page checks them (the schema's rules, an operator number), saved (form/v2/save),
 * then placed: the address, the landmark or the town, as the live page's map does.
 */
async function sendDetails(request: Request) {
  const { context, schema, lang } = request;
  const values = detailValues(schema, request.sent);
  // The number as the field takes it ('0803 123 4567' -> '8031234567'), carried to the next steps so.
  const sent = {
    ...request.sent,
    [LEAD_FORM_FIELDS.contactNumber]: String(values[LEAD_FORM_FIELDS.contactNumber] ?? ''),
  };
  const broken = validateForm(schema, values);
  // Any operator line may ask; its type is stored with the lead. The number's line is checked also when
  // another field breaks its rule, so that the page names every refusal at once, not in two rounds.
  const number = sent[LEAD_FORM_FIELDS.contactNumber] ?? '';
  const query = lineCheckQuery(number, { requestType: 'HBB_LEADS' });
  const line = broken[LEAD_FORM_FIELDS.contactNumber]
    ? undefined
    : await checkLine(context, number, query, lineTypes.options);
  const errors = {
    // The page says which rule each field breaks (it checks the values again itself).
    ...(Object.keys(broken).length > 0 ? { form: 'invalid' } : {}),
    ...(line?.error ? { [LEAD_FORM_FIELDS.contactNumber]: line.error } : {}),
  };
  if (!line || Object.keys(errors).length > 0) return at('details', sent, errors);
  try {
    const saved = await saveLeadForm({ formName: LEAD_FORM_PAGE, language: lang, data: values });
    const lead = detailsOf(values);
    const found = await geocodeAddress(lead, (query) => searchPlaces(query, lang));
    const carried = { ...sent, formId: saved.formId, lineType: leadLineType(line.lineType ?? '') };
    return at('place', { ...carried, ...placeFields(found) });
  } catch (error) {
    return invalid({ values: { ...sent, step: 'details' }, errors: {}, message: errorMessage(error) });
  }
}

function placeFields(found: Awaited<ReturnType<typeof geocodeAddress>>): Record<string, string> {
  if (!found.point) return { lat: '', lng: '', source: '', place: '' };
  return {
    lat: String(found.point.lat),
    lng: String(found.point.lng),
    source: found.source,
    place: found.place ?? '',
  };
}

/** A place the customer typed, where the address was not found (the live page's map search). */
async function searchPlace({ context, sent, lang }: Request) {
  const query = (context.fields['q'] ?? '').trim();
  const [first] = query ? await searchPlaces(query, lang).catch(() => []) : [];
  if (!first) return at('place', { ...sent, q: query }, { q: PLACE_NOT_FOUND });
  const place = { lat: String(first.lat), lng: String(first.lng), source: 'manual', place: first.address };
  return at('place', { ...sent, ...place });
}

/** The place confirmed: the one-time code goes to the contact number. */
async function sendCode({ sent, schema }: Request) {
  if (!carriedLocation(sent)) return at('place', sent, { q: PLACE_NOT_FOUND });
  const details = detailsOf(detailValues(schema, sent));
  try {
    const challenge = await sendLeadOtp({
      msisdn: details.contactNumber,
      email: details.email,
      fullName: details.fullName,
    });
    return atCode(sent, challenge);
  } catch (error) {
    const refusal = codeRefusal(error);
    return invalid({
      values: { ...sent, ...refusalValues(refusal), step: 'place' },
      errors: {},
      message: refusal.text,
    });
  }
}

/** The code step for a code just sent: the challenge, and when a new one may be asked for. */
function atCode(sent: Record<string, string>, challenge: OtpChallenge) {
  return at('code', {
    ...sent,
    otpId: challenge.otpId,
    otpRecipient: challenge.otpRecipient,
    [RESEND_AT]: String(resendAtOf(challenge)),
  });
}

/** A new code; asked for too early, the seconds left are said instead (domain/otp/resend-wait). */
async function resendCode({ sent }: Request) {
  const wait = secondsUntilResend(sent[RESEND_AT]);
  if (wait > 0) return at('code', { ...sent, [RESEND_WAIT]: String(wait) });
  try {
    return atCode(sent, await resendOtp(sent['otpId'] ?? ''));
  } catch (error) {
    return refusedCode(sent, codeRefusal(error));
  }
}

/** The code step again with why the code was refused (the code dialog's words) and the attempts left. */
function refusedCode(sent: Record<string, string>, refusal: CodeRefusal) {
  return at('code', { ...sent, ...refusalValues(refusal) }, { code: refusal.text });
}

/** The code verified, the lead submitted; then payment, or the request's status where service is not yet. */
async function submitRequest(request: Request) {
  const { context, sent, offer, lang } = request;
  const code = (context.fields['code'] ?? '').replace(/\D/g, '');
  const plan = offer.plans.find((p) => p.code === sent['plan']);
  const located = carriedLocation(sent);
  if (!plan || !located) return at('plan', {}, { plan: CHOOSE_PLAN });
  if (!code) return refusedCode(sent, WRONG_CODE);
  let uniqueCode: string;
  try {
    ({ uniqueCode } = await verifyOtp(sent['otpId'] ?? '', code));
  } catch (error) {
    return refusedCode(sent, codeRefusal(error));
  }
  try {
    const details = detailsOf(detailValues(request.schema, sent));
    const cities = await context.queryClient.ensureQueryData(cityListQuery);
    const feasible = isTownFeasible(cities, details.town);
    const answer = await submitLead(
      leadPayload({
        details,
        plan,
        located,
        uniqueCode,
        lineType: sent['lineType'] ?? '',
        feasible,
        deviceId: offer.device.id,
        formId: sent['formId'] || undefined,
        language: lang,
        country: context.config.countryName,
      }),
    );
    const status = `${context.localePath('/hbb-lead-status')}?id=${encodeURIComponent(answer.refLeadId)}`;
    if (!answer.feasibility || answer.status === 'PAID') return redirect(status, 303);
    const texts = await context.queryClient.ensureQueryData(catalogueQueryOptions(HBB_CATALOGUE, lang));
    const purchase = leadPurchaseContext({
      details,
      plan,
      offer,
      rechargeType: texts['hbb.rechargeType'] ?? '',
      redirectPage: `/hbb-lead-status?id=${encodeURIComponent(answer.refLeadId)}`,
    });
    return toPayment(context, { ...purchase, leadId: answer.refLeadId });
  } catch (error) {
    return at('code', sent, { code: errorMessage(error) });
  }
}
