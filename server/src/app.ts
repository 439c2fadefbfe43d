import { randomBytes } from 'node:crypto';
import pino from 'pino';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { clientHeaders, PATHS } from '@portal/contract';
import { APP_VERSION } from '@portal/contract/version';
import type { Config } from './config.js';
import { createChangeFeed, type ChangeFeed } from './db/change-feed.js';
import type { Database } from './db/connection.js';
import { AppError } from './lib/app-error.js';
import { requireClientHeaders } from './lib/client-headers.js';
import { createProviderFailureCounter, createRetentionMetrics, registerMetrics } from './lib/metrics.js';
import type { JobQueue } from './lib/jobs.js';
import { registerHealth } from './lib/health.js';
import { logPrivacyOptions } from './lib/redact.js';
import { OneLineRequestLog } from './lib/request-log.js';
import { createPinCrypto } from './lib/pin.js';
import { createTokenSigner } from './lib/tokens.js';
import { contentRoutes } from './modules/content/routes.js';
import { createContentService } from './modules/content/service.js';
import { createContentStore } from './modules/content/store.js';
import { contactRoutes } from './modules/contact/routes.js';
import { createContact } from './modules/contact/service.js';
import { helpRoutes } from './modules/help/routes.js';
import { createHelp } from './modules/help/service.js';
import { leadRoutes } from './modules/leads/routes.js';
import { createLeads } from './modules/leads/service.js';
import { locationRoutes } from './modules/locations/routes.js';
import { createLocations } from './modules/locations/service.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { startPaymentJobs } from './modules/payments/jobs.js';
import { createPaymentService } from './modules/payments/service.js';
import { createPaymentStore } from './modules/payments/store.js';
import { otpRoutes } from './modules/otp/routes.js';
import { createOtpService } from './modules/otp/service.js';
import { createOtpStore } from './modules/otp/store.js';
import { subscriberRoutes } from './modules/subscriber/routes.js';
import { createAccountService, createSubscriberService } from './modules/subscriber/service.js';
import { startRetentionJob } from './modules/retention/job.js';
import { createRetention } from './modules/retention/service.js';
import { createRetentionStore } from './modules/retention/store.js';
import { catalogueRoutes } from './modules/catalogue/routes.js';
import { createCatalogueService } from './modules/catalogue/service.js';
import { createCatalogueStore } from './modules/catalogue/store.js';
import { mountSandbox } from './sandbox-mount.js';
import { buildPorts, type Ports } from './ports.js';
import { registerErrorEnvelope, sendNotFound } from './http/error-envelope.js';
import { registerRateLimit } from './http/rate-limit.js';
import { trustProxyOption } from './http/client-address.js';
import { timeoutOptions } from './http/timeouts.js';
import {
  frameworkErrorHandler,
  registerSecurityHeaders,
  securityHeaderSet,
  type HeaderSet,
} from './http/security-headers.js';
import { registerPrivateByDefault } from './http/private-answers.js';
import { pageRoutes } from './modules/pages/routes.js';
import { createPages, injectTransport, MissingBuildError } from './modules/pages/service.js';

export type { Ports };

export type AppDeps = {
  config: Config;
  db: Database;
  jobs: JobQueue;
  /** Tests may replace an outside system; production uses the HTTP adapters. */
  ports?: Partial<Ports>;
  logger?: FastifyServerOptions['logger'];
};

/**
 * JSON lines on standard output, written asynchronously: a line waits only while the previous write is in
 * flight, so a busy instance writes many lines per system call instead of one each, and a quiet one writes at
 * once. Pino flushes what is pending when the process exits.
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...logPrivacyOptions(),
    stream: pino.destination({ dest: 1, sync: false }),
  };
}

/** PostgreSQL text cannot hold NUL characters; such input is refused at the edge, for every route. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  for (const key in value) {
    if (key.includes('\u0000') || containsNul((value as Record<string, unknown>)[key], depth + 1))
      return true;
  }
  return false;
}

/**
 * What every request goes through before and after its route: zod validation and serialisation, the error
 * envelope, the refusal of NUL characters, the spec's client headers, security headers, private-by-default
 * caching, compression, the rate limit, the OpenAPI description and (opt-in) CORS.
 */
async function registerRequestLayer(
  app: FastifyInstance,
  config: Config,
  options: {
    isRenderCall: (request: { headers: Record<string, unknown> }) => boolean;
    securityHeaders: HeaderSet;
  },
) {
  const { isRenderCall, securityHeaders } = options;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorEnvelope(app);

  app.addHook('preValidation', (request, _reply, done) => {
    const bad = containsNul(request.query) || containsNul(request.params) || containsNul(request.body);
    done(bad ? new AppError('BAD_CHARACTERS') : undefined);
  });

  requireClientHeaders(app, config.clientHeaders);

  registerSecurityHeaders(app, securityHeaders);
  registerPrivateByDefault(app);
  // Answers are compressed; requests never are (the web app sends small JSON), so no route inflates a body: a
  // hook less per request, and no decompression bomb to guard against.
  await app.register(fastifyCompress, { threshold: 1024, globalDecompression: false });
  await registerRateLimit(app, config, isRenderCall);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Self-service portal API', version: APP_VERSION },
      servers: [],
    },
    transform: jsonSchemaTransform,
  });

  // CORS is closed: the app and the API share one origin. Allowed origins are opt-in.
  if (config.corsOrigins.length > 0) {
    const { default: cors } = await import('@fastify/cors');
    await app.register(cors, { origin: config.corsOrigins });
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, jobs } = deps;
  // Marks the server's own in-process API calls while it renders a page (modules/pages/service.ts).
  const renderCall = { name: 'x-portal-render', value: randomBytes(16).toString('hex') };
  // Helmet's headers, for every answer and for the answers Fastify gives before any hook runs.
  const securityHeaders = securityHeaderSet(config);
  const isRenderCall = (request: { headers: Record<string, unknown> }) =>
    request.headers[renderCall.name] === renderCall.value;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    logController: new OneLineRequestLog(isRenderCall),
    bodyLimit: config.bodyLimit,
    ...timeoutOptions(config),
    frameworkErrors: frameworkErrorHandler(securityHeaders),
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  await registerRequestLayer(app, config, { isRenderCall, securityHeaders });

  const contentService = createContentService(
    createContentStore(db.orm),
    () => ({
      payStackConfig: JSON.stringify({
        publicKey: config.secrets.cardPublicKey,
        inlineScriptUrl: config.cardInlineScriptUrl,
      }),
    }),
    config.duplicatePurchaseWindowMinutes !== undefined
      ? { duplicatePurchaseWindowMinutes: config.duplicatePurchaseWindowMinutes }
      : {},
  );
  const changes = await followChanges(app, db);
  await contentService.watch(changes, (error) => app.log.error({ err: error }, 'content reload failed'));
  await contentService.loadFromFiles(config.market);
  const marketConfig = () => contentService.getConfig(config.market);
  const { core, sms, providers, geocoder } = buildPorts(config, marketConfig, deps.ports);
  const pinCrypto = createPinCrypto(config.secrets.pinPrivateKeyPem, config.secrets.pinPublicKeyPem);
  const signer = createTokenSigner(config.secrets.tokenSigningKey);
  const providerFailures = createProviderFailureCounter();
  const subscribers = createSubscriberService({
    core,
    operatorPrefixes: async () => (await marketConfig()).operatorPrefixes,
  });
  const otp = createOtpService({
    store: createOtpStore(db.orm),
    sms,
    signer,
    subscribers,
    limits: config.otp,
    brandName: async () => (await marketConfig()).brandName,
  });
  const accounts = createAccountService({
    core,
    subscribers,
    otp,
    currency: async () => (await marketConfig()).currency,
  });
  const catalogue = createCatalogueService({
    store: createCatalogueStore(),
    settings: marketConfig,
    findSubscriber: subscribers.requireSubscriber,
  });
  await catalogue.load();
  const leads = createLeads({
    orm: db.orm,
    otp,
    subscribers,
    content: { getPage: (page, language) => contentService.getPage(config.market, page, language) },
    log: app.log,
  });
  const payments = createPaymentService({
    store: createPaymentStore(db.orm),
    core,
    sms,
    jobs,
    providers: new Map(providers.map((p) => [p.id, p])),
    subscribers,
    otp,
    decryptPin: pinCrypto.decrypt,
    pinPublicKey: pinCrypto.publicKey,
    keyedHash: signer.hash,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    onProviderFailure: (failure) =>
      providerFailures.inc({ provider: failure.provider, operation: failure.operation, kind: failure.kind }),
    findBundle: catalogue.findPaymentBundle,
    leads: { forPayment: leads.leadForPayment, markPaid: leads.markLeadPaid },
    config: marketConfig,
    publicBaseUrl: config.publicBaseUrl,
    pendingExpiryMinutes: config.pendingExpiryMinutes,
    reconcileIntervalSeconds: config.reconcileIntervalSeconds,
    log: app.log,
  });

  const retentionMetrics = createRetentionMetrics();
  const retention = createRetention({
    store: createRetentionStore(db.orm),
    periods: config.retention.periods,
    batchSize: config.retention.batchSize,
    log: app.log,
    onPass: retentionMetrics.record,
  });

  db.onError((error) => app.log.error({ err: error }, 'database pool error'));
  registerMetrics(app, {
    access: config.metrics,
    payments: () => payments.metricsSnapshot(),
    collectors: [providerFailures, ...retentionMetrics.collectors],
  });
  await registerHealth(app, db);
  app.get(PATHS.openapi, { schema: { hide: true } }, async () => app.swagger());

  await app.register(contentRoutes, { content: contentService, market: config.market });
  await app.register(subscriberRoutes, { subscribers, accounts });
  await app.register(catalogueRoutes, { catalogue });
  await app.register(otpRoutes, { otp });
  await app.register(paymentRoutes, { payments });
  const help = await createHelp({
    orm: db.orm,
    market: config.market,
    changes,
    onError: (error) => app.log.error({ err: error }, 'FAQ reload failed'),
  });
  await app.register(helpRoutes, { help });
  await app.register(leadRoutes, { leads });
  await app.register(contactRoutes, {
    contact: createContact({
      orm: db.orm,
      content: { getPage: (page, language) => contentService.getPage(config.market, page, language) },
      market: config.market,
    }),
  });
  await app.register(locationRoutes, {
    locations: await createLocations({
      orm: db.orm,
      config,
      geocoder,
      log: app.log,
    }),
  });

  if (config.sandbox) {
    await mountSandbox(app, {
      db,
      config,
      onConfigPatch: async (patch) => contentService.patchConfig(config.market, patch),
      onReset: () => contentService.clearOverrides(),
    });
  }

  if (config.runJobs) {
    const paymentJobs = await startPaymentJobs(jobs, payments, {
      reconcileIntervalSeconds: config.reconcileIntervalSeconds,
      log: app.log,
    });
    app.addHook('onReady', async () => void paymentJobs.askForReconciliation());
    app.addHook('onClose', async () => paymentJobs.stop());
    await startRetentionJob(jobs, retention, { schedule: config.retention.schedule, log: app.log });
  }

  await registerPages(app, config, {
    notFound: sendNotFound,
    api: injectTransport(app, renderCall, clientHeaders(config.clientHeaders)),
  });

  app.addHook('onClose', async () => {
    await jobs.stop().catch(() => undefined);
  });

  return app;
}

/** The database's change feed, which tells this instance when another one changed cached data. */
async function followChanges(app: FastifyInstance, db: Database): Promise<ChangeFeed> {
  const changes = createChangeFeed(db, (error) => app.log.warn({ err: error }, 'change feed connection'));
  app.addHook('onClose', () => changes.close());
  return changes;
}

/** The web app, rendered on the server (modules/pages), when this instance serves it and it has been built. */
async function registerPages(
  app: FastifyInstance,
  config: Config,
  options: { notFound: (request: FastifyRequest, reply: FastifyReply) => unknown; api: typeof fetch },
) {
  if (!config.serveWeb) return;
  try {
    const pages = await createPages({
      webDistDir: config.webDistDir,
      webRenderDir: config.webRenderDir,
      market: config.market,
      publicBaseUrl: config.publicBaseUrl,
      api: options.api,
      secret: config.secrets.tokenSigningKey,
      client: config.clientHeaders,
    });
    await app.register(pageRoutes, {
      pages,
      webDistDir: config.webDistDir,
      publicBaseUrl: config.publicBaseUrl,
      notFound: options.notFound,
    });
  } catch (error) {
    if (!(error instanceof MissingBuildError)) throw error;
    app.log.warn(error.message);
  }
}
