import {
  errorEnvelope,
  exchangeRateRequest,
  exchangeRateResponse,
  fetchQuery,
  initiateRequest,
  initiateResponse,
  ok,
  paymentOptionsRequest,
  paymentOptionsResponse,
  pgCallbackQuery,
  PATHS,
  processRequest,
  processResponse,
  statusQuery,
  statusResponse,
} from '@portal/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compiledSerializerCompiler } from '../../lib/compiled-serializer.js';
import type { PaymentService } from './service.js';
import { languageCode } from '@portal/contract/language';
import { AppError, languageOf } from '../../lib/app-error.js';

const errors = {
  400: errorEnvelope,
  401: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  503: errorEnvelope,
};
/** Where a gateway return that names no payment of ours lands (a page of the portal, spec §2). */
export const RETURN_NOT_FOUND_PAGE = '/page-not-found';

const paymentHeaders = z.object({
  'idempotency-key': z.string().min(8).max(100).optional(),
  authorization: z.string().max(2000).optional(),
});

/** The Fastify instance a plugin of this module is given (Zod schemas as its type provider). */
type App = Parameters<FastifyPluginAsyncZod>[0];

export const paymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentService }> = async (
  app,
  { payments },
) => {
  // Fastify keeps the order routes and scopes are registered in: the groups run in the order they always had.
  registerPaymentOptions(app, payments);
  registerInitiateAndProcess(app, payments);
  registerExchangeRate(app, payments);
  registerReceipt(app, payments);
  registerStatusReads(app, payments);
  registerGatewayReturn(app, payments);
  await registerWebhooks(app, payments);
};

function registerPaymentOptions(app: App, payments: PaymentService): void {
  // Versioned and unversioned (spec §7 names both).
  for (const path of [PATHS.paymentOptions, PATHS.paymentOptionsUnversioned])
    app.post(
      path,
      {
        schema: {
          tags: ['payments'],
          summary: 'Payment methods for this amount and line type',
          body: paymentOptionsRequest,
          response: { 200: paymentOptionsResponse, ...errors },
        },
      },
      async (request) => ok({ paymentOption: await payments.paymentOptions(request.body) }),
    );
}

function registerInitiateAndProcess(app: App, payments: PaymentService): void {
  // The auth variants carry the bearer token of verify-user (PIN payments); the rules are the same.
  for (const path of [PATHS.initiate, PATHS.authInitiate]) {
    app.post(
      path,
      {
        schema: {
          tags: ['payments'],
          summary: 'Create a transaction (one per Idempotency-Key)',
          headers: paymentHeaders,
          body: initiateRequest,
          response: { 200: initiateResponse, ...errors },
        },
      },
      async (request) =>
        ok(
          await payments.initiate(request.body, {
            idempotencyKey: request.headers['idempotency-key'],
            authorization: request.headers.authorization,
            language: languageOf(request),
          }),
        ),
    );
  }

  for (const path of [PATHS.process, PATHS.authProcess]) {
    app.post(
      path,
      {
        schema: {
          tags: ['payments'],
          summary: 'Start the charge with the chosen method',
          headers: paymentHeaders,
          body: processRequest,
          response: { 200: processResponse, ...errors },
        },
      },
      async (request) =>
        ok(await payments.process(request.body, { authorization: request.headers.authorization })),
    );
  }
}

function registerExchangeRate(app: App, payments: PaymentService): void {
  app.post(
    PATHS.exchangeRate,
    {
      schema: {
        tags: ['payments'],
        summary: 'Converts an amount for the dual-currency display',
        body: exchangeRateRequest,
        response: { 200: exchangeRateResponse, ...errors },
      },
    },
    async (request) => ok(await payments.exchangeRate(request.body)),
  );
}

function registerReceipt(app: App, payments: PaymentService): void {
  // The transaction reference is the key to its receipt, as to its status page (decision 0070).
  app.get(
    PATHS.receipt,
    {
      schema: {
        tags: ['payments'],
        summary: "A final payment's receipt as PDF, in the page's language",
        querystring: statusQuery.extend({ lang: z.string().max(8).optional() }),
      },
    },
    async (request, reply) => {
      const language = languageCode(request.query.lang) ?? languageOf(request);
      const pdf = await payments.receipt(request.query.tid, language);
      if (!pdf) throw new AppError('INVALID_STATE', { log: 'no receipt before the payment is final' });
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="receipt-${request.query.tid}.pdf"`)
        .type('application/pdf')
        .send(pdf);
    },
  );
}

/** The status and fetch reads: the hot path of a waiting payment page, so their handlers stay bare. */
function registerStatusReads(app: App, payments: PaymentService): void {
  app.get(
    PATHS.status,
    {
      schema: {
        tags: ['payments'],
        summary: 'Current status of a transaction',
        querystring: statusQuery,
        response: { 200: statusResponse, ...errors },
      },
      serializerCompiler: compiledSerializerCompiler,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await payments.status(request.query.tid, languageOf(request)));
    },
  );

  app.get(
    PATHS.fetch,
    {
      schema: {
        tags: ['payments'],
        summary: 'Final record of a transaction',
        querystring: fetchQuery,
        response: { 200: statusResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await payments.status(request.query.txnId, languageOf(request)));
    },
  );
}

function registerGatewayReturn(app: App, payments: PaymentService): void {
  app.get(
    `${PATHS.pgCallback(':gateway')}`,
    {
      schema: {
        tags: ['payments'],
        summary:
          "Browser return from the card gateway; verifies with the gateway, then shows the status page in the purchase's language",
        params: z.object({ gateway: z.string().min(2).max(30) }),
        querystring: pgCallbackQuery,
      },
      // A browser comes back here: a reference that is missing, malformed or unknown (or any failure) lands
      // on the portal's not-found page, never on a JSON envelope (docs/decisions/0080).
      errorHandler: (error, request, reply) => {
        const status = (error as { statusCode?: number; httpStatus?: number }).httpStatus ?? error.statusCode;
        if (status === undefined || status >= 500) request.log.error({ err: error }, 'gateway return failed');
        else request.log.warn({ gateway: (request.params as { gateway?: string }).gateway }, error.message);
        void reply.redirect(RETURN_NOT_FOUND_PAGE, 303);
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { statusPage } = await payments.handleCallback(
        request.params.gateway,
        q.TransactionToken ?? q.reference ?? q.trxref ?? q.txref ?? q.PnrID,
        q.status,
        q.cancelToken,
      );
      return reply.redirect(statusPage, 303);
    },
  );
}

async function registerWebhooks(app: App, payments: PaymentService): Promise<void> {
  // Webhooks need the exact raw body for the signature, so this scope parses JSON as text.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      PATHS.webhook(':gateway'),
      {
        schema: {
          tags: ['payments'],
          summary: 'Signed provider notification',
          params: z.object({ gateway: z.string().min(2).max(30) }),
        },
      },
      async (request) => {
        await payments.handleWebhook(request.params.gateway, String(request.body ?? ''), request.headers);
        return ok(null, 'Received');
      },
    );
  });
}
