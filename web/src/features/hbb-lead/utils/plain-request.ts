import {
  isCheckbox,
  isPhoneField,
  typedPhoneValue,
  type FormSchema,
  type FormValues,
} from '@portal/contract/forms';
import { RESEND_AT } from '@/domain/otp/resend-wait';
import type { Located, LocationSource } from './geocode';

/*
 * The home-broadband request as plain HTML forms (no JavaScript: web/src/server/hbb-lead-action.ts). Each form
 * carries what the steps before it found, in hidden fields; the server checks everything again when the lead
 * is submitted, as it does for the live page.
 */

/** The step the server answered a plain form with. */
export type PlainStep = 'plan' | 'details' | 'place' | 'code';

/** What the forms carry forward besides the details form's own fields. */
export const CARRIED_FIELDS = [
  'plan',
  'formId',
  'lineType',
  'lat',
  'lng',
  'source',
  'place',
  'otpId',
  'otpRecipient',
  RESEND_AT,
] as const;

/** The field of each form that says what was asked for (its submit buttons' `value`s). */
export const INTENT_FIELD = 'intent';

/*
 * What the server finds wrong, as keys of the page's texts (hbb-translation, recharge-translation); any other
 * error it sends is a message already in the page's language (the API's).
 */
export const CHOOSE_PLAN = 'hbb.noPlanSelected';
export const PLACE_NOT_FOUND = 'hbb.plain.placeNotFound';

/** The details form's values from a plain form's text fields (a ticked checkbox is sent as 'on' or 'true'). */
export function detailValues(schema: FormSchema, sent: Record<string, string>): FormValues {
  return Object.fromEntries(
    schema.fields.map((field) => {
      const value = sent[field.name] ?? '';
      if (isCheckbox(field)) return [field.name, value === 'on' || value === 'true'];
      // A number sent with its trunk 0 or country code, as the live field takes it (typedPhoneValue).
      return [field.name, isPhoneField(field) ? typedPhoneValue(field, value) : value];
    }),
  );
}

/** The text fields a form carries a details form's values in. */
export function detailTexts(values: FormValues): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      value === true ? 'true' : value === false ? '' : value,
    ]),
  );
}

const SOURCES: readonly LocationSource[] = ['address', 'landmark', 'town', 'manual'];

/** The installation point the forms carry, when they carry one. */
export function carriedLocation(
  sent: Record<string, string>,
): (Located & { point: { lat: number; lng: number } }) | undefined {
  const lat = Number(sent['lat']);
  const lng = Number(sent['lng']);
  const source = SOURCES.find((s) => s === sent['source']);
  if (!sent['lat'] || !sent['lng'] || !Number.isFinite(lat) || !Number.isFinite(lng) || !source)
    return undefined;
  return { point: { lat, lng }, source, ...(sent['place'] ? { place: sent['place'] } : {}) };
}
