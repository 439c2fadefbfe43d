import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';
import { perRoutePattern } from '../lib/per-route.js';
import { BOOT_SCRIPT_HASH } from '../modules/pages/boot.js';
import { sendFrameworkFailure } from './error-envelope.js';

const HSTS = 'max-age=15552000; includeSubDomains';

/** The origin of a tile URL template; a `{s}` subdomain becomes a wildcard ('https://*.tile.example.org'). */
export function tileOrigin(template: string): string | undefined {
  try {
    return new URL(template.replace(/\{s\}/g, 'tiles').replace(/\{[a-z]+\}/g, '0')).origin.replace(
      /^(https?:\/\/)tiles\./,
      template.includes('{s}.') ? '$1*.' : '$1tiles.',
    );
  } catch {
    return undefined;
  }
}

/**
 * The Content Security Policy names every origin the pages use (docs/decisions/0065): the card gateway's
 * script, frame and API, the gateways' hosted pages, the map tiles and the analytics origins, never any
 * `https:`.
 */
export function cspDirectives(config: Pick<Config, 'cardPopupOrigins' | 'cspOrigins' | 'maps'>) {
  const tiles = tileOrigin(config.maps.tileUrl);
  const { analytics, cardApi, hostedPages } = config.cspOrigins;
  return {
    defaultSrc: ["'self'"],
    // The pages' one inline script, by its hash (modules/pages/boot.ts).
    scriptSrc: ["'self'", BOOT_SCRIPT_HASH, ...config.cardPopupOrigins, ...analytics],
    // Toasts and the map insert style elements at run time, so inline styles stay allowed.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : []), ...analytics],
    connectSrc: ["'self'", ...cardApi, ...analytics],
    fontSrc: ["'self'", 'data:'],
    frameSrc: ["'self'", ...config.cardPopupOrigins],
    frameAncestors: ["'none'"],
    // A plain payment form's answer redirects to the gateway's hosted page, which the browser checks too.
    formAction: ["'self'", ...hostedPages],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    upgradeInsecureRequests: null,
  };
}

/**
 * Helmet's headers on every answer, Fastify's own error answers included (its hooks run for the not-found
 * handler and parser errors alike), and HSTS only on answers that went out over TLS (directly, or to the
 * proxy in front when TRUST_PROXY lets X-Forwarded-Proto say so): over plain HTTP it means nothing.
 */
function helmetOptions(config: Config) {
  return {
    contentSecurityPolicy: { directives: cspDirectives(config) },
    strictTransportSecurity: false,
    // No address leaves for other sites (a status page's URL names a payment); the portal's own forms still
    // carry their origin, which the plain HTML forms' check reads (modules/pages/routes.ts).
    referrerPolicy: { policy: 'same-origin' as const },
    crossOriginEmbedderPolicy: false,
    // The same as the policy's frame-ancestors 'none', for browsers that read only the older header.
    xFrameOptions: { action: 'deny' as const },
  };
}

export type HeaderSet = Readonly<Record<string, string>>;

/** The headers of a page, and the shorter set of a JSON answer (docs/decisions/0065). */
export type SecurityHeaders = { document: HeaderSet; api: HeaderSet };

/**
 * A JSON answer is never rendered, framed or run as a document, so the page's policy (its origins for
 * scripts, tiles and frames) and the document-only headers, 500 bytes in all, say nothing on it. What still
 * matters is that no browser sniffs it into a document, frames it or embeds it from another site.
 */
const API_HEADERS: HeaderSet = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
});

/** Routes that answer JSON (or plain text): the API, its auth, the probes and the metrics. */
const API_ROUTE = /^\/(orp\/bfe|api|auth|healthz|readyz|metrics)(\/|$)/;

export function buildSecurityHeaders(config: Config): SecurityHeaders {
  return { document: securityHeaderSet(config), api: API_HEADERS };
}

/**
 * Helmet's headers, worked out once: its middleware is run against a recording response at start, because
 * building them on every request (as @fastify/helmet does) cost a tenth of a cached read (bench:load profile).
 */
function securityHeaderSet(config: Config): HeaderSet {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(helmetOptions(config))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error(String(error));
    },
  );
  return Object.freeze(headers);
}

/**
 * Fastify's `frameworkErrors`: the errors it answers before any hook runs (a URL that does not decode). They
 * get the same headers as every other answer, and the one error envelope.
 */
export function frameworkErrorHandler({ document }: SecurityHeaders) {
  return (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    void sendFrameworkFailure(request, reply.headers(document));
  };
}

/**
 * The security headers of an answer, decided on the matched route, not the raw URL; an answer with no route
 * (a 404) gets the page's set. HSTS only over TLS (helmetOptions).
 */
export function securityHeadersOf(headers: SecurityHeaders) {
  const setOf = perRoutePattern((route) => (API_ROUTE.test(route) ? headers.api : headers.document));
  return (request: FastifyRequest, reply: FastifyReply, route: string | undefined) => {
    reply.headers(route === undefined ? headers.document : setOf(route));
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  };
}
