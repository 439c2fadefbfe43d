import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VISITOR_COOKIE } from '@portal/contract/client-headers';

/**
 * The anonymous visitor id of the portal (docs/decisions/0080): a random id in a first-party cookie, made on
 * the first request that needs one. It names a browser, not a person, and carries nothing else.
 */
export { VISITOR_COOKIE };
const ONE_YEAR_SECONDS = 365 * 24 * 3600;
const VISITOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The request's visitor id; a new one (and its cookie on the reply) when it has none or a malformed one. */
export function visitorOf(request: FastifyRequest, reply: FastifyReply): string {
  const known = cookieValue(request.headers.cookie, VISITOR_COOKIE);
  if (known && VISITOR_ID.test(known)) return known;
  const id = randomUUID();
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${VISITOR_COOKIE}=${id}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
  );
  return id;
}
