import { randomBytes, randomUUID, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CLIENT_HEADER_VALUES } from '@portal/contract';
import { APP_VERSION } from '@portal/contract/version';
import { z } from 'zod';
import type { SendLimits } from './modules/otp/store.js';
import type { RetentionPeriods } from './modules/retention/periods.js';

/**
 * Environment -> typed configuration, validated in one place. Every bad key is reported at once.
 * Secrets come only from the environment; in sandbox mode missing ones are generated at first start
 * and kept in DATA_DIR/secrets.json, production mode refuses to start without them.
 */
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/**
 * An address the portal calls or sends browsers to: http or https only. A bare `localhost:8080/x` or
 * `portal.example.com:443` parses as a URL of scheme 'localhost' or 'portal.example.com' and started without
 * complaint, then every call to it failed as 'unreachable'.
 */
const httpUrl = z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// address' });
const redisUrl = z.url({ protocol: /^rediss?$/, error: 'expected a Redis address, redis://host:6379/0' });
/** Five cron fields (minute hour day month weekday) or 'off'; pg-boss checks the fields themselves at start. */
const CRON_OR_OFF = /^(off|[\d*,/\-A-Za-z?#LW]+( +[\d*,/\-A-Za-z?#LW]+){4})$/;

/** Comma-separated origins (scheme, host, port; no path), or nothing. */
const originList = (example: string) =>
  z
    .string()
    .regex(/^(\s*https?:\/\/[^\s,/]+\s*(,|$))*$/, `comma-separated origins, e.g. ${example}`)
    .default('');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORTAL_MODE: z.enum(['sandbox', 'production']).default('sandbox'),
  HOST: z.string().default('127.0.0.1'),
  /** Sandbox mode listens on loopback only unless this says it may be reached from elsewhere (a demo host). */
  SANDBOX_LISTEN_PUBLIC: bool.default(false),
  /**
   * Sandbox mode: the portal this instance's sandbox notifies and sends browsers back to, when it is another
   * process (the outside world of a bench, in a process of its own); unset, this instance.
   */
  SANDBOX_PORTAL_URL: httpUrl.optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  // The market (opco) this deployment serves: its configuration file content/config/<MARKET>.json.
  MARKET: z
    .string()
    .regex(/^[A-Z]{2}$/, 'two capital letters, e.g. NG or CD')
    .default('NG'),
  PUBLIC_BASE_URL: httpUrl.optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  REDIS_URL: redisUrl.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SERVE_WEB: bool.default(true),
  WEB_DIST_DIR: z.string().default('web/dist'),
  WEB_RENDER_DIR: z.string().default('web/dist-server'),
  /**
   * Which proxies may name the client in X-Forwarded-For: a hop count (1: the one nginx in front) or their
   * addresses ("127.0.0.1,10.0.0.0/8"). `true` would believe any header a client forges, so it is refused.
   */
  TRUST_PROXY: z.string().default('false'),
  RUN_JOBS: bool.default(true),
  // Browser origins allowed to call the API from other sites; none by default.
  CORS_ORIGINS: originList('https://shop.example.com'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10_000_000)
    .default(64 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** A whole request (headers and body) must arrive within this; a connection idle this long is closed. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).default(30_000),
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(60_000),
  OTP_SENDS_PER_NUMBER_PER_HOUR: z.coerce.number().int().min(1).default(5),
  OTP_SENDS_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** The server's own wait between two sends of one challenge (the page counts the spec's 60 s down too). */
  OTP_RESEND_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  OTP_SENDS_PER_CHALLENGE: z.coerce.number().int().min(1).default(5),
  OTP_NUMBER_BACKOFF_MAX_SECONDS: z.coerce.number().int().min(60).default(900),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(5).default(30),
  PENDING_PAYMENT_EXPIRY_MINUTES: z.coerce.number().int().min(1).default(30),
  /** How long what a page shows of a number's line (type, bundles on offer) is kept; 0: ask the core each time. */
  SUBSCRIBER_LINE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** How long a page that is the same for every visitor is kept once rendered; 0: render each time. */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  /** How often an instance looks for scheduled jobs that are due (pg-boss's cron monitor, 1-45 s). */
  JOB_SCHEDULE_CHECK_SECONDS: z.coerce.number().int().min(1).max(45).default(30),
  // Data retention (docs/decisions/0066). A cron expression (UTC) or 'off'; hourly by default, so each pass
  // has little to do.
  RETENTION_SCHEDULE: z
    .string()
    .trim()
    .regex(CRON_OR_OFF, "a cron expression of five fields (UTC), e.g. '17 * * * *', or 'off'")
    .default('17 * * * *'),
  RETENTION_BATCH_SIZE: z.coerce.number().int().min(10).max(10_000).default(500),
  // Minimums: a closed payment can still be confirmed late by its provider for a few days (the portal
  // re-checks for 24 h), so nothing about a payment goes before 30 days.
  RETENTION_TRANSACTION_EVENTS_DAYS: z.coerce.number().int().min(30).default(365),
  RETENTION_PAYMENT_PERSONAL_DATA_DAYS: z.coerce.number().int().min(30).default(180),
  RETENTION_PAYMENT_RECORDS_DAYS: z.coerce.number().int().min(365).default(2190),
  RETENTION_LEADS_DAYS: z.coerce.number().int().min(1).default(365),
  RETENTION_CONTACT_MESSAGES_DAYS: z.coerce.number().int().min(1).default(365),
  RETENTION_FEEDBACK_DAYS: z.coerce.number().int().min(1).default(365),
  RETENTION_FAQ_VOTES_DAYS: z.coerce.number().int().min(1).default(365),
  // The hourly send limits read the last hour of sends and a verified code is good for 15 minutes; the privacy
  // notice promises codes are kept minutes, so the rows go as soon as the limits no longer need them.
  RETENTION_OTP_HOURS: z.coerce.number().int().min(2).default(2),
  // The paying-twice window is market configuration; this replaces the market's value (test suites that buy
  // the same thing again and again set 0; a run-time override still wins).
  DUPLICATE_PURCHASE_WINDOW_MINUTES: z.coerce.number().int().min(0).max(1440).optional(),
  // Upstream endpoints; default to the mounted sandbox in sandbox mode.
  CORE_URL: httpUrl.optional(),
  SMS_URL: httpUrl.optional(),
  CARD_GATEWAY_URL: httpUrl.optional(),
  /** The gateway's in-page popup script and the origin its checkout frame comes from. */
  CARD_INLINE_SCRIPT_URL: z.string().min(1).optional(),
  CARD_CHECKOUT_ORIGIN: httpUrl.optional(),
  /** The origin the gateway's script calls (Content Security Policy connect-src); Paystack's by default. */
  CARD_API_ORIGIN: httpUrl.optional(),
  /** Origins of a tag manager or analytics the pages load (script, beacons, pixels); none by default. */
  ANALYTICS_ORIGINS: originList('https://www.googletagmanager.com'),
  MOMO_URL: httpUrl.optional(),
  SMARTCASH_URL: httpUrl.optional(),
  MPESA_URL: httpUrl.optional(),
  /** DPO Pay (3G Direct Pay): the host of its API v6 and of its hosted payment page payv2.php. */
  DPO_URL: httpUrl.optional(),
  /** The DPO service (product) number of this merchant account, sent with every createToken. */
  DPO_SERVICE_TYPE: z
    .string()
    .regex(/^\d{1,10}$/, 'a DPO service type number, e.g. 3854')
    .optional(),
  // Maps: tiles and place search (OpenStreetMap-compatible tiles; a Nominatim-compatible geocoder, else the
  // gazetteer that ships in content/data/towns.json). Bounds are "south,west,north,east"; Nigeria by default.
  GEOCODER_URL: httpUrl.optional(),
  GEOCODER_USER_AGENT: z.string().min(3).default(`selfcare-portal/${APP_VERSION}`),
  MAP_TILE_URL: z.string().min(10).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  MAP_MAX_ZOOM: z.coerce.number().int().min(1).max(22).default(19),
  MAP_SEARCH_BOUNDS: z.string().default('4.2,2.6,13.9,14.7'),
  MAP_CENTRE: z.string().default('7.41,3.92'),
  // Secrets.
  CARD_SECRET_KEY: z.string().min(8).optional(),
  CARD_PUBLIC_KEY: z.string().min(8).optional(),
  WALLET_CALLBACK_SECRET: z.string().min(16).optional(),
  DPO_COMPANY_TOKEN: z.string().min(8).optional(),
  TOKEN_SIGNING_KEY: z.string().min(32).optional(),
  /** Bearer token for /metrics; without it /metrics is open in sandbox mode and not served in production. */
  METRICS_TOKEN: z.string().min(16).optional(),
  PIN_RSA_PRIVATE_KEY: z.string().min(100).optional(),
  PIN_RSA_PUBLIC_KEY: z.string().min(100).optional(),
  // The spec's fixed headers (§7) that name the calling application; public (every browser sends them), so
  // plain settings with defaults rather than secrets (docs/decisions/0080).
  CLIENT_API_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{8,200}$/)
    .default(DEFAULT_CLIENT_HEADER_VALUES.apiKey),
  CLIENT_SERVICE_ID: z
    .string()
    .regex(/^[\x21-\x7e]{1,100}$/)
    .default(DEFAULT_CLIENT_HEADER_VALUES.serviceId),
});

/** Every environment variable the portal reads (the README's configuration table names each one). */
export const SETTING_NAMES = Object.keys(envSchema.shape);

export type Env = z.infer<typeof envSchema>;

export type Secrets = {
  cardSecretKey: string;
  cardPublicKey: string;
  walletCallbackSecret: string;
  /** DPO's CompanyToken: every API v6 request carries it in its XML body. */
  dpoCompanyToken: string;
  tokenSigningKey: string;
  pinPrivateKeyPem: string;
  pinPublicKeyPem: string;
};

export type Config = {
  env: Env['NODE_ENV'];
  mode: Env['PORTAL_MODE'];
  sandbox: boolean;
  /** The sandbox answers clients elsewhere too, not only this machine (SANDBOX_LISTEN_PUBLIC). */
  sandboxPublic: boolean;
  /** The market (opco) served: content, configuration, FAQs and shops are this market's. */
  market: string;
  host: string;
  port: number;
  /** Where the portal is reachable by browsers and providers; computed from the port when unset. */
  publicBaseUrl: () => string;
  /** Sandbox mode: the portal the sandbox notifies when that is another process; unset: this one. */
  sandboxPortalUrl: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  serveWeb: boolean;
  webDistDir: string;
  /** The web app's server-render bundle (built beside webDistDir, never served). */
  webRenderDir: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  runJobs: boolean;
  corsOrigins: string[];
  bodyLimit: number;
  rateLimitPerMinute: number;
  timeouts: { requestTimeoutMs: number; connectionTimeoutMs: number };
  /** Who may read /metrics. */
  metrics: { kind: 'open' } | { kind: 'token'; token: string } | { kind: 'off' };
  /** One-time-code send limits (modules/otp/store.ts, docs/decisions/0065). */
  otp: SendLimits;
  upstreamTimeoutMs: number;
  /** Replaces the market's paying-twice window when set (DUPLICATE_PURCHASE_WINDOW_MINUTES). */
  duplicatePurchaseWindowMinutes: number | undefined;
  /** Same-origin path of the sandbox's popup script in sandbox mode, the provider's script otherwise. */
  cardInlineScriptUrl: string;
  /** Extra origins the Content Security Policy allows for the card popup (script and frame). */
  cardPopupOrigins: string[];
  /**
   * Further origins the Content Security Policy names (http/security-headers.ts). `hostedPages`: where a plain
   * payment form's answer sends the browser (a gateway's hosted checkout), which form-action must allow.
   */
  cspOrigins: { cardApi: string[]; analytics: string[]; hostedPages: string[] };
  reconcileIntervalSeconds: number;
  pendingExpiryMinutes: number;
  /** Seconds a number's line is kept for what pages show (modules/subscriber/service.ts); 0: not kept. */
  subscriberLineCacheSeconds: number;
  /**
   * Seconds a page without a query, or with campaign tags alone, is kept once rendered
   * (modules/pages/page-cache.ts); 0: not kept.
   */
  pageCacheSeconds: number;
  /** How often this instance looks for scheduled jobs that are due. */
  jobScheduleCheckSeconds: number;
  /** The retention job: when it runs (cron, UTC; undefined: never), rows per batch, and what it keeps how long. */
  retention: { schedule: string | undefined; batchSize: number; periods: RetentionPeriods };
  upstream: {
    core: string;
    sms: string;
    card: string;
    dpo: string;
    momo: string;
    smartcash: string;
    mpesa: string;
  };
  /** DPO's ServiceType for the services of a createToken. */
  dpoServiceType: string;
  maps: {
    tileUrl: string;
    attribution: string;
    maxZoom: number;
    searchBounds: { south: number; west: number; north: number; east: number };
    centre: { lat: number; lng: number };
    /** Nominatim-compatible geocoder; unset: the gazetteer answers place searches. */
    geocoderUrl: string | undefined;
    geocoderUserAgent: string;
  };
  secrets: Secrets;
  /** The API key and service id every API call of the web app carries (spec §7), checked by the server. */
  clientHeaders: { apiKey: string; serviceId: string };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnvironment(environment);
  const sandbox = e.PORTAL_MODE === 'sandbox';
  const problems: string[] = [];
  requireUpstreams(e, sandbox, problems);
  checkDeployment(e, sandbox, problems);
  const secrets = resolveSecrets(e, sandbox, problems);
  const maps = parseMaps(e, problems);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY, problems);
  const retention = parseRetention(e, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return assembleConfig(e, sandbox, { secrets, maps, trustProxy, retention });
}

/** The environment's settings, typed and checked one by one; an empty variable counts as unset. */
function parseEnvironment(environment: NodeJS.ProcessEnv): Env {
  const raw = Object.fromEntries(Object.entries(environment).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => issueText(issue, raw)));
  return parsed.data;
}

/** Settings whose value a refusal never repeats: secrets, and addresses that may carry a password. */
const UNSHOWN_SETTING = /KEY|SECRET|TOKEN|PASSWORD|SALT|URL/;

/** A refused setting with what was given when that is no secret ('PORTAL_MODE: ... (got "Production")'). */
function issueText(issue: z.core.$ZodIssue, raw: Record<string, string | undefined>): string {
  const key = String(issue.path[0] ?? '');
  const value = raw[key];
  const shown = value !== undefined && value.length <= 60 && !UNSHOWN_SETTING.test(key);
  return `${issue.path.join('.')}: ${issue.message}${shown ? ` (got "${value}")` : ''}`;
}

/** Each upstream's setting, and its path under the mounted sandbox, which answers while the setting is unset. */
const UPSTREAMS = {
  core: { key: 'CORE_URL', sandboxPath: 'core/api' },
  sms: { key: 'SMS_URL', sandboxPath: 'sms/api' },
  card: { key: 'CARD_GATEWAY_URL', sandboxPath: 'paystack' },
  dpo: { key: 'DPO_URL', sandboxPath: 'dpo' },
  momo: { key: 'MOMO_URL', sandboxPath: 'momo/api' },
  smartcash: { key: 'SMARTCASH_URL', sandboxPath: 'smartcash/api' },
  mpesa: { key: 'MPESA_URL', sandboxPath: 'mpesa/api' },
} as const satisfies Record<keyof Config['upstream'], { key: keyof Env; sandboxPath: string }>;

type UpstreamUrls = Record<keyof Config['upstream'], () => string>;

function requireUpstreams(e: Env, sandbox: boolean, problems: string[]): void {
  if (sandbox) return;
  for (const { key } of Object.values(UPSTREAMS))
    if (!e[key]) problems.push(`${key}: required in production mode`);
}

/**
 * Functions, not strings: an unset upstream is the sandbox under the public base URL, which follows the port
 * the server was given when it listens on port 0.
 */
function upstreamUrls(e: Env, publicBaseUrl: () => string): UpstreamUrls {
  const url = ({ key, sandboxPath }: { key: keyof Env; sandboxPath: string }) => {
    const value = e[key] as string | undefined;
    if (value) return () => value.replace(/\/$/, '');
    return () => `${publicBaseUrl()}/sandbox/${sandboxPath}`;
  };
  return {
    core: url(UPSTREAMS.core),
    sms: url(UPSTREAMS.sms),
    card: url(UPSTREAMS.card),
    dpo: url(UPSTREAMS.dpo),
    momo: url(UPSTREAMS.momo),
    smartcash: url(UPSTREAMS.smartcash),
    mpesa: url(UPSTREAMS.mpesa),
  };
}

/** Settings that are each valid alone but wrong for the mode, the database or the address listened on. */
function checkDeployment(e: Env, sandbox: boolean, problems: string[]): void {
  if (!e.DPO_SERVICE_TYPE && !sandbox) problems.push('DPO_SERVICE_TYPE: required in production mode');
  // The address gateways send payers back to and notify: 127.0.0.1 there would send a payer to their own phone.
  if (!e.PUBLIC_BASE_URL && !sandbox) {
    problems.push(
      'PUBLIC_BASE_URL: required in production mode (the address payment gateways return payers to and notify)',
    );
  }
  if (e.DATABASE_URL && !/^postgres(ql)?:\/\//.test(e.DATABASE_URL)) {
    problems.push('DATABASE_URL: expected a PostgreSQL address, postgres://user@host:5432/database');
  }
  if (sandbox && !isLoopbackHost(e.HOST) && !e.SANDBOX_LISTEN_PUBLIC) {
    problems.push(
      `HOST: sandbox mode (simulated payments, open test endpoints) listens on loopback only; set PORTAL_MODE=production, or SANDBOX_LISTEN_PUBLIC=true to expose the sandbox on ${e.HOST} on purpose`,
    );
  }
}

/** The parts of the configuration whose checks could fail, once they all passed. */
type CheckedParts = Pick<Config, 'secrets' | 'maps' | 'trustProxy' | 'retention'>;

function assembleConfig(e: Env, sandbox: boolean, checked: CheckedParts): Config {
  // The port may change after loading (a server listening on port 0 learns its own); the URLs follow it.
  let port = e.PORT;
  const publicBaseUrl = () => (e.PUBLIC_BASE_URL ?? `http://127.0.0.1:${port}`).replace(/\/$/, '');
  const upstreams = upstreamUrls(e, publicBaseUrl);
  return {
    env: e.NODE_ENV,
    mode: e.PORTAL_MODE,
    sandbox,
    sandboxPublic: e.SANDBOX_LISTEN_PUBLIC,
    market: e.MARKET,
    host: e.HOST,
    get port() {
      return port;
    },
    set port(value: number) {
      port = value;
    },
    publicBaseUrl,
    ...fixedSettings(e, sandbox, checked),
    // Read for every upstream call: the URLs are put together here, without a loop or a lookup.
    get upstream() {
      return {
        core: upstreams.core(),
        sms: upstreams.sms(),
        card: upstreams.card(),
        dpo: upstreams.dpo(),
        momo: upstreams.momo(),
        smartcash: upstreams.smartcash(),
        mpesa: upstreams.mpesa(),
      };
    },
    maps: checked.maps,
    clientHeaders: { apiKey: e.CLIENT_API_KEY, serviceId: e.CLIENT_SERVICE_ID },
    secrets: checked.secrets,
  };
}

/** The settings between the address and the upstreams: fixed once loaded, none follows the port. */
type FixedSettings = Omit<
  Config,
  | 'env'
  | 'mode'
  | 'sandbox'
  | 'sandboxPublic'
  | 'market'
  | 'host'
  | 'port'
  | 'publicBaseUrl'
  | 'upstream'
  | 'maps'
  | 'clientHeaders'
  | 'secrets'
>;

function fixedSettings(e: Env, sandbox: boolean, checked: CheckedParts): FixedSettings {
  const inlineScript =
    e.CARD_INLINE_SCRIPT_URL ??
    (sandbox ? '/sandbox/paystack/inline.js' : 'https://js.paystack.co/v1/inline.js');
  return {
    sandboxPortalUrl: e.SANDBOX_PORTAL_URL?.replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    serveWeb: e.SERVE_WEB,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    webRenderDir: path.resolve(e.WEB_RENDER_DIR),
    trustProxy: checked.trustProxy,
    runJobs: e.RUN_JOBS,
    corsOrigins: commaList(e.CORS_ORIGINS),
    bodyLimit: e.BODY_LIMIT_BYTES,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    timeouts: { requestTimeoutMs: e.REQUEST_TIMEOUT_MS, connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS },
    metrics: metricsAccess(e, sandbox),
    otp: otpLimits(e),
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    duplicatePurchaseWindowMinutes: e.DUPLICATE_PURCHASE_WINDOW_MINUTES,
    cardInlineScriptUrl: inlineScript,
    cardPopupOrigins: cardPopupOrigins(e, sandbox, inlineScript),
    cspOrigins: cspOrigins(e, sandbox, inlineScript),
    reconcileIntervalSeconds: e.RECONCILE_INTERVAL_SECONDS,
    pendingExpiryMinutes: e.PENDING_PAYMENT_EXPIRY_MINUTES,
    subscriberLineCacheSeconds: e.SUBSCRIBER_LINE_CACHE_SECONDS,
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    jobScheduleCheckSeconds: e.JOB_SCHEDULE_CHECK_SECONDS,
    retention: checked.retention,
    // 3854 is the service type of DPO's own test examples; the sandbox takes any.
    dpoServiceType: e.DPO_SERVICE_TYPE ?? '3854',
  };
}

function commaList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function metricsAccess(e: Env, sandbox: boolean): Config['metrics'] {
  if (e.METRICS_TOKEN) return { kind: 'token', token: e.METRICS_TOKEN };
  return sandbox ? { kind: 'open' } : { kind: 'off' };
}

function otpLimits(e: Env): SendLimits {
  return {
    resendAfterSeconds: e.OTP_RESEND_INTERVAL_SECONDS,
    perChallenge: e.OTP_SENDS_PER_CHALLENGE,
    perNumberPerClient: e.OTP_SENDS_PER_NUMBER_PER_HOUR,
    perClient: e.OTP_SENDS_PER_CLIENT_PER_HOUR,
    // Past the sends one client may make, anyone's further sends to the number slow down.
    numberBackoffAfter: e.OTP_SENDS_PER_NUMBER_PER_HOUR,
    numberBackoffMaxSeconds: e.OTP_NUMBER_BACKOFF_MAX_SECONDS,
  };
}

function cardPopupOrigins(e: Env, sandbox: boolean, inlineScript: string): string[] {
  return [
    ...(inlineScript.startsWith('http') ? [new URL(inlineScript).origin] : []),
    ...(e.CARD_CHECKOUT_ORIGIN ? [e.CARD_CHECKOUT_ORIGIN] : sandbox ? [] : ['https://checkout.paystack.com']),
  ];
}

function cspOrigins(e: Env, sandbox: boolean, inlineScript: string): Config['cspOrigins'] {
  return {
    cardApi: e.CARD_API_ORIGIN
      ? [new URL(e.CARD_API_ORIGIN).origin]
      : inlineScript.includes('paystack.co')
        ? ['https://api.paystack.co']
        : [],
    analytics: commaList(e.ANALYTICS_ORIGINS).map((origin) => new URL(origin).origin),
    hostedPages: hostedPageOrigins(e, sandbox),
  };
}

/** Loopback names and addresses a server may listen on. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** 'false'/'0' -> none; '1' -> one hop; '127.0.0.1,10.0.0.0/8' -> those addresses; 'true' is refused. */
export function parseTrustProxy(value: string, problems: string[]): Config['trustProxy'] {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === 'false' || trimmed === '0' || trimmed === '') return false;
  if (/^\d{1,2}$/.test(trimmed)) return Number(trimmed);
  const addresses = trimmed.split(',').map((a) => a.trim());
  if (addresses.every((a) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(a) && /[.:]/.test(a))) return addresses;
  problems.push(
    'TRUST_PROXY: a hop count (e.g. 1) or the proxies\' addresses (e.g. 127.0.0.1,10.0.0.0/8); "true" would trust forged X-Forwarded-For headers',
  );
  return false;
}

/** The retention settings; a payment record outlives the personal data and the events it is deleted with. */
function parseRetention(e: Env, problems: string[]): Config['retention'] {
  const periods: RetentionPeriods = {
    transactionEventsDays: e.RETENTION_TRANSACTION_EVENTS_DAYS,
    paymentPersonalDataDays: e.RETENTION_PAYMENT_PERSONAL_DATA_DAYS,
    paymentRecordsDays: e.RETENTION_PAYMENT_RECORDS_DAYS,
    leadsDays: e.RETENTION_LEADS_DAYS,
    contactMessagesDays: e.RETENTION_CONTACT_MESSAGES_DAYS,
    feedbackDays: e.RETENTION_FEEDBACK_DAYS,
    faqVotesDays: e.RETENTION_FAQ_VOTES_DAYS,
    otpHours: e.RETENTION_OTP_HOURS,
  };
  if (periods.paymentRecordsDays < Math.max(periods.paymentPersonalDataDays, periods.transactionEventsDays)) {
    problems.push(
      'RETENTION_PAYMENT_RECORDS_DAYS: must be at least RETENTION_PAYMENT_PERSONAL_DATA_DAYS and RETENTION_TRANSACTION_EVENTS_DAYS',
    );
  }
  const schedule = e.RETENTION_SCHEDULE === 'off' ? undefined : e.RETENTION_SCHEDULE;
  return { schedule, batchSize: e.RETENTION_BATCH_SIZE, periods };
}

function numbers(value: string, count: number): number[] | undefined {
  const parts = value.split(',').map((p) => Number(p.trim()));
  return parts.length === count && parts.every(Number.isFinite) ? parts : undefined;
}

function parseMaps(e: Env, problems: string[]): Config['maps'] {
  const bounds = numbers(e.MAP_SEARCH_BOUNDS, 4);
  const valid =
    bounds && bounds[0]! < bounds[2]! && bounds[1]! < bounds[3]! && bounds.every((n) => Math.abs(n) <= 180);
  if (!valid) problems.push('MAP_SEARCH_BOUNDS: expected "south,west,north,east"');
  const centre = numbers(e.MAP_CENTRE, 2);
  if (!centre || Math.abs(centre[0]!) > 90 || Math.abs(centre[1]!) > 180)
    problems.push('MAP_CENTRE: expected "lat,lng"');
  const [south = 4.2, west = 2.6, north = 13.9, east = 14.7] = valid ? bounds : [];
  return {
    tileUrl: e.MAP_TILE_URL,
    attribution: e.MAP_TILE_ATTRIBUTION,
    maxZoom: e.MAP_MAX_ZOOM,
    searchBounds: { south, west, north, east },
    centre: { lat: centre?.[0] ?? 7.41, lng: centre?.[1] ?? 3.92 },
    geocoderUrl: e.GEOCODER_URL?.replace(/\/$/, ''),
    geocoderUserAgent: e.GEOCODER_USER_AGENT,
  };
}

const SECRET_KEYS = {
  cardSecretKey: 'CARD_SECRET_KEY',
  cardPublicKey: 'CARD_PUBLIC_KEY',
  walletCallbackSecret: 'WALLET_CALLBACK_SECRET',
  dpoCompanyToken: 'DPO_COMPANY_TOKEN',
  tokenSigningKey: 'TOKEN_SIGNING_KEY',
  pinPrivateKeyPem: 'PIN_RSA_PRIVATE_KEY',
  pinPublicKeyPem: 'PIN_RSA_PUBLIC_KEY',
} as const satisfies Record<keyof Secrets, keyof Env>;

function resolveSecrets(e: Env, sandbox: boolean, problems: string[]): Secrets {
  const fromEnv: Partial<Secrets> = {};
  for (const [name, key] of Object.entries(SECRET_KEYS) as [keyof Secrets, keyof Env][]) {
    const value = e[key] as string | undefined;
    if (value) fromEnv[name] = value.replace(/\\n/g, '\n');
  }
  const missing = (Object.keys(SECRET_KEYS) as (keyof Secrets)[]).filter((k) => !fromEnv[k]);
  if (missing.length === 0) return fromEnv as Secrets;
  if (!sandbox) {
    for (const k of missing) problems.push(`${SECRET_KEYS[k]}: required in production mode`);
    return fromEnv as Secrets;
  }
  return { ...sandboxSecrets(path.resolve(e.DATA_DIR)), ...fromEnv };
}

/** Generated once per data directory so restarts (and several local instances) agree on them. */
function sandboxSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Secrets;
    if (stored.dpoCompanyToken) return stored;
    // A data directory from before DPO: add its token and keep every other secret (tokens signed and
    // PINs encrypted with them stay valid).
    const upgraded = { ...stored, dpoCompanyToken: dpoToken() };
    writeFileSync(file, JSON.stringify(upgraded, null, 2), { mode: 0o600 });
    return upgraded;
  }
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const secrets: Secrets = {
    cardSecretKey: `sk_test_${randomBytes(20).toString('hex')}`,
    cardPublicKey: `pk_test_${randomBytes(20).toString('hex')}`,
    walletCallbackSecret: randomBytes(32).toString('hex'),
    dpoCompanyToken: dpoToken(),
    tokenSigningKey: randomBytes(48).toString('hex'),
    pinPrivateKeyPem: privateKey,
    pinPublicKeyPem: publicKey,
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** DPO company tokens are upper-case UUIDs. */
function dpoToken(): string {
  return randomUUID().toUpperCase();
}

/**
 * Where a payment started by a plain form (no JavaScript) sends the browser: the card gateway's checkout (its
 * checkout origin, else Paystack's outside sandbox mode; a gateway at an address of its own answers on its
 * origin) and DPO's payment page on its API's host. Without them in form-action the browser refuses the
 * redirect, and the payer stays on the payment page of a payment already started.
 */
function hostedPageOrigins(e: Env, sandbox: boolean): string[] {
  const named = [e.CARD_CHECKOUT_ORIGIN, e.CARD_GATEWAY_URL, e.DPO_URL].filter((url) => url !== undefined);
  const origins = named.map((url) => new URL(url).origin);
  if (!e.CARD_CHECKOUT_ORIGIN && !sandbox) origins.push('https://checkout.paystack.com');
  return [...new Set(origins)];
}
