import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
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
import { CLIENT_HEADER_NAMES, clientHeaders, needsClientHeaders, PATHS } from '@portal/contract';
import { APP_VERSION } from '@portal/contract/version';
import type { Config } from './config.js';
import { createChangeFeed, type ChangeFeed } from './db/change-feed.js';
import type { Database } from './db/connection.js';
import { AppError } from './lib/app-error.js';
import { isLoopback, registerMetrics } from './lib/metrics.js';
import type { JobQueue } from './lib/jobs.js';
import { registerHealth } from './lib/health.js';
import { createLogger, type Logger } from './lib/logger.js';
import { OneLineRequestLog } from './lib/request-log.js';
import { lazyChildLogger } from './lib/lazy-child-logger.js';
import { createPinCrypto } from './lib/pin.js';
import { createTokenSigner } from './lib/tokens.js';
import { createCatalogueModule } from './modules/catalogue/index.js';
import { createContactModule } from './modules/contact/index.js';
import { createContentModule } from './modules/content/index.js';
import { createHelpModule } from './modules/help/index.js';
import { createLeadsModule } from './modules/leads/index.js';
import { createLocationsModule } from './modules/locations/index.js';
import type { ServerModule } from './modules/module.js';
import { createOtpModule } from './modules/otp/index.js';
import { createPagesModule } from './modules/pages/index.js';
import { injectTransport } from './modules/pages/service.js';
import { createPaymentsModule } from './modules/payments/index.js';
import { createRetentionModule } from './modules/retention/index.js';
import { createSubscriberModule } from './modules/subscriber/index.js';
import { createSubscriberService } from './modules/subscriber/service.js';
import { mountSandbox } from './sandbox-mount.js';
import { buildPorts, type Ports } from './ports.js';
import { registerErrorEnvelope, sendNotFound } from './http/error-envelope.js';
import { answerWrongMethods } from './http/wrong-method.js';
import { registerRateLimit } from './http/rate-limit.js';
import { trustProxyOption } from './http/client-address.js';
import { timeoutOptions } from './http/timeouts.js';
import {
  frameworkErrorHandler,
  buildSecurityHeaders,
  type SecurityHeaders,
} from './http/security-headers.js';
import { registerEdge } from './http/edge.js';
import { registerPrivateByDefault } from './http/private-answers.js';
import { repeatedErrorLog } from './lib/repeated-errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stops this instance's background work (modules' jobs, the job queue), letting what runs finish; once. */
    stopBackgroundWork: () => Promise<void>;
  }
}

export type { Ports };

export type AppDeps = {
  config: Config;
  db: Database;
  jobs: JobQueue;
  /** Tests may replace an outside system; production uses the HTTP adapters. */
  ports?: Partial<Ports>;
  /** The process's log (main.ts); without it the app makes its own, or follows `logger` (tests' options). */
  loggerInstance?: Logger;
  logger?: FastifyServerOptions['logger'];
};

/** The spec's client headers as the OpenAPI description names them (decision 0080). */
const CLIENT_SCHEMES = {
  apiKey: { type: 'apiKey', in: 'header', name: CLIENT_HEADER_NAMES.apiKey },
  serviceId: { type: 'apiKey', in: 'header', name: CLIENT_HEADER_NAMES.serviceId },
} as const;

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
    securityHeaders: SecurityHeaders;
  },
) {
  const { isRenderCall, securityHeaders } = options;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Before any route, so that it learns them all; the sandbox's knobs stay hidden where the sandbox is.
  const notFound = answerWrongMethods(app, sendNotFound, {
    hidden: (request) =>
      request.url.startsWith('/sandbox') && !config.sandboxPublic && !isLoopback(request.ip),
  });
  registerErrorEnvelope(app, notFound);
  // Bodies are JSON (the API) or urlencoded (the plain forms): text is refused (415) like any other type, not
  // handed to a route as a string that its schema then calls the wrong shape.
  app.removeContentTypeParser('text/plain');

  app.addHook('preValidation', (request, _reply, done) => {
    const bad = containsNul(request.query) || containsNul(request.params) || containsNul(request.body);
    done(bad ? new AppError('BAD_CHARACTERS') : undefined);
  });

  registerEdge(app, { securityHeaders, clientHeaders: config.clientHeaders });
  registerPrivateByDefault(app);
  // Answers are compressed; requests never are (the web app sends small JSON), so no route inflates a body: a
  // hook less per request, and no decompression bomb to guard against.
  await app.register(fastifyCompress, { threshold: 1024, globalDecompression: false });
  await registerRateLimit(app, config, isRenderCall);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Self-service portal API', version: APP_VERSION },
      servers: [],
      components: { securitySchemes: CLIENT_SCHEMES },
    },
    // The API routes say they need the spec's two client headers, which the server answers 401 without.
    transform: (document) => {
      const route = jsonSchemaTransform(document);
      return needsClientHeaders(route.url)
        ? { ...route, schema: { ...route.schema, security: [{ apiKey: [], serviceId: [] }] } }
        : route;
    },
  });

  // CORS is closed: the app and the API share one origin. Allowed origins are opt-in.
  if (config.corsOrigins.length > 0) {
    const { default: cors } = await import('@fastify/cors');
    await app.register(cors, { origin: config.corsOrigins });
  }
  return { notFound };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, jobs } = deps;
  // Marks the server's own in-process API calls while it renders a page (modules/pages/service.ts).
  const renderCall = { name: 'x-portal-render', value: randomBytes(16).toString('hex') };
  // Helmet's headers (a shorter set on JSON answers), also for the answers Fastify gives before any hook runs.
  const securityHeaders = buildSecurityHeaders(config);
  const isRenderCall = (request: { headers: Record<string, unknown> }) =>
    request.headers[renderCall.name] === renderCall.value;
  const app = Fastify({
    ...(deps.logger === undefined
      ? { loggerInstance: deps.loggerInstance ?? createLogger(config.logLevel) }
      : { logger: deps.logger }),
    logController: new OneLineRequestLog(isRenderCall),
    bodyLimit: config.bodyLimit,
    ...timeoutOptions(config),
    frameworkErrors: frameworkErrorHandler(securityHeaders),
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => randomUUID(),
    childLoggerFactory: lazyChildLogger,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  const { notFound } = await registerRequestLayer(app, config, { isRenderCall, securityHeaders });

  const { modules, content, payments, otp } = await createModules(app, deps, { renderCall, notFound });
  const log = app.log;

  db.onError(repeatedErrorLog(log, 'database pool error'));
  registerMetrics(app, {
    access: config.metrics,
    payments: () => payments.metricsSnapshot(),
    collectors: modules.flatMap((m) => m.metrics ?? []),
  });
  await registerHealth(app, db);
  app.get(PATHS.openapi, { schema: { hide: true } }, async () => app.swagger());
  for (const module of modules) await module.routes(app);

  if (config.sandbox) {
    await mountSandbox(app, {
      db,
      config,
      onConfigPatch: async (patch) => content.patchConfig(config.market, patch),
      onReset: async () => {
        await content.clearOverrides();
        await otp.forgetSends();
      },
    });
  }
  const stops = config.runJobs ? await startJobs(app, modules) : [];
  app.decorate(
    'stopBackgroundWork',
    backgroundStop(app.log, stops, () => jobs.stop()),
  );
  app.addHook('onClose', () => app.stopBackgroundWork());

  return app;
}

/** The database's change feed, which tells this instance when another one changed cached data. */
async function followChanges(app: FastifyInstance, db: Database): Promise<ChangeFeed> {
  const changes = createChangeFeed(db, (error) => app.log.warn({ err: error }, 'change feed connection'));
  app.addHook('onClose', () => changes.close());
  return changes;
}

/**
 * The outside systems from configuration, and the portal's modules on them, in the order they need each other:
 * the content (the market's configuration) first, the payments after what they draw on.
 */
async function createModules(
  app: FastifyInstance,
  deps: AppDeps,
  requestLayer: {
    renderCall: { name: string; value: string };
    notFound: (request: FastifyRequest, reply: FastifyReply) => unknown;
  },
) {
  const { renderCall, notFound } = requestLayer;
  const { config, db, jobs } = deps;
  const log = app.log;
  const changes = await followChanges(app, db);
  const content = await createContentModule({ config, orm: db.orm, changes, log });
  const { marketConfig } = content;
  const { core, sms, providers, geocoder } = buildPorts(config, marketConfig, deps.ports);
  const pinCrypto = createPinCrypto(config.secrets.pinPrivateKeyPem, config.secrets.pinPublicKeyPem);
  const signer = createTokenSigner(config.secrets.tokenSigningKey);
  const subscribers = createSubscriberService({
    core,
    operatorPrefixes: async () => (await marketConfig()).operatorPrefixes,
    lineCacheSeconds: config.subscriberLineCacheSeconds,
  });
  const otp = createOtpModule({
    orm: db.orm,
    sms,
    signer,
    subscribers,
    limits: config.otp,
    brandName: async () => (await marketConfig()).brandName,
  });
  const currency = async () => (await marketConfig()).currency;
  const subscriber = createSubscriberModule({ core, subscribers, otp: otp.otp, currency });
  const catalogue = await createCatalogueModule({
    settings: marketConfig,
    findSubscriber: subscribers.line,
  });
  const leads = createLeadsModule({ orm: db.orm, otp: otp.otp, subscribers, content: content.pages, log });
  const payments = await createPaymentsModule({
    changes,
    orm: db.orm,
    core,
    sms,
    jobs,
    providers: new Map(providers.map((p) => [p.id, p])),
    subscribers,
    otp: otp.otp,
    decryptPin: pinCrypto.decrypt,
    pinPublicKey: pinCrypto.publicKey,
    keyedHash: signer.hash,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    findBundle: catalogue.catalogue.findPaymentBundle,
    leads: { forPayment: leads.leads.leadForPayment, markPaid: leads.leads.markLeadPaid },
    config: marketConfig,
    publicBaseUrl: config.publicBaseUrl,
    pendingExpiryMinutes: config.pendingExpiryMinutes,
    reconcileIntervalSeconds: config.reconcileIntervalSeconds,
    log,
  });
  const onHelpError = (error: unknown) => log.error({ err: error }, 'FAQ reload failed');
  const help = await createHelpModule({ orm: db.orm, market: config.market, changes, onError: onHelpError });
  // Every module of the portal, registered from this one list (the sandbox stands beside them, when on).
  const modules: ServerModule[] = [
    content.module,
    subscriber.module,
    catalogue.module,
    otp.module,
    payments.module,
    help.module,
    leads.module,
    createContactModule({ orm: db.orm, content: content.pages, market: config.market }).module,
    (await createLocationsModule({ orm: db.orm, config, geocoder, log })).module,
    createRetentionModule({ orm: db.orm, jobs, log, settings: config.retention }).module,
    createPagesModule({
      config,
      log,
      notFound,
      api: injectTransport(app, renderCall, clientHeaders(config.clientHeaders)),
      dataVersion: () => `${content.content.version()}:${help.version()}`,
    }),
  ];

  return { modules, content: content.content, payments: payments.payments, otp: otp.otp };
}

/**
 * The background work of every module, on an instance that runs jobs: started now, told when the app is
 * ready; the ways to stop it.
 */
async function startJobs(app: FastifyInstance, modules: ServerModule[]) {
  const stops: (() => Promise<void>)[] = [];
  for (const module of modules) {
    const started = await module.startJobs?.();
    if (started?.ready) app.addHook('onReady', async () => started.ready?.());
    if (started?.stop) stops.push(started.stop);
  }
  return stops;
}

/**
 * Stops the background work once: the modules' own, last started first (a fulfilment under way sends its SMS
 * job), then the job queue, which lets its running jobs finish. A shutdown runs it before the listener closes
 * (lib/shutdown.ts): those jobs call the operator's systems, in sandbox mode on this very listener.
 */
function backgroundStop(
  log: FastifyBaseLogger,
  stops: (() => Promise<void>)[],
  stopQueue: () => Promise<void>,
) {
  let stopping: Promise<void> | undefined;
  const failed = (error: unknown) => log.error({ err: error }, 'background work did not stop cleanly');
  return () =>
    (stopping ??= (async () => {
      for (const stop of [...stops].reverse()) await stop().catch(failed);
      await stopQueue().catch(failed);
    })());
}
