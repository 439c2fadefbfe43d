import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import { PATHS } from '@portal/contract';
import { perRoutePattern } from './per-route.js';
import { routeLabel } from './route-label.js';

type Line = { method: string; route: string; status: number; ms: number };
type Level = 'info' | 'debug';

/**
 * Orchestrators and load balancers ask these every few seconds per instance: an answered probe tells an
 * operator nothing and buried the lines that do; a failing one is news.
 */
const PROBES: readonly string[] = [PATHS.healthz, PATHS.readyz];

/** What a pino logger holds: where its lines go and the bindings every line carries (pid, hostname). */
type PinoInternals = {
  [pino.symbols.streamSym]?: { write(line: string): unknown };
  [pino.symbols.chindingsSym]?: string;
};

/**
 * The request line as pino writes it, built directly: one line per request is the most frequent line by far,
 * and through pino (the line's object, the formatters, the personal-data scrub of every written line) it cost
 * a tenth of a cached read (bench:load, perf). Its fields need no scrub: the method comes from Node's parser,
 * the route is a pattern of the route table (or 'unmatched'), the request id is the server's own UUID and the
 * rest are numbers. A logger that is not pino's (a test's) gets the line through its own `info`.
 */
function directWriter(log: FastifyBaseLogger) {
  const internals = log as unknown as PinoInternals;
  const stream = internals[pino.symbols.streamSym];
  const bindings = internals[pino.symbols.chindingsSym];
  if (!stream || bindings === undefined) return undefined;
  const quotedRoute = perRoutePattern((route) => JSON.stringify(route));
  return (requestId: string, line: Line, level: Level) => {
    if (!(log as pino.Logger).isLevelEnabled(level)) return;
    stream.write(
      `{"level":${level === 'info' ? 30 : 20},"time":${Date.now()}${bindings},"reqId":${JSON.stringify(requestId)},"method":"${line.method}","route":${quotedRoute(line.route)},"status":${line.status},"ms":${line.ms},"msg":"request"}\n`,
    );
  };
}

/**
 * One line per request: when it completes, with method, route, status and time (Fastify's default writes an
 * "incoming" and a "completed" line with the whole request). Errors keep their context: the error, the route
 * and the request id; not the URL, whose query may carry a number. The server's own calls while it renders a
 * page are not logged (the page request is). An answered health probe (2xx) is logged at debug.
 */
export class OneLineRequestLog extends LogController {
  private write: ReturnType<typeof directWriter> | null = null;

  constructor(private readonly skip: (request: FastifyRequest) => boolean) {
    super({ disableRequestLogging: skip });
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.skip(request)) return;
    const line: Line = {
      method: request.method,
      route: routeLabel(request),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) return reply.log.error({ ...line, err: error }, 'request failed');
    const level: Level = line.status < 300 && PROBES.includes(line.route) ? 'debug' : 'info';
    if (this.write === null) this.write = directWriter(request.server.log);
    if (this.write) this.write(request.id, line, level);
    else reply.log[level](line, 'request');
  }
}
