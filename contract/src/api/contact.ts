import { z } from 'zod';
import { envelope } from '../envelope.js';

/**
 * The Contact Us form (spec §7 content page `get-contact-form-schema`, rendered by the dynamic form). The
 * schema per language gives labels, order and rules; the field names are these, so the server knows what
 * each value is. The server checks the shape here and every field with the schema's rules
 * (`validateForm` of contract/src/forms.ts), as the page does.
 */
export const CONTACT_FORM_PAGE = 'get-contact-form-schema';

export const CONTACT_FIELDS = {
  name: 'fullName',
  msisdn: 'mobileNumber',
  email: 'email',
  topic: 'topic',
  message: 'message',
} as const;

export const CONTACT_MESSAGE_MAX = 1000;

export const contactMessageRequest = z.object({
  language: z.string().min(2).max(5).default('en'),
  data: z.object({
    [CONTACT_FIELDS.name]: z.string().max(100).default(''),
    [CONTACT_FIELDS.msisdn]: z.string().max(20).default(''),
    [CONTACT_FIELDS.email]: z.string().max(254).default(''),
    [CONTACT_FIELDS.topic]: z.string().max(60).default(''),
    [CONTACT_FIELDS.message]: z.string().max(CONTACT_MESSAGE_MAX).default(''),
  }),
});
export type ContactMessageRequest = z.input<typeof contactMessageRequest>;

/** `reference`: what the visitor quotes when they call about the message (`CNT` + 16 characters). */
export const contactMessageResult = z.object({ reference: z.string() });
export type ContactMessageResult = z.infer<typeof contactMessageResult>;
export const contactMessageResponse = envelope(contactMessageResult);
