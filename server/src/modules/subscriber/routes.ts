import {
  billRequest,
  billResponse,
  errorEnvelope,
  lineTypeQuery,
  lineTypeResponse,
  ok,
  openInvoiceRequest,
  openInvoiceResponse,
  PATHS,
  queryBalanceRequest,
  queryBalanceResponse,
  validateSubscriberRequest,
  validateSubscriberResponse,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import type { AccountService, SubscriberService } from './service.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 429: errorEnvelope };

export const subscriberRoutes: FastifyPluginAsyncZod<{
  subscribers: SubscriberService;
  accounts?: AccountService;
}> = async (app, { subscribers, accounts }) => {
  app.get(
    PATHS.lineType,
    {
      schema: {
        tags: ['subscriber'],
        summary: 'Line type of an operator number (PREPAID, POSTPAID or HYBRID)',
        querystring: lineTypeQuery,
        response: { 200: lineTypeResponse, ...errors },
      },
    },
    async (request) => ok(await subscribers.lineType(request.query.msisdn)),
  );

  app.post(
    PATHS.validateMsisdn,
    {
      schema: {
        tags: ['subscriber'],
        summary:
          'Line type of an operator number; with accountNo and contactPersonEmailId, the fixed-internet account (60119, 60005)',
        body: validateSubscriberRequest,
        response: { 200: validateSubscriberResponse, ...errors },
      },
    },
    async (request) => {
      const { msisdn, checkIfBroadband, accountNo, contactPersonEmailId } = request.body;
      if (accountNo !== undefined) {
        if (!accounts) throw new AppError('NOT_FOUND');
        return ok(await accounts.validateFixedAccount(accountNo, contactPersonEmailId ?? ''));
      }
      return ok(await subscribers.lineType(msisdn!, { broadband: checkIfBroadband }));
    },
  );

  if (!accounts) return;

  app.post(
    PATHS.bill,
    {
      schema: {
        tags: ['subscriber'],
        summary:
          'Outstanding postpaid bill, after a verified INVOICE code (otpId) or with the account number',
        body: billRequest,
        response: { 200: billResponse, ...errors },
      },
    },
    async (request) => ok(await accounts.bill(request.body)),
  );

  app.post(
    PATHS.openInvoices,
    {
      schema: {
        tags: ['subscriber'],
        summary: 'Open invoices of a fixed-internet account (account number and its contact email)',
        body: openInvoiceRequest,
        response: { 200: openInvoiceResponse, ...errors },
      },
    },
    async (request) =>
      ok(await accounts.openInvoices(request.body.accountNo, request.body.contactPersonEmailId)),
  );

  app.post(
    PATHS.queryBalance,
    {
      schema: {
        tags: ['subscriber'],
        summary: 'Airtime balance (with uniqueCode) or broadband data balance (one-time code first)',
        body: queryBalanceRequest,
        response: { 200: queryBalanceResponse, ...errors },
      },
    },
    async (request) => ok(await accounts.queryBalance(request.body, request.ip)),
  );
};
