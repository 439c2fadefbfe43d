import type { FastifyInstance, FastifyReply } from 'fastify';
import { num } from './db.js';
import { objectBody, type SandboxContext } from './context.js';
import { esc, formatMoney, htmlSender, page } from './html.js';
import {
  findTransaction,
  initializeTransaction,
  sendChargeWebhook,
  type CardTransaction,
  type InitializeInput,
} from './paystack.js';

/*
 * The hosted checkout page the authorization_url points at, and the inline popup (inline.js) that shows the
 * same page in an overlay. Plain server-rendered forms: the page works without JavaScript; scripts are served
 * from this origin (no inline script), so a strict Content-Security-Policy can stay on.
 */

export const SUCCESS_CARD = '4084084084084081';
export const SUCCESS_CVV = '408';
export const DECLINE_CARD = '4000000000000002';

const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; connect-src 'self'; img-src 'self' data:; " +
  "form-action 'self' http: https:; base-uri 'none'";

type Mode = 'redirect' | 'inline';

interface CardInput {
  cardNumber?: unknown;
  expiry?: unknown;
  cvv?: unknown;
  mode?: unknown;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY (or MM/YYYY) that has not ended yet. */
export function parseExpiry(value: string, now = new Date()): { month: string; year: string } | string {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return 'Enter the expiry date as MM/YY.';
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return 'Enter the expiry date as MM/YY.';
  // A card is valid until the end of its expiry month.
  if (new Date(Date.UTC(year, month, 1)) <= now) return 'This card has expired.';
  return { month: String(month).padStart(2, '0'), year: String(year) };
}

export type CardOutcome =
  | { outcome: 'success' | 'failed'; bin: string; last4: string; month: string; year: string }
  | { outcome: 'error'; message: string };

/** What the sandbox's "bank" says about a card: the success card, the decline card, or a form error. */
export function judgeCard(input: CardInput): CardOutcome {
  const digits = String(input.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
    return { outcome: 'error', message: 'Enter a valid card number.' };
  const expiry = parseExpiry(String(input.expiry ?? ''));
  if (typeof expiry === 'string') return { outcome: 'error', message: expiry };
  const cvv = String(input.cvv ?? '').trim();
  if (!/^\d{3}$/.test(cvv))
    return { outcome: 'error', message: 'Enter the 3-digit CVV from the back of the card.' };
  const card = { bin: digits.slice(0, 6), last4: digits.slice(-4), ...expiry };
  if (digits === SUCCESS_CARD) {
    if (cvv !== SUCCESS_CVV) return { outcome: 'error', message: 'The CVV is incorrect.' };
    return { outcome: 'success', ...card };
  }
  if (digits === DECLINE_CARD) return { outcome: 'failed', ...card };
  return {
    outcome: 'error',
    message: 'This card is not accepted by the sandbox. Use one of the test cards below.',
  };
}

/** callback_url?trxref=<ref>&reference=<ref>[&status=CANCELLED], keeping the callback's own query. */
/** The card number, expiry and CVV fields and the pay button, shared by every hosted checkout page. */
export function cardFields(error: string | undefined, amount: string): string {
  return `<label for="card-number">Card number</label>
  <input id="card-number" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required
    ${error ? 'aria-describedby="card-error" aria-invalid="true"' : ''}>
  <div class="row">
    <div>
      <label for="card-expiry">Expiry (MM/YY)</label>
      <input id="card-expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/YY" required>
    </div>
    <div>
      <label for="card-cvv">CVV</label>
      <input id="card-cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required>
    </div>
  </div>
  <button type="submit" class="primary">Pay ${esc(amount)}</button>`;
}

export function callbackRedirect(t: CardTransaction, cancelled: boolean): string {
  const cancelAction = t.metadata?.cancel_action;
  if (cancelled && typeof cancelAction === 'string' && /^https?:\/\//.test(cancelAction)) return cancelAction;
  const url = new URL(t.callback_url ?? '/');
  url.searchParams.set('trxref', t.reference);
  url.searchParams.set('reference', t.reference);
  if (cancelled) url.searchParams.set('status', 'CANCELLED');
  return url.toString();
}

function modeOf(value: unknown): Mode {
  return value === 'inline' ? 'inline' : 'redirect';
}

const sendHtml = htmlSender(CSP);

function checkoutForm(prefix: string, t: CardTransaction, mode: Mode, error?: string): string {
  const amount = formatMoney(num(t.amount_kobo));
  const action = `${prefix}/checkout/${encodeURIComponent(t.access_code)}`;
  const modeField = `<input type="hidden" name="mode" value="${esc(mode)}">`;
  return page(
    `Pay ${amount} - Sandbox checkout`,
    `<h1>Card payment</h1>
<dl>
  <dt>Amount</dt><dd>${esc(amount)}</dd>
  <dt>Email</dt><dd>${esc(t.email)}</dd>
  <dt>Reference</dt><dd>${esc(t.reference)}</dd>
</dl>
${error ? `<div class="alert" role="alert" id="card-error">${esc(error)}</div>` : ''}
<form method="post" action="${esc(action)}" novalidate>
  ${modeField}
  ${cardFields(error, amount)}
</form>
<form method="post" action="${esc(action)}/cancel" id="cancel-payment">
  ${modeField}
  <button type="submit">Cancel</button>
</form>${mode === 'inline' ? `\n<script src="${esc(prefix)}/checkout-inline.js"></script>` : ''}
<h2>Test cards</h2>
<p class="muted">4084 0840 8408 4081, any future expiry, CVV 408: success.<br>
4000 0000 0000 0002: declined.</p>`,
  );
}

/** The end of an inline (popup) checkout: tells the opener page what happened, then it closes the overlay. */
function inlineDonePage(prefix: string, t: CardTransaction, status: string): string {
  const text =
    status === 'success'
      ? 'Payment successful.'
      : status === 'cancelled'
        ? 'Payment cancelled.'
        : 'Payment declined.';
  return page(
    'Sandbox checkout',
    `<h1>${esc(text)}</h1>
<p>You can close this window.</p>
<script src="${esc(prefix)}/checkout-done.js" data-status="${esc(status)}" data-reference="${esc(t.reference)}"
  data-id="${esc(num(t.id))}"></script>`,
  );
}

function finishedPage(prefix: string, t: CardTransaction, mode: Mode): string {
  if (mode === 'inline') return inlineDonePage(prefix, t, t.status === 'abandoned' ? 'cancelled' : t.status);
  return page(
    'Sandbox checkout',
    `<h1>This payment is no longer open</h1>
<p>Status: ${esc(t.status)}.</p>
<p><a href="${esc(callbackRedirect(t, t.status === 'abandoned'))}">Return to the merchant</a></p>`,
  );
}

const DONE_SCRIPT = `(function () {
  var s = document.currentScript;
  var msg = { source: 'sandbox-paystack', status: s.getAttribute('data-status'),
    reference: s.getAttribute('data-reference'), id: Number(s.getAttribute('data-id')) };
  var target = window.parent !== window ? window.parent : window.opener;
  if (target) target.postMessage(msg, '*');
})();
`;

/**
 * window.PaystackPop as the portal uses it: PaystackPop.setup({...}).openIframe(), and the newer
 * new PaystackPop().newTransaction({...}). Creates (or reuses) the transaction for the reference with the public
 * key, shows the checkout page in an overlay, and reports the result through callback/onSuccess or
 * onClose/onCancel.
 */
const INLINE_SCRIPT = `(function () {
  var script = document.currentScript;
  var base = script && script.src ? script.src.replace(/\\/inline\\.js(\\?.*)?$/, '') : '/sandbox/paystack';

  function open(o) {
    var overlay = null;
    var previousFocus = document.activeElement;
    function close() {
      window.removeEventListener('message', onMessage);
      document.removeEventListener('keydown', onKey);
      if (overlay && overlay.parentNode) overlay.parentNode.removeChild(overlay);
      if (previousFocus && previousFocus.focus) previousFocus.focus();
    }
    function cancelled() { close(); if (o.onClose) o.onClose(); else if (o.onCancel) o.onCancel(); }
    function onKey(e) { if (e.key === 'Escape') cancelled(); }
    function onMessage(e) {
      var d = e.data;
      if (!d || d.source !== 'sandbox-paystack' || d.reference !== reference) return;
      if (d.status === 'cancelled') return cancelled();
      close();
      var response = { reference: d.reference, trxref: d.reference, trans: String(d.id), transaction: String(d.id),
        status: d.status, message: d.status === 'success' ? 'Approved' : 'Declined' };
      var cb = o.callback || o.onSuccess;
      if (cb) cb(response);
    }
    var reference = o.ref || o.reference;
    fetch(base + '/inline/transactions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: o.key, email: o.email, amount: o.amount, ref: reference, currency: o.currency,
        channels: o.channels, metadata: o.metadata, access_code: o.access_code })
    }).then(function (r) { return r.json(); }).then(function (res) {
      if (!res.status) throw new Error(res.message || 'Could not start the payment');
      reference = res.data.reference;
      overlay = document.createElement('div');
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-modal', 'true');
      overlay.setAttribute('aria-label', 'Card payment');
      overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.6);' +
        'display:flex;align-items:center;justify-content:center';
      var frame = document.createElement('iframe');
      frame.title = 'Card payment';
      frame.src = base + '/checkout/' + encodeURIComponent(res.data.access_code) + '?mode=inline';
      frame.style.cssText = 'width:min(30rem,100vw);height:min(42rem,100vh);border:0;border-radius:8px;background:#fff';
      overlay.appendChild(frame);
      document.body.appendChild(overlay);
      window.addEventListener('message', onMessage);
      document.addEventListener('keydown', onKey);
      frame.focus();
      if (o.onLoad) o.onLoad({ id: res.data.reference });
    }).catch(function (err) {
      if (o.onError) o.onError(err); else if (o.onClose) o.onClose();
    });
  }

  function PaystackPop() {}
  PaystackPop.prototype.newTransaction = function (o) { open(o); };
  PaystackPop.prototype.resumeTransaction = function (accessCode, o) {
    open(Object.assign({}, o || {}, { access_code: accessCode }));
  };
  PaystackPop.setup = function (o) { return { openIframe: function () { open(o); } }; };
  window.PaystackPop = PaystackPop;
})();
`;

async function inlineTransaction(ctx: SandboxContext, raw: unknown, reply: FastifyReply) {
  const body = objectBody(raw) ?? {};
  // The popup authenticates with the public key, which the sandbox does not know: any pk_ key will do.
  if (typeof body.key !== 'string' || !body.key.startsWith('pk_')) {
    return reply.code(401).send({ status: false, message: 'Invalid public key' });
  }
  const existing =
    typeof body.access_code === 'string'
      ? await findTransaction(ctx.db, 'access_code', body.access_code)
      : typeof body.ref === 'string'
        ? await findTransaction(ctx.db, 'reference', body.ref)
        : undefined;
  if (existing) {
    // The portal usually initialises the transaction first and hands the popup its reference.
    if (body.amount !== undefined && Number(body.amount) !== num(existing.amount_kobo)) {
      return reply.code(400).send({ status: false, message: 'Amount does not match the transaction' });
    }
    return { status: true, data: { access_code: existing.access_code, reference: existing.reference } };
  }
  const input: InitializeInput = { ...body, reference: body.ref };
  const result = await initializeTransaction(ctx, input);
  if (!result.ok) return reply.code(result.status).send(result.body);
  return {
    status: true,
    data: { access_code: result.transaction.access_code, reference: result.transaction.reference },
  };
}

/**
 * The checkout inside the popup: Escape cancels it as its Cancel button does. Focus is in the frame, whose keys
 * the opener page's own Escape listener (inline.js) never hears.
 */
const INLINE_KEYS_SCRIPT = `document.addEventListener('keydown', function (e) {
  if (e.key !== 'Escape') return;
  var cancel = document.getElementById('cancel-payment');
  if (cancel) cancel.submit();
});
`;

export function registerCheckout(app: FastifyInstance, ctx: SandboxContext): void {
  const { db } = ctx;
  const prefix = app.prefix;

  app.get('/inline.js', async (_req, reply) =>
    reply.header('content-type', 'application/javascript; charset=utf-8').send(INLINE_SCRIPT),
  );
  app.get('/checkout-done.js', async (_req, reply) =>
    reply.header('content-type', 'application/javascript; charset=utf-8').send(DONE_SCRIPT),
  );
  app.get('/checkout-inline.js', async (_req, reply) =>
    reply.header('content-type', 'application/javascript; charset=utf-8').send(INLINE_KEYS_SCRIPT),
  );
  app.post('/inline/transactions', async (req, reply) => inlineTransaction(ctx, req.body, reply));

  app.get<{ Params: { code: string }; Querystring: { mode?: string } }>(
    '/checkout/:code',
    async (req, reply) => {
      const t = await findTransaction(db, 'access_code', req.params.code);
      if (!t) return sendHtml(reply, 404, page('Sandbox checkout', '<h1>Payment not found</h1>'));
      const mode = modeOf(req.query.mode);
      if (t.status !== 'ongoing') return sendHtml(reply, 200, finishedPage(prefix, t, mode));
      return sendHtml(reply, 200, checkoutForm(prefix, t, mode));
    },
  );

  app.post<{ Params: { code: string } }>('/checkout/:code', async (req, reply) => {
    const input = (objectBody(req.body) ?? {}) as CardInput;
    const mode = modeOf(input.mode);
    const t = await findTransaction(db, 'access_code', req.params.code);
    if (!t) return sendHtml(reply, 404, page('Sandbox checkout', '<h1>Payment not found</h1>'));
    if (t.status !== 'ongoing') return sendHtml(reply, 200, finishedPage(prefix, t, mode));
    const judged = judgeCard(input);
    if (judged.outcome === 'error')
      return sendHtml(reply, 400, checkoutForm(prefix, t, mode, judged.message));
    // Only the request that moves the transaction out of 'ongoing' sends the webhook (double submits don't).
    const { rows } = await db.query<CardTransaction>(
      `UPDATE sandbox.card_transactions
       SET status = $2, gateway_response = $3, paid_at = CASE WHEN $2 = 'success' THEN clock_timestamp() END,
           card_bin = $4, card_last4 = $5, exp_month = $6, exp_year = $7
       WHERE access_code = $1 AND status = 'ongoing' RETURNING *`,
      [
        t.access_code,
        judged.outcome,
        judged.outcome === 'success' ? 'Successful' : 'Declined',
        judged.bin,
        judged.last4,
        judged.month,
        judged.year,
      ],
    );
    const done = rows[0] ?? (await findTransaction(db, 'access_code', t.access_code))!;
    if (rows[0]) sendChargeWebhook(ctx, rows[0]);
    if (mode === 'inline') return sendHtml(reply, 200, inlineDonePage(prefix, done, done.status));
    return reply.redirect(callbackRedirect(done, false), 302);
  });

  app.post<{ Params: { code: string } }>('/checkout/:code/cancel', async (req, reply) => {
    const mode = modeOf(objectBody(req.body)?.mode);
    const { rows } = await db.query<CardTransaction>(
      `UPDATE sandbox.card_transactions SET status = 'abandoned', gateway_response = 'The transaction was not completed'
       WHERE access_code = $1 AND status = 'ongoing' RETURNING *`,
      [req.params.code],
    );
    const t = rows[0] ?? (await findTransaction(db, 'access_code', req.params.code));
    if (!t) return sendHtml(reply, 404, page('Sandbox checkout', '<h1>Payment not found</h1>'));
    if (!rows[0]) return sendHtml(reply, 200, finishedPage(prefix, t, mode));
    if (mode === 'inline') return sendHtml(reply, 200, inlineDonePage(prefix, t, 'cancelled'));
    return reply.redirect(callbackRedirect(t, true), 302);
  });
}
