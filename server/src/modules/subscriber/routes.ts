import { errorEnvelope, ok, PATHS, validateMsisdnRequest, validateMsisdnResponse } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SubscriberService } from './service.js';

export const subscriberRoutes: FastifyPluginAsyncZod<{ subscribers: SubscriberService }> = async (
  app,
  { subscribers },
) => {
  app.post(
    PATHS.validateMsisdn,
    {
      schema: {
        tags: ['subscriber'],
        summary: 'Line type of an operator number (PREPAID, POSTPAID or HYBRID)',
        body: validateMsisdnRequest,
        response: { 200: validateMsisdnResponse, 400: errorEnvelope },
      },
    },
    async (request) => {
      const { msisdn, checkIfBroadband } = request.body;
      return ok(await subscribers.lineType(msisdn, { broadband: checkIfBroadband }));
    },
  );
};
