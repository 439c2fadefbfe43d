import type { FormResult } from '@/lib/form-result';
import type { PushMode } from '../hooks/use-push-payment';
import { BuyAgainQuestion } from './buy-again-question';

/**
 * What a push panel's form sends to the server without JavaScript (web/src/server/payment-action.ts): the mode
 * and the payment's Idempotency-Key; and what the server answered it with (a failure, or "buy again?").
 */
export function PlainPushFields({
  mode,
  attempt,
  result,
}: {
  mode: PushMode;
  attempt: string | undefined;
  result: FormResult | undefined;
}) {
  return (
    <>
      <input type="hidden" name="intent" value="push" />
      <input type="hidden" name="mode" value={mode} />
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
