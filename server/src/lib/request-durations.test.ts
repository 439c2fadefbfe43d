import { describe, expect, it } from 'vitest';
import { Histogram, Registry } from 'prom-client';
import { RequestDurations } from './request-durations.js';

const NAME = 'portal_http_request_duration_seconds';
const HELP = 'HTTP requests by method, route pattern and status code, with their duration';
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Observation = [method: string, route: string, status: number, seconds: number];

const OBSERVATIONS: Observation[] = [
  ['GET', '/orp/bfe/api/portal-service/resource/v1/config', 200, 0.0004],
  ['GET', '/orp/bfe/api/portal-service/resource/v1/config', 200, 0.005],
  ['GET', '/orp/bfe/api/portal-service/resource/v1/config', 304, 0.3],
  ['POST', '/orp/bfe/api/portal-service/transaction/v1/initiate', 200, 12],
  ['GET', 'unmatched', 404, 0.07],
  ['GET', '/a "quoted" \\ route', 500, 1],
];

/** prom-client's own Histogram, as the portal used it before, fed the same observations. */
function promClients(observations: Observation[]) {
  const registry = new Registry();
  const histogram = new Histogram({
    name: NAME,
    help: HELP,
    labelNames: ['method', 'route', 'status_code'],
    buckets: BUCKETS,
    registers: [registry],
  });
  for (const [method, route, status, seconds] of observations) {
    histogram.labels(method, route, String(status)).observe(seconds);
  }
  return registry;
}

function ours(observations: Observation[]) {
  const registry = new Registry();
  const durations = new RequestDurations(NAME, HELP, BUCKETS);
  registry.registerMetric(durations.asMetric());
  for (const observation of observations) durations.observe(...observation);
  return { registry, durations };
}

describe('request durations', () => {
  it('read at /metrics exactly as prom-client’s Histogram', async () => {
    expect(await ours(OBSERVATIONS).registry.metrics()).toBe(await promClients(OBSERVATIONS).metrics());
  });

  it('give the same JSON as prom-client’s Histogram', async () => {
    const json = async (registry: Registry) =>
      JSON.parse(JSON.stringify(await registry.getMetricsAsJSON())) as unknown;
    expect(await json(ours(OBSERVATIONS).registry)).toEqual(await json(promClients(OBSERVATIONS)));
  });

  it('start again empty after a reset, as prom-client’s do', async () => {
    const { registry, durations } = ours(OBSERVATIONS);
    durations.reset();
    expect(await registry.metrics()).toBe(await promClients([]).metrics());
  });
});
