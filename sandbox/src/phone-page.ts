import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { num } from './db.js';
import { objectBody, type SandboxContext } from './context.js';
import { esc, formatMoney, page } from './html.js';
import { toInternational, toLocalDisplay } from './msisdn.js';
import { inbox } from './sms.js';
import {
  approvePrompt,
  declinePrompt,
  lockedMessage,
  pendingPrompts,
  type PromptAnswer,
  type Provider,
} from './wallets.js';

/*
 * The subscriber's handset: pending mobile-money / MPESA push prompts to approve with the wallet PIN or
 * decline, the wallet balances, and the SMS inbox. The HTML page posts plain forms (and redirects back, so a
 * reload never repeats an approval); the same actions exist as JSON for tests.
 */

const WALLET_LABEL: Record<string, string> = { MOMO: 'Mobile money', SMARTCASH: 'SmartCash', MPESA: 'MPESA' };
const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'";

function isFormPost(req: FastifyRequest): boolean {
  return (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

/** The message shown after a form action; only known outcomes, so nothing from the query is echoed. */
function noticeFor(query: Record<string, string | undefined>): { ok: boolean; text: string } | undefined {
  const left = Number(query.left);
  const provider = (
    Object.keys(WALLET_LABEL).includes(query.provider ?? '') ? query.provider : 'MOMO'
  ) as Provider;
  switch (query.result) {
    case 'SUCCESSFUL':
      return { ok: true, text: 'Payment approved.' };
    case 'DECLINED':
      return { ok: true, text: 'Payment declined.' };
    case 'WRONG_PIN':
      return {
        ok: false,
        text: `Wrong PIN. ${Number.isInteger(left) ? left : 0} attempt${left === 1 ? '' : 's'} left.`,
      };
    case 'PIN_MISSING':
      return { ok: false, text: 'Enter the PIN to approve.' };
    case 'WALLET_LOCKED':
      return { ok: false, text: `${lockedMessage(provider)} The payment failed.` };
    case 'INSUFFICIENT_FUNDS':
      return { ok: false, text: 'There is not enough money in the wallet. The payment failed.' };
    case 'NOT_PENDING':
      return { ok: false, text: 'This payment request has already been answered.' };
    case 'NOT_FOUND':
    case 'NO_WALLET':
      return { ok: false, text: 'This payment request no longer exists.' };
    default:
      return undefined;
  }
}

async function renderPhone(
  ctx: SandboxContext,
  prefix: string,
  msisdn: string,
  query: Record<string, string | undefined>,
) {
  const prompts = await pendingPrompts(ctx.db, msisdn);
  const { rows: wallets } = await ctx.db.query<{
    provider: string;
    balance_kobo: unknown;
    pin_attempts_left: number;
  }>(
    'SELECT provider, balance_kobo, pin_attempts_left FROM sandbox.wallets WHERE msisdn = $1 ORDER BY provider',
    [msisdn],
  );
  const messages = await inbox(ctx.db, msisdn, 10);
  const notice = noticeFor(query);
  const base = `${prefix}/${msisdn}`;

  const promptItems = prompts
    .map((p) => {
      const action = `${base}/prompts/${encodeURIComponent(p.id)}`;
      const headingId = `prompt-${esc(p.id)}`;
      return `<li>
  <h3 id="${headingId}">${esc(WALLET_LABEL[p.provider] ?? p.provider)}: pay ${esc(formatMoney(p.amountKobo, p.currency))} to ${esc(p.merchant)}</h3>
  ${p.description ? `<p>${esc(p.description)}</p>` : ''}
  <p class="muted">Reference ${esc(p.reference)}</p>
  <form method="post" action="${esc(action)}/approve" aria-labelledby="${headingId}">
    <label for="pin-${esc(p.id)}">PIN</label>
    <input id="pin-${esc(p.id)}" name="pin" type="password" inputmode="numeric" autocomplete="off" maxlength="4"
      pattern="[0-9]{4}" required>
    <div class="row">
      <button type="submit" class="primary">Approve</button>
      <button type="submit" formaction="${esc(action)}/decline" formnovalidate>Decline</button>
    </div>
  </form>
</li>`;
    })
    .join('\n');

  const walletItems = wallets
    .map(
      (w) =>
        `<dt>${esc(WALLET_LABEL[w.provider] ?? w.provider)}</dt><dd>${esc(formatMoney(num(w.balance_kobo)))}${
          w.pin_attempts_left <= 0 ? ' (locked)' : ''
        }</dd>`,
    )
    .join('');

  const messageItems = messages
    .map((m) => `<li><p>${esc(m.text)}</p><p class="muted">${esc(m.sentAt)}</p></li>`)
    .join('\n');

  return page(
    `Phone ${toLocalDisplay(msisdn)}`,
    `<h1>Phone ${esc(toLocalDisplay(msisdn))}</h1>
${notice ? `<div class="${notice.ok ? 'ok' : 'alert'}" role="${notice.ok ? 'status' : 'alert'}">${esc(notice.text)}</div>` : ''}
<h2>Payment requests</h2>
${prompts.length > 0 ? `<ul class="cards">${promptItems}</ul>` : '<p>No pending payment requests.</p>'}
<p><a href="${esc(base)}">Refresh</a></p>
<h2>Wallets</h2>
${wallets.length > 0 ? `<dl>${walletItems}</dl>` : '<p>No wallets on this number.</p>'}
<h2>Messages</h2>
${messages.length > 0 ? `<ul class="cards">${messageItems}</ul>` : '<p>No messages.</p>'}`,
  );
}

function answer(req: FastifyRequest, reply: FastifyReply, prefix: string, msisdn: string, a: PromptAnswer) {
  if (!isFormPost(req)) return reply.code(a.httpStatus).send(a.body);
  const params = new URLSearchParams({ result: a.outcome });
  if (typeof a.body.attemptsLeft === 'number') params.set('left', String(a.body.attemptsLeft));
  if (a.provider) params.set('provider', a.provider);
  // 303: the browser comes back with a GET, so reloading the page cannot approve twice.
  return reply.redirect(`${prefix}/${msisdn}?${params.toString()}`, 303);
}

export const phonePlugin: FastifyPluginAsync<SandboxContext> = async (app, ctx) => {
  const prefix = app.prefix;
  type NumberParams = { Params: { number: string } };
  type PromptParams = { Params: { number: string; id: string } };

  app.get<NumberParams & { Querystring: Record<string, string | undefined> }>(
    '/:number',
    async (req, reply) => {
      const msisdn = toInternational(req.params.number);
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
      reply.header('content-security-policy', CSP);
      if (!msisdn) return reply.code(404).send(page('Phone', '<h1>Not a mobile number</h1>'));
      return reply.send(await renderPhone(ctx, prefix, msisdn, req.query));
    },
  );

  app.get<NumberParams>('/:number/prompts', async (req, reply) => {
    const msisdn = toInternational(req.params.number);
    if (!msisdn) return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not a mobile number' });
    return pendingPrompts(ctx.db, msisdn);
  });

  app.post<PromptParams>('/:number/prompts/:id/approve', async (req, reply) => {
    const msisdn = toInternational(req.params.number);
    if (!msisdn) return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not a mobile number' });
    const result = await approvePrompt(ctx, msisdn, req.params.id, objectBody(req.body)?.pin);
    return answer(req, reply, prefix, msisdn, result);
  });

  app.post<PromptParams>('/:number/prompts/:id/decline', async (req, reply) => {
    const msisdn = toInternational(req.params.number);
    if (!msisdn) return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not a mobile number' });
    const result = await declinePrompt(ctx, msisdn, req.params.id);
    return answer(req, reply, prefix, msisdn, result);
  });
};
