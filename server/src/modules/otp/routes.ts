import {
  errorEnvelope,
  ok,
  PATHS,
  resendOtpRequest,
  sendOtpRequest,
  sendOtpResponse,
  verifyOtpRequest,
  verifyOtpResponse,
  verifyUserRequest,
  verifyUserResponse,
  type OtpPurpose,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../lib/app-error.js';
import type { OtpService } from './service.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 429: errorEnvelope, 503: errorEnvelope };

/** The journey a send is for, from the spec's payload variants. */
function purposeOf(body: { otpAction?: string | undefined; requestType?: string | undefined }): OtpPurpose {
  const action = (body.otpAction ?? body.requestType ?? '').toUpperCase();
  if (action === 'INVOICE') return 'INVOICE';
  if (/LEAD|HBB|ENTERPRISE/.test(action)) return 'LEAD';
  if (/BALANCE|BROADBAND/.test(action)) return 'BALANCE';
  return 'PAYMENT';
}

export const otpRoutes: FastifyPluginAsyncZod<{ otp: OtpService }> = async (app, { otp }) => {
  // Each call answers under the spec's two names (otp/v1/... and optimus/otp/...).
  for (const path of [PATHS.sendOtp, PATHS.optimusSendOtp])
    app.post(
      path,
      {
        schema: {
          tags: ['otp'],
          summary: 'Send a one-time code by SMS',
          body: sendOtpRequest,
          response: { 200: sendOtpResponse, ...errors },
        },
      },
      async (request) => {
        const b = request.body;
        return ok(
          await otp.send({
            msisdn: (b.msisdn ?? b.text)!,
            purpose: purposeOf(b),
            ...(b.amount !== undefined ? { amount: b.amount } : {}),
            context: { ...(b.text1 ? { accountNo: b.text1 } : {}), ...(b.email ? { email: b.email } : {}) },
            clientIp: request.ip,
            language: languageOf(request),
          }),
          'OTP sent',
        );
      },
    );

  for (const path of [PATHS.resendOtp, PATHS.optimusResendOtp])
    app.post(
      path,
      {
        schema: {
          tags: ['otp'],
          summary: 'Send a new code for the same challenge',
          body: resendOtpRequest,
          response: { 200: sendOtpResponse, ...errors },
        },
      },
      async (request) =>
        ok(
          await otp.resend((request.body.otpId ?? request.body.refId)!, request.ip, languageOf(request)),
          'OTP sent',
        ),
    );

  for (const path of [PATHS.verifyOtp, PATHS.optimusVerifyOtp])
    app.post(
      path,
      {
        schema: {
          tags: ['otp'],
          summary: 'Verify a one-time code; returns uniqueCode',
          body: verifyOtpRequest,
          response: { 200: verifyOtpResponse, ...errors },
        },
      },
      async (request) =>
        ok(await otp.verify((request.body.otpId ?? request.body.refId)!, request.body.otp), 'OTP verified'),
    );

  app.post(
    PATHS.verifyUser,
    {
      schema: {
        tags: ['otp'],
        summary: 'Verify a code and obtain a short-lived access token for PIN payments',
        body: verifyUserRequest,
        response: { 200: verifyUserResponse, ...errors },
      },
    },
    async (request) => ok(await otp.verifyUser(request.body), 'OTP verified'),
  );
};
