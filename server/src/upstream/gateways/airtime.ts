import { AppError } from '../../lib/app-error.js';
import { InsufficientBalanceError, type CorePort } from '../core.js';
import { UpstreamError } from '../http.js';
import type { ChargeContext, PaymentProvider, Verification } from './provider.js';

/**
 * Paying with airtime: a debit of the subscriber's airtime balance in the operator core, authorised
 * beforehand by a one-time code (checked by the payment service). The debit's operation id is derived
 * from the transaction, so asking again after a timeout applies it at most once: that is its status query.
 */
export function createAirtimeProvider(core: CorePort): PaymentProvider {
  async function debit(charge: ChargeContext): Promise<Verification> {
    try {
      await core.apply({
        operationId: `${charge.reference}:charge`,
        transactionId: charge.reference,
        msisdn: charge.msisdn,
        type: 'AIRTIME_DEBIT',
        amountKobo: charge.amountKobo,
        description: 'Payment with airtime',
      });
      return {
        status: 'PAID',
        reference: charge.reference,
        amountKobo: charge.amountKobo,
        currency: charge.currency,
      };
    } catch (error) {
      if (error instanceof InsufficientBalanceError) {
        return {
          status: 'FAILED',
          reference: charge.reference,
          amountKobo: charge.amountKobo,
          currency: charge.currency,
          reason: "Looks like you don't have sufficient balance.",
        };
      }
      if (error instanceof UpstreamError && error.kind === 'client') {
        throw new AppError('BAD_REQUEST', { message: 'Airtime payment refused' });
      }
      throw error;
    }
  }
  return {
    id: 'airtime',
    async start(request) {
      const verification = await debit({
        reference: request.reference,
        msisdn: request.msisdn,
        amountKobo: request.amountKobo,
        currency: request.currency,
      });
      return { kind: 'charged', providerReference: request.reference, verification };
    },
    verify: debit,
    async refund(charge) {
      await core.apply({
        operationId: `${charge.reference}:refund`,
        transactionId: charge.reference,
        msisdn: charge.msisdn,
        type: 'REVERSAL',
        amountKobo: charge.amountKobo,
        reversesOperationId: `${charge.reference}:charge`,
      });
    },
    parseWebhook: () => undefined,
  };
}
