import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry, type Metric } from 'prom-client';
import { PATHS } from '@portal/contract';
import { RequestDurations } from './request-durations.js';
import { routeLabel } from './route-label.js';

/** What the payments service reports at each scrape (counted in the shared database). */
export type PaymentsSnapshot = {
  open: { state: string; count: number; oldestSeconds: number }[];
  closedLastHour: { state: string; count: number }[];
  /** Refunds made before the core could deny a credit: the core reversals still waiting for its answer. */
  reversalsPending: { count: number; oldestSeconds: number };
};

export type MetricsOptions = {
  /** `open`: anyone may read (sandbox); `token`: a bearer token is required; `off`: not served. */
  access: { kind: 'open' } | { kind: 'token'; token: string } | { kind: 'off' };
  payments: () => Promise<PaymentsSnapshot>;
  /** Counters and gauges kept by the app's parts (`createProviderFailureCounter`, `createRetentionMetrics`). */
  collectors?: Metric[];
};

/**
 * Provider calls that failed, by provider, operation (start, verify, refund) and kind (final, retry,
 * indeterminate; upstream/gateways/classify.ts). Counted in this process: sum over instances. Alert on
 * `increase(portal_provider_failures_total{kind="indeterminate"}[5m]) > 0` (a rotated key, a provider that
 * will not say where money stands) and on a rising `kind="retry"` rate.
 */
export function createProviderFailureCounter(): Counter<'provider' | 'operation' | 'kind'> {
  return new Counter({
    name: 'portal_provider_failures_total',
    help: 'Failed provider calls by provider, operation and kind (final, retry, indeterminate)',
    labelNames: ['provider', 'operation', 'kind'],
    registers: [],
  });
}

/**
 * What the retention passes run by this process changed (docs/decisions/0066): rows per table and action,
 * and when the last pass ended. Passes run on one instance at a time, so take sum() of the rows and max() of
 * the time over instances; alert when `time() - max(portal_retention_last_pass_timestamp_seconds)` exceeds
 * a few schedule intervals, or `portal_retention_last_pass_complete` stays 0 (a backlog bigger than a pass).
 */
export function createRetentionMetrics() {
  const rows = new Counter({
    name: 'portal_retention_rows_total',
    help: 'Rows the retention job deleted or anonymised, by table and action',
    labelNames: ['table', 'action'],
    registers: [],
  });
  const lastPass = new Gauge({
    name: 'portal_retention_last_pass_timestamp_seconds',
    help: 'When the last retention pass of this process ended (Unix time)',
    registers: [],
  });
  const lastComplete = new Gauge({
    name: 'portal_retention_last_pass_complete',
    help: '1 when the last retention pass of this process finished its work, 0 when it left some for the next',
    registers: [],
  });
  return {
    collectors: [rows, lastPass, lastComplete] as Metric[],
    record(report: { counts: Record<string, Partial<Record<string, number>>>; complete: boolean }) {
      for (const [table, actions] of Object.entries(report.counts)) {
        for (const [action, count] of Object.entries(actions)) rows.inc({ table, action }, count ?? 0);
      }
      lastPass.setToCurrentTime();
      lastComplete.set(report.complete ? 1 : 0);
    },
  };
}

const OPEN_STATES = ['CREATED', 'STARTING', 'PENDING', 'PAID', 'REFUND_PENDING'];
const CLOSED_STATES = ['FULFILLED', 'REFUNDED', 'FAILED', 'CANCELLED', 'EXPIRED'];

/**
 * Prometheus metrics at /metrics: this process (CPU, memory, event-loop lag, requests by route and status
 * with their duration) and the payments, which every instance reads from the shared database, so
 * dashboards take them from one instance (or use max()). The route label is the route's pattern, never the
 * raw URL, so numbers and ids do not multiply the series.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  if (options.access.kind === 'off') return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  for (const collector of options.collectors ?? []) registry.registerMetric(collector);

  const requests = new RequestDurations(
    'portal_http_request_duration_seconds',
    'HTTP requests by method, route pattern and status code, with their duration',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  registry.registerMetric(requests.asMetric());
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request);
    if (route !== PATHS.metrics)
      requests.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const open = new Gauge({
    name: 'portal_payments_open',
    help: 'Payments not yet final, by state (PAID: paid and waiting for delivery)',
    labelNames: ['state'],
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'portal_payments_open_oldest_seconds',
    help: 'How long the oldest payment has waited in each open state; a PAID one waiting long is late value',
    labelNames: ['state'],
    registers: [registry],
  });
  const reversals = new Gauge({
    name: 'portal_payments_reversals_pending',
    help: 'Refunded payments whose possible late credit the core has not yet confirmed reversed or absent',
    registers: [registry],
  });
  const reversalsOldest = new Gauge({
    name: 'portal_payments_reversals_pending_oldest_seconds',
    help: 'How long the oldest pending reversal has been due; alert when it stays above a few minutes',
    registers: [registry],
  });
  const closed = new Gauge({
    name: 'portal_payments_closed_last_hour',
    help: 'Payments that reached each final state in the last hour',
    labelNames: ['state'],
    registers: [registry],
  });

  const allowed = (authorization: string | undefined, clientIp: string) => {
    // Without a token, only this machine may read (a scrape from elsewhere, or through the proxy, needs one).
    if (options.access.kind === 'open') return isLoopback(clientIp);
    if (options.access.kind !== 'token') return false;
    const given = Buffer.from(authorization ?? '');
    const expected = Buffer.from(`Bearer ${options.access.token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  app.get(PATHS.metrics, { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request.headers.authorization, request.ip)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ statusCode: '401', status: 'failure', message: 'Unauthorized', result: null });
    }
    const snapshot = await options.payments();
    // Every state is written at each scrape, so a state that emptied reads 0 rather than its last value.
    for (const state of OPEN_STATES) {
      const row = snapshot.open.find((r) => r.state === state);
      open.set({ state }, row?.count ?? 0);
      oldest.set({ state }, row?.oldestSeconds ?? 0);
    }
    for (const state of CLOSED_STATES) {
      closed.set({ state }, snapshot.closedLastHour.find((r) => r.state === state)?.count ?? 0);
    }
    reversals.set(snapshot.reversalsPending.count);
    reversalsOldest.set(snapshot.reversalsPending.oldestSeconds);
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 ('::ffff:127.0.0.1'). */
export function isLoopback(ip: string): boolean {
  return ip === '::1' || /^(::ffff:)?127\./.test(ip);
}
