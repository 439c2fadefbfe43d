import type { ContactMessageRequest, ContactMessageResult } from '@portal/contract/api/contact';
import { call } from '@/lib/api';

/** The Contact Us form: `POST cms/webpage/contact-message`; a refusal carries `result.errors` per field. */
export function sendContactMessage(input: ContactMessageRequest): Promise<ContactMessageResult> {
  return call('contactMessage', input);
}
