import { randomBytes } from 'node:crypto';
import {
  CONTACT_FIELDS,
  CONTACT_FORM_PAGE,
  FORM_MSG,
  formSchemaSchema,
  isMsisdn,
  toInternational,
  validateForm,
  type ContactMessageResult,
  type FieldError,
  type FormSchema,
  type FormValues,
} from '@portal/contract';
import { answeredFieldErrors } from '@portal/contract/error-texts';
import type { Orm } from '../../db/connection.js';
import { AppError } from '../../lib/app-error.js';
import { createContactStore, type ContactStore } from './store.js';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `CNT` + 16 Crockford base32 characters (80 random bits): a reference nobody guesses. */
export function newContactReference(): string {
  let out = 'CNT';
  for (const byte of randomBytes(16)) out += CROCKFORD[byte & 31];
  return out;
}

type ContentPages = { getPage(page: string, language: string): Promise<{ packageHtml: string }> };

/** The per-field messages in the answer's `result.errors`, as the lead form's save answers them. */
function invalid(errors: Record<string, FieldError>, language: string): AppError {
  return new AppError('BAD_REQUEST', {
    log: Object.values(errors)[0]?.message ?? 'Invalid request',
    result: { errors: answeredFieldErrors(errors, language) },
  });
}

/**
 * The Contact Us form: the content schema of the page's language decides the rules (the ones the page
 * showed), checked here again; the number must be a mobile number of the market whatever the schema says.
 */
export function createContactService(deps: { store: ContactStore; content: ContentPages; market: string }) {
  async function schemaOf(language: string): Promise<FormSchema> {
    const page = await deps.content.getPage(CONTACT_FORM_PAGE, language);
    return formSchemaSchema.parse(JSON.parse(page.packageHtml)) as FormSchema;
  }

  return {
    async submit(input: { language: string; data: Record<string, string> }): Promise<ContactMessageResult> {
      const schema = await schemaOf(input.language);
      const values: FormValues = {};
      for (const field of schema.fields) values[field.name] = (input.data[field.name] ?? '').trim();
      const errors = validateForm(schema, values);
      const msisdn = String(values[CONTACT_FIELDS.msisdn] ?? '');
      if (!errors[CONTACT_FIELDS.msisdn] && !isMsisdn(msisdn)) {
        const label = schema.fields.find((f) => f.name === CONTACT_FIELDS.msisdn)?.label ?? 'Mobile number';
        errors[CONTACT_FIELDS.msisdn] = {
          code: 'invalid',
          message: FORM_MSG.invalid(label),
          params: { label },
        };
      }
      if (Object.keys(errors).length > 0) throw invalid(errors, input.language);
      const text = (name: string) => String(values[name] ?? '');
      const reference = newContactReference();
      await deps.store.insert({
        id: reference,
        opco: deps.market,
        language: input.language,
        fullName: text(CONTACT_FIELDS.name),
        msisdn: toInternational(msisdn),
        email: text(CONTACT_FIELDS.email) || null,
        topic: text(CONTACT_FIELDS.topic),
        message: text(CONTACT_FIELDS.message),
      });
      return { reference };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;

export function createContact(deps: { orm: Orm; content: ContentPages; market: string }): ContactService {
  return createContactService({
    store: createContactStore(deps.orm),
    content: deps.content,
    market: deps.market,
  });
}
