import { AppError } from '../../lib/app-error.js';
import { CoreRefusedError, InsufficientBalanceError, type CorePort } from '../core.js';
import { classifyRead, classifyWrite, providerFailure, ProviderFailure } from './classify.js';
import type { ChargeContext, PaymentProvider, Verification } from './provider.js';

/**
 * Paying with airtime: a debit of the subscriber's airtime balance in the operator core, authorised
 * beforehand by the payer's one-time code (checked by the payment service). The debit's operation id is
 * derived from the charge's reference, so the core applies it at most once; its status query reads what
 * the core recorded under that id and never debits.
 */
export function createAirtimeProvider(core: CorePort): PaymentProvider {
  const chargeId = (reference: string) => `${reference}:charge`;

  async function debit(charge: ChargeContext): Promise<Verification> {
    const answer = { reference: charge.reference, amountKobo: charge.amountKobo, currency: charge.currency };
    try {
      await core.apply({
        operationId: chargeId(charge.reference),
        transactionId: charge.reference,
        msisdn: charge.msisdn,
        type: 'AIRTIME_DEBIT',
        amountKobo: charge.amountKobo,
        description: 'Payment with airtime',
      });
      return { status: 'PAID', ...answer };
    } catch (error) {
      if (error instanceof InsufficientBalanceError) {
        return { status: 'FAILED', ...answer, reason: "Looks like you don't have sufficient balance." };
      }
      if (error instanceof CoreRefusedError) {
        throw new AppError('AIRTIME_REFUSED');
      }
      throw providerFailure('airtime', 'start', error, classifyWrite);
    }
  }

  return {
    id: 'airtime',
    kind: 'airtime',
    async start(request) {
      const verification = await debit({
        reference: request.reference,
        msisdn: request.msisdn,
        amountKobo: request.amountKobo,
        currency: request.currency,
      });
      return { kind: 'charged', providerReference: request.reference, verification };
    },

    async verify(charge) {
      let record;
      try {
        record = await core.findOperation(chargeId(charge.reference));
      } catch (error) {
        throw providerFailure('airtime', 'verify', error, classifyRead);
      }
      if (!record || record.type !== 'AIRTIME_DEBIT') {
        return { status: 'NOT_FOUND', reference: charge.reference, amountKobo: 0, currency: '' };
      }
      return {
        status: record.reversed ? 'FAILED' : 'PAID',
        reference: charge.reference,
        amountKobo: record.amountKobo,
        // The airtime balance is kept in the market's currency, which the charge carries.
        currency: charge.currency,
        ...(record.reversed ? { reason: 'The airtime debit was reversed' } : {}),
      };
    },

    async refund(charge) {
      try {
        await core.apply({
          operationId: `${charge.reference}:refund`,
          transactionId: charge.reference,
          msisdn: charge.msisdn,
          type: 'REVERSAL',
          amountKobo: charge.amountKobo,
          reversesOperationId: chargeId(charge.reference),
        });
      } catch (error) {
        if (error instanceof CoreRefusedError) {
          // No debit under this reference: there is nothing to give back.
          if (error.code === 'OPERATION_NOT_FOUND') return;
          throw new ProviderFailure('final', 'airtime', 'refund', error.message, { cause: error });
        }
        throw providerFailure('airtime', 'refund', error, classifyWrite);
      }
    },
    parseWebhook: () => undefined,
  };
}
