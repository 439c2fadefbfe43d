import { PATHS } from '@portal/contract/paths';
import type { ContactMessageRequest, ContactMessageResult } from '@portal/contract/api/contact';
import { api } from '@/lib/api';

/** The Contact Us form: `POST cms/webpage/contact-message`; a refusal carries `result.errors` per field. */
export function sendContactMessage(input: ContactMessageRequest): Promise<ContactMessageResult> {
  return api.post<ContactMessageResult>(PATHS.contactMessage, input);
}
