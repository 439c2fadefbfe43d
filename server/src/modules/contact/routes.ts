import { languageCode } from '@portal/contract/language';
import { contactMessageRequest, contactMessageResponse, errorEnvelope, ok, PATHS } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContactService } from './service.js';

/** The Contact Us form; HTTP only, the rules are in service.ts. */
export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  app.post(
    PATHS.contactMessage,
    {
      schema: {
        tags: ['contact'],
        summary: 'A message of the Contact Us form (schema: content page get-contact-form-schema)',
        body: contactMessageRequest,
        response: { 200: contactMessageResponse, 400: errorEnvelope },
      },
    },
    async (request) =>
      ok(
        await contact.submit({
          language: languageCode(request.body.language) ?? 'en',
          data: request.body.data,
        }),
      ),
  );
};
