import { useTranslation } from 'react-i18next';
import { serverText, type FormResult } from '@/lib/form-result';
import type { PushMode } from '../hooks/use-push-payment';
import { LIMIT_WAIT } from '@/domain/otp/code-refusal';
import { LimitWait } from '@/domain/otp/limit-wait-notice';
import { BuyAgainQuestion } from './buy-again-question';

/** What a plain payment form starts: a card payment, a push prompt in its mode, or a step of airtime's. */
export type PlainStart = { intent: 'card' } | { intent: 'push'; mode: PushMode } | { intent: 'airtime' };

/**
 * What a payment panel's form sends to the server without JavaScript (web/src/server/payment-action.ts): what
 * it starts and the payment's Idempotency-Key; and what the server answered it with (a failure, or "buy
 * again?").
 */
export function PlainPaymentFields({
  start,
  attempt,
  result,
}: {
  start: PlainStart;
  attempt: string | undefined;
  result: FormResult | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <input type="hidden" name="intent" value={start.intent} />
      {start.intent === 'push' ? <input type="hidden" name="mode" value={start.mode} /> : null}
      {attempt ? <input type="hidden" name="attempt" value={attempt} /> : null}
      {result?.earlier ? <BuyAgainQuestion earlier={result.earlier} /> : null}
      {result?.message ? (
        <p className="payment__notice" role="alert">
          {/* The server's message, or a key of the page's texts (the code's daily limit). */}
          {serverText(t, result.message)}
        </p>
      ) : null}
      {result?.values[LIMIT_WAIT] ? <LimitWait minutes={result.values[LIMIT_WAIT]} /> : null}
    </>
  );
}
