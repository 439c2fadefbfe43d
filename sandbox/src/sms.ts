import type { FastifyPluginAsync } from 'fastify';
import { iso, one, type SandboxDb } from './db.js';
import { objectBody, optionalString, type SandboxContext } from './context.js';
import { apiFaultHook } from './faults.js';
import { toInternational } from './msisdn.js';

/*
 * The SMS centre. The portal's SMS adapter submits messages to `/sms/api/messages`; a subscriber (or a test)
 * reads the inbox of a number at `/sms?to=<number>`. This inbox is the only place an OTP can be seen.
 */

export interface SmsMessage {
  to: string;
  text: string;
  sentAt: string;
}

export async function sendSms(db: SandboxDb, msisdn: string, text: string, sender?: string): Promise<number> {
  const row = await one<{ id: unknown }>(
    db,
    'INSERT INTO sandbox.sms_messages (msisdn, sender, body) VALUES ($1, $2, $3) RETURNING id',
    [msisdn, sender ?? null, text],
  );
  return Number(row?.id);
}

/** Newest first; the id breaks ties between messages sent in the same microsecond. */
export async function inbox(db: SandboxDb, msisdn: string, limit = 100): Promise<SmsMessage[]> {
  const { rows } = await db.query<{ msisdn: string; body: string; sent_at: unknown; sender: string | null }>(
    'SELECT msisdn, body, sent_at, sender FROM sandbox.sms_messages WHERE msisdn = $1 ORDER BY id DESC LIMIT $2',
    [msisdn, limit],
  );
  return rows.map((r) => ({
    to: r.msisdn,
    text: r.body,
    sentAt: iso(r.sent_at)!,
    from: r.sender ?? undefined,
  }));
}

export const smsPlugin: FastifyPluginAsync<SandboxContext> = async (app, ctx) => {
  const { db } = ctx;

  app.get<{ Querystring: { to?: string } }>('/', async (req, reply) => {
    const msisdn = toInternational(req.query.to);
    if (!msisdn)
      return reply.code(400).send({ error: 'INVALID_REQUEST', message: 'to must be a mobile number' });
    return inbox(db, msisdn);
  });

  await app.register(
    async (api) => {
      api.addHook(
        'preHandler',
        apiFaultHook(db, 'sms', ctx.signal, (message) => ({ error: 'SMSC_UNAVAILABLE', message })),
      );
      api.post('/messages', async (req, reply) => {
        const body = objectBody(req.body);
        const msisdn = toInternational(body?.to);
        const text = optionalString(body?.text, 1600);
        if (!msisdn || !text) {
          return reply
            .code(400)
            .send({ error: 'INVALID_REQUEST', message: 'to (mobile number) and text are required' });
        }
        const id = await sendSms(db, msisdn, text, optionalString(body?.from, 20));
        return reply.code(202).send({ id: String(id), to: msisdn, status: 'ACCEPTED' });
      });
    },
    { prefix: '/api' },
  );
};
