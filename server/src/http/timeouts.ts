import type { Config } from '../config.js';

/**
 * Node's server time limits (docs/decisions/0065): a request, headers and body, must arrive within
 * `requestTimeoutMs` (a client dribbling its body is answered 408 and closed), a connection idle in both
 * directions for `connectionTimeoutMs` is closed, and an idle keep-alive connection is closed sooner. Node
 * checks the request limit every `connectionsCheckingInterval`, so that is kept short.
 */
export function timeoutOptions(config: Pick<Config, 'timeouts'>) {
  const { requestTimeoutMs, connectionTimeoutMs } = config.timeouts;
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: connectionTimeoutMs,
    keepAliveTimeout: Math.min(5_000, connectionTimeoutMs),
    http: {
      headersTimeout: Math.min(10_000, requestTimeoutMs),
      connectionsCheckingInterval: Math.min(1_000, requestTimeoutMs),
    },
  };
}
