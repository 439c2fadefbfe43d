import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per request: when it completes, with method, route, status and time (Fastify's default writes an
 * "incoming" and a "completed" line with the whole request). Errors keep their context: the error, the route
 * and the request id; not the URL, whose query may carry a number. The server's own calls while it renders a
 * page are not logged (the page request is).
 */
export class OneLineRequestLog extends LogController {
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
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}
