import type { FormResult } from '@/lib/form-result';
import type { PushMode } from '../hooks/use-push-payment';
import { BuyAgainQuestion } from './buy-again-question';

/**
 * What a payment panel's form sends to the server without JavaScript (web/src/server/payment-action.ts): what
 * it starts (a card payment, or a push prompt and its mode) and the payment's Idempotency-Key; and what the
 * server answered it with (a failure, or "buy again?").
 */
export function PlainPaymentFields({
  start,
  attempt,
  result,
}: {
  start: { intent: 'card' } | { intent: 'push'; mode: PushMode };
  attempt: string | undefined;
  result: FormResult | undefined;
}) {
  return (
    <>
      <input type="hidden" name="intent" value={start.intent} />
      {start.intent === 'push' ? <input type="hidden" name="mode" value={start.mode} /> : null}
      {attempt ? <input type="hidden" name="attempt" value={attempt} /> : null}
      {result?.earlier ? <BuyAgainQuestion earlier={result.earlier} /> : null}
      {result?.message ? (
        <p className="payment__notice" role="alert">
          {result.message}
        </p>
      ) : null}
    </>
  );
}
