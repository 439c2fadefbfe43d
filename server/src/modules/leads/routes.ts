import { languageCode } from '@portal/contract/language';
import {
  cityListQuery,
  cityListResponse,
  errorEnvelope,
  formSaveRequest,
  formSaveResponse,
  hbbDevicesQuery,
  hbbDevicesResponse,
  hbbOfferQuery,
  hbbOfferResponse,
  ok,
  PATHS,
  sendOtpHbbRequest,
  sendOtpHbbResponse,
  submitLeadRequest,
  submitLeadResponse,
  trackLeadRequest,
  trackLeadResponse,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../lib/app-error.js';
import type { LeadService } from './service.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope };

/** The Fastify instance a plugin of this module is given (Zod schemas as its type provider). */
type App = Parameters<FastifyPluginAsyncZod>[0];

/** Home-broadband leads (spec §7 lead calls); HTTP only, the rules are in service.ts. */
export const leadRoutes: FastifyPluginAsyncZod<{ leads: LeadService }> = async (app, { leads }) => {
  registerOfferReads(app, leads);
  registerCodeAndFormSave(app, leads);
  registerLeadSubmitAndTrack(app, leads);
};

/** The same for every visitor, so shared caches may keep them a few minutes. */
function registerOfferReads(app: App, leads: LeadService): void {
  app.get(
    PATHS.hbbOffer,
    {
      schema: {
        tags: ['leads'],
        summary: 'The home-broadband device (the default router when unknown) and its plans',
        querystring: hbbOfferQuery,
        response: { 200: hbbOfferResponse, 400: errorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(leads.offer(request.query.device, languageCode(request.query.lang)));
    },
  );

  app.get(
    PATHS.hbbDevices,
    {
      schema: {
        tags: ['leads'],
        summary: 'Every home-broadband device with its plans, the default router first',
        querystring: hbbDevicesQuery,
        response: { 200: hbbDevicesResponse, 400: errorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok({ offers: leads.offers(languageCode(request.query.lang)) });
    },
  );

  app.get(
    PATHS.cityList,
    {
      schema: {
        tags: ['leads'],
        summary: "The town list (form config 'city-config'): cityName and hbbLeadFeasibility, in result.data",
        querystring: cityListQuery,
        response: { 200: cityListResponse, 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok({ data: leads.cityList(request.query.code) });
    },
  );
}

function registerCodeAndFormSave(app: App, leads: LeadService): void {
  app.post(
    PATHS.sendOtpHbb,
    {
      schema: {
        tags: ['leads'],
        summary: 'Send a one-time code for a home-broadband lead to its contact number',
        body: sendOtpHbbRequest,
        response: { 200: sendOtpHbbResponse, ...errors, 503: errorEnvelope },
      },
    },
    async (request) =>
      ok(
        await leads.sendOtp({
          msisdn: request.body.msisdn,
          email: request.body.email,
          clientIp: request.ip,
          language: languageOf(request),
        }),
        'OTP sent',
      ),
  );

  app.post(
    PATHS.formSave,
    {
      schema: {
        tags: ['leads'],
        summary: 'Save a form built from a content schema, checked with the same rules as the page',
        body: formSaveRequest,
        response: { 200: formSaveResponse, ...errors },
      },
    },
    async (request) =>
      ok(
        await leads.saveForm({
          formName: request.body.formName,
          language: languageCode(request.body.language) ?? 'en',
          data: request.body.data,
        }),
        'Saved',
      ),
  );
}

function registerLeadSubmitAndTrack(app: App, leads: LeadService): void {
  app.post(
    PATHS.submitLead,
    {
      schema: {
        tags: ['leads'],
        summary: 'Submit a home-broadband lead (after a verified LEAD code); returns refLeadId',
        body: submitLeadRequest,
        response: { 200: submitLeadResponse, ...errors, 503: errorEnvelope },
      },
    },
    async (request) =>
      ok(
        await leads.submitLead({
          ...request.body,
          language: languageCode(request.body.language) ?? 'en',
        }),
        'Lead submitted',
      ),
  );

  app.post(
    PATHS.trackLead,
    {
      schema: {
        tags: ['leads'],
        summary: "A lead's status by its id (contact details masked)",
        body: trackLeadRequest,
        response: { 200: trackLeadResponse, ...errors },
      },
    },
    async (request) => ok(await leads.trackLead(request.body.leadId, request.body.contactNumber)),
  );
}
