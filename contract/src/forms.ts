/**
 * The dynamic-form rules of spec §5 "Dynamic form fields" and the lead-journey rules of spec §4 and §5
 * ("Form submit", "Feasibility", "Address geocoding"), written once for the web form and the server.
 * Plain functions and types (no zod), so the form page pays a few bytes for them.
 */
import { digitsOnly, typedMobileNumber } from './rules.js';

/** Spec §3 "Form schema": a field of the schema. `type` is text, select, checkbox, string and others. */
export type FormField = {
  name: string;
  label: string;
  type: string;
  rank: number;
  required?: boolean;
  /** A regular expression (source text) the whole value must match. */
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  /** Replaces the default texts of the length and pattern rules. */
  errorMessage?: string;
  placeholder?: string;
  /** Phone-type fields show it as a '+' prefix (spec §2). */
  countryCode?: string;
  options?: FormOption[];
  /** Ours: the options come from a list the page loads (e.g. 'city-config', the town list). */
  optionsSource?: string;
  /** Ours: a short help text under the field. */
  hint?: string;
  /** Ours: a page of this site the field refers to (the consent's privacy notice), linked under it. */
  link?: { label: string; path: string };
};

export type FormOption = { value: string; label?: string };

export type FormActionType = 'submit' | 'cancel' | 'other';

/** Spec §3: an action of the schema (submit, cancel, other), ordered with the fields by rank. */
export type FormAction = { type: FormActionType | string; label: string; rank: number; name?: string };

export type FormSchema = { fields: FormField[]; actions: FormAction[] };

export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;

/** What a rule found: `code` names the rule (the web translates it), `message` is the spec's English text. */
export type FieldErrorCode =
  | 'required'
  | 'unchecked'
  | 'minLength'
  | 'maxLength'
  | 'invalid'
  | 'invalidAddress'
  | 'invalidLandmark'
  | 'custom';

export type FieldError = {
  code: FieldErrorCode;
  message: string;
  params: { label: string; count?: number };
};

export const FORM_MSG = {
  required: (label: string) => `${label} is required`,
  // A checkbox's label is a whole sentence (the consent's), which '{label} is required' would garble.
  unchecked: 'Please tick this box to continue',
  minLength: (label: string, n: number) => `${label} must be at least ${n} characters`,
  maxLength: (label: string, n: number) => `${label} must be no more than ${n} characters`,
  invalid: (label: string) => `Invalid ${label}`,
  invalidAddress: 'Please enter a valid address',
  invalidLandmark: 'Please enter a valid landmark',
} as const;

/** The two address fields with rules of their own (spec §5). */
export const ADDRESS_FIELD = 'installationAddress';
export const LANDMARK_FIELD = 'landmark';

/** "A value of only digits, or only dashes, slashes, commas and spaces" is not an address. */
const ONLY_DIGITS = /^\d+$/;
const ONLY_SEPARATORS = /^[-/,\s]+$/;

/** A phone field: typed tel or phone, or shown with a country code. */
export function isPhoneField(field: Pick<FormField, 'type' | 'countryCode'>): boolean {
  const type = field.type.toLowerCase();
  return type === 'tel' || type === 'phone' || Boolean(field.countryCode);
}

/**
 * A phone field's value as typed or sent: digits only, at most its maxLength, and for one shown with a
 * country code the number without its trunk 0 or that code (rules.ts's typedMobileNumber), as the journeys'
 * number fields take it.
 */
export function typedPhoneValue(field: Pick<FormField, 'countryCode' | 'maxLength'>, value: string): string {
  if (!field.countryCode) return digitsOnly(value, field.maxLength);
  return typedMobileNumber(value, {
    countryCode: field.countryCode,
    ...(field.maxLength !== undefined ? { length: field.maxLength } : {}),
  });
}

export function isCheckbox(field: Pick<FormField, 'type'>): boolean {
  return field.type.toLowerCase() === 'checkbox';
}

/** Fields that show text rather than take input (ours: 'note', 'heading', 'paragraph'). */
export function isDisplayOnly(field: Pick<FormField, 'type'>): boolean {
  return ['note', 'heading', 'paragraph'].includes(field.type.toLowerCase());
}

/** Empty means nothing but spaces; values are trimmed only for this check (spec §5). */
export function isEmptyValue(value: FormValue | undefined): boolean {
  if (typeof value === 'boolean') return !value;
  return (value ?? '').trim() === '';
}

/**
 * A field's pattern, with Unicode semantics: a name or an address may be written with any letter of the
 * languages the portal speaks (Yoruba's ẹ and ọ, Hausa's ɗ and ƙ, Igbo's ị and ụ), which `\p{L}` and `\p{M}`
 * (letters and their combining marks) say.
 */
function compile(pattern: string | undefined): RegExp | undefined {
  if (!pattern) return undefined;
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

/** The whole value must match (a schema pattern without anchors is anchored here). */
function matches(pattern: string, value: string): boolean {
  const re = compile(pattern);
  if (!re) return true;
  const found = re.exec(value);
  return found !== null && found.index === 0 && found[0].length === value.length;
}

function err(code: FieldErrorCode, message: string, label: string, count?: number): FieldError {
  return { code, message, params: count === undefined ? { label } : { label, count } };
}

function custom(field: FormField): FieldError | undefined {
  return field.errorMessage ? err('custom', field.errorMessage, field.label) : undefined;
}

/**
 * Spec §5 "Dynamic form fields", validated on every change. Returns the first rule a value breaks, or
 * undefined. Lengths count the value as typed (values are trimmed only for the emptiness check).
 */
export function validateField(field: FormField, value: FormValue | undefined): FieldError | undefined {
  const { label } = field;
  if (isDisplayOnly(field)) return undefined;
  // Checkboxes are exempt from the required message (they still keep submit disabled, see canSubmit).
  if (isCheckbox(field)) return undefined;
  const text = typeof value === 'string' ? value : value === true ? 'true' : '';
  if (field.required && isEmptyValue(text)) return err('required', FORM_MSG.required(label), label);

  if (field.name === ADDRESS_FIELD || field.name === LANDMARK_FIELD) {
    if (isEmptyValue(text)) return undefined;
    if (field.minLength !== undefined && text.length < field.minLength) {
      return (
        custom(field) ?? err('minLength', FORM_MSG.minLength(label, field.minLength), label, field.minLength)
      );
    }
    if (field.pattern && matches(field.pattern, text)) return undefined;
    if (ONLY_DIGITS.test(text) || ONLY_SEPARATORS.test(text)) {
      return field.name === ADDRESS_FIELD
        ? err('invalidAddress', FORM_MSG.invalidAddress, label)
        : err('invalidLandmark', FORM_MSG.invalidLandmark, label);
    }
    // Without a pattern there is nothing more to check.
    if (!field.pattern) return undefined;
    return custom(field) ?? err('invalid', FORM_MSG.invalid(label), label);
  }

  // An optional field left empty has nothing to check.
  if (isEmptyValue(text)) return undefined;
  if (field.minLength !== undefined && text.length < field.minLength) {
    return (
      custom(field) ?? err('minLength', FORM_MSG.minLength(label, field.minLength), label, field.minLength)
    );
  }
  if (field.maxLength !== undefined && text.length > field.maxLength) {
    return (
      custom(field) ?? err('maxLength', FORM_MSG.maxLength(label, field.maxLength), label, field.maxLength)
    );
  }
  if (field.pattern && !matches(field.pattern, text)) {
    return custom(field) ?? err('invalid', FORM_MSG.invalid(label), label);
  }
  return undefined;
}

/**
 * A required checkbox left unticked (consent): `validateField` exempts checkboxes from the required message, so
 * this is its own rule with its own code ('unchecked'), which the server's check of a submission and the live
 * form's submit both apply, so that page and API say the same words.
 */
export function uncheckedRequired(field: FormField, value: FormValue | undefined): FieldError | undefined {
  if (!isCheckbox(field) || !field.required || value === true) return undefined;
  return err('unchecked', FORM_MSG.unchecked, field.label);
}

/**
 * The server's check of a whole submission: every field's rule, plus what the page's inputs already prevent
 * and a server cannot assume (a value longer than maxLength on the address fields, a select or radio value
 * that is not one of its options, a required checkbox left unchecked).
 */
export function validateForm(
  schema: Pick<FormSchema, 'fields'>,
  values: FormValues,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const field of schema.fields) {
    if (isDisplayOnly(field)) continue;
    const value = values[field.name];
    const { label } = field;
    let error = validateField(field, value);
    const text = typeof value === 'string' ? value : '';
    error ??= uncheckedRequired(field, value);
    if (!error && field.maxLength !== undefined && text.length > field.maxLength) {
      error = err('maxLength', FORM_MSG.maxLength(label, field.maxLength), label, field.maxLength);
    }
    if (
      !error &&
      ['select', 'radio'].includes(field.type.toLowerCase()) &&
      field.options &&
      field.options.length > 0 &&
      text !== '' &&
      !field.options.some((o) => o.value === text)
    ) {
      error = err('invalid', FORM_MSG.invalid(label), label);
    }
    if (error) errors[field.name] = error;
  }
  return errors;
}

/**
 * Spec §4 "Form submit": disabled while any validation error exists or any required field is empty
 * (an unchecked required checkbox counts as empty).
 */
export function canSubmit(
  schema: Pick<FormSchema, 'fields'>,
  values: FormValues,
  errors: Readonly<Record<string, FieldError | undefined>>,
): boolean {
  if (Object.values(errors).some(Boolean)) return false;
  return schema.fields.every(
    (field) => isDisplayOnly(field) || !field.required || !isEmptyValue(values[field.name]),
  );
}

/** Fields and actions in the order of their rank (spec §2 "Dynamic form"); equal ranks keep their order. */
export function byRank<T extends { rank: number }>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.rank - b.item.rank || a.index - b.index)
    .map(({ item }) => item);
}

/** The starting values of a form: '' for inputs, false for checkboxes. */
export function initialValues(schema: Pick<FormSchema, 'fields'>): FormValues {
  const values: FormValues = {};
  for (const field of schema.fields) {
    if (isDisplayOnly(field)) continue;
    values[field.name] = isCheckbox(field) ? false : '';
  }
  return values;
}

// ---------------------------------------------------------------------------------------------------------
// The home-broadband lead journey (spec §2 "Home-broadband lead", §4 "Broadband lead", "Address geocoding").

/** Spec §3 "City list entry" (the form config 'city-config'). */
export type CityEntry = { cityName: string; hbbLeadFeasibility: boolean };

const townKey = (town: string) => town.trim().replace(/\s+/g, ' ').toLowerCase();

/** Spec §5 "Feasibility": a town is feasible only if it is in the city list with hbbLeadFeasibility true. */
export function isTownFeasible(cities: readonly CityEntry[], town: string): boolean {
  const key = townKey(town);
  if (!key) return false;
  return cities.some((c) => townKey(c.cityName) === key && c.hbbLeadFeasibility === true);
}

/**
 * Spec §4 "Address geocoding": the texts to look up, in order: installation address plus town, then
 * landmark plus town, then town alone. Empty parts are skipped, repeats dropped.
 */
export function geocodeQueries(input: { address?: string; landmark?: string; town?: string }): string[] {
  const town = (input.town ?? '').trim();
  const withTown = (part: string | undefined) => {
    const text = (part ?? '').trim();
    if (!text) return '';
    return town ? `${text}, ${town}` : text;
  };
  const queries = [withTown(input.address), withTown(input.landmark), town].filter(Boolean);
  return queries.filter((q, i) => queries.indexOf(q) === i);
}

/** Spec §9: redirect after the success modal (to /payment/start) and after the not-available modal. */
export const LEAD_SUCCESS_REDIRECT_MS = 3_000;
export const LEAD_NOT_FEASIBLE_REDIRECT_MS = 6_000;
/** Spec §9: zoom of the broadband address map. */
export const ADDRESS_MAP_ZOOM = 12;

/** Spec §3 lead payload constants: address type, channel, lead type. */
export const LEAD_ADDRESS_TYPE = 'installation';
export const LEAD_SOURCE = 'WEBPORTAL';
export const LEAD_TRANSACTION_TYPE = 'HBB_LEADS';

/**
 * Spec §3, §6 "Session flag for the sales-works journey": `is{Operator}Works` ('true') and `id` (the lead
 * id) in sessionStorage switch the payment page to the enterprise sales-lead mode. Both are cleared together.
 */
export function salesWorksKeys(operatorTitle: string): { flag: string; id: string } {
  return { flag: `is${operatorTitle}Works`, id: 'id' };
}

/** The session key of the device a product page chose for the lead page (docs/decisions/0030). */
export const HBB_DEVICE_KEY = 'hbbDevice';

/** The customer-details form's field names (content page `get-form-schema`) as the lead payload uses them. */
export const LEAD_FORM_FIELDS = {
  fullName: 'fullName',
  contactNumber: 'contactNumber',
  email: 'email',
  address: ADDRESS_FIELD,
  landmark: LANDMARK_FIELD,
  town: 'town',
  consent: 'consent',
} as const;

/** The content page of the lead form's schema and the town list it takes its options from. */
export const LEAD_FORM_PAGE = 'get-form-schema';
export const CITY_LIST_CODE = 'city-config';

/** The line type as a lead carries it ('Prepaid', spec §3), from a line-type result (PREPAID). */
export function leadLineType(lineType: string): string {
  const lower = lineType.trim().toLowerCase();
  return lower ? lower[0]!.toUpperCase() + lower.slice(1) : '';
}
