import type { SandboxDb } from './db.js';
import type { Deliverer } from './deliver.js';

export interface SandboxOptions {
  /** PGlite instance or pg.Pool: one statement per query call. */
  db: SandboxDb;
  /** Where webhooks, callbacks and returning browsers go: the portal, e.g. http://127.0.0.1:8080. */
  portalBaseUrl: () => string;
  /**
   * The public base of the sandbox's own pages (the hosted checkout); the portal's when unset, as when the
   * sandbox is mounted in the portal it serves.
   */
  ownBaseUrl?: () => string;
  /** Paystack-style secret key: the card API requires `Authorization: Bearer <it>`; webhooks are signed with it. */
  cardSecretKey: string;
  /** DPO's CompanyToken: every DPO API v6 request must carry it in its XML body. */
  dpoCompanyToken: string;
  /** HMAC-SHA256 key of mobile-money / SmartCash / MPESA callbacks to the portal. */
  walletCallbackSecret: string;
  /** PATCH /sandbox/config forwards the body here and returns the result. */
  onConfigPatch: (patch: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** POST /sandbox/reset calls this after resetting the sandbox (the portal clears its config overrides). */
  onReset: () => Promise<void>;
}

/** What every simulator gets: the options plus the shared outbound deliverer and the shutdown signal. */
export interface SandboxContext {
  options: SandboxOptions;
  db: SandboxDb;
  deliverer: Deliverer;
  /** Aborted when the Fastify instance closes: pending sleeps and retries stop. */
  signal: AbortSignal;
}

/** A JSON object body, or undefined for anything else (arrays, strings, missing). */
export function objectBody(body: unknown): Record<string, unknown> | undefined {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined;
}

export function isPositiveInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** Paystack and form posts send amounts as strings of digits; JSON clients send integers. */
export function parseAmount(value: unknown): number | undefined {
  if (isPositiveInt(value)) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) {
    const n = Number(value.trim());
    return n > 0 ? n : undefined;
  }
  return undefined;
}

export function optionalString(value: unknown, max = 500): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;
}
