/**
 * JSON over HTTP for the adapters (or text, for providers that speak XML). Failures are sorted the way
 * payment code needs them:
 * - `timeout`/`network`: indeterminate - the other side may have acted; re-query, never assume failure;
 * - `server` (5xx): retry later;
 * - `client` (4xx): final answer of the provider, with its body.
 */
export type UpstreamFailureKind = 'timeout' | 'network' | 'server' | 'client';

export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamFailureKind,
    readonly service: string,
    readonly status: number | undefined,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }

  get indeterminate(): boolean {
    return this.kind === 'timeout' || this.kind === 'network' || this.kind === 'server';
  }
}

export type HttpClient = <T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
  /** A shorter time-out for this call (work to a deadline); never longer than the client's. */
  call?: { timeoutMs?: number },
) => Promise<T>;

export function createHttpClient(options: {
  service: string;
  baseUrl: () => string;
  timeoutMs: number;
  headers?: () => Record<string, string>;
  /**
   * A provider that does not speak JSON (DPO speaks XML): string bodies are sent as they are with this
   * content type, and answers come back as their text, unparsed.
   */
  text?: { contentType: string; accept: string };
}): HttpClient {
  const text = options.text;
  return async <T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    call: { timeoutMs?: number } = {},
  ) => {
    const url = `${options.baseUrl()}${path}`;
    const timeoutMs = Math.max(1, Math.min(call.timeoutMs ?? options.timeoutMs, options.timeoutMs));
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          accept: text?.accept ?? 'application/json',
          ...(body === undefined ? {} : { 'content-type': text?.contentType ?? 'application/json' }),
          ...options.headers?.(),
          ...headers,
        },
        body: body === undefined ? undefined : text ? String(body) : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new UpstreamError(
        timedOut ? 'timeout' : 'network',
        options.service,
        undefined,
        undefined,
        `${options.service} ${method} ${path}: ${timedOut ? 'timed out' : 'unreachable'}`,
      );
    }
    const answer = await response.text().catch(() => '');
    let parsed: unknown = answer;
    if (!text) {
      try {
        parsed = answer ? JSON.parse(answer) : undefined;
      } catch {
        // Not JSON: keep the text for the error.
      }
    }
    if (!response.ok) {
      throw new UpstreamError(
        response.status >= 500 ? 'server' : 'client',
        options.service,
        response.status,
        parsed,
        `${options.service} ${method} ${path}: HTTP ${response.status}`,
      );
    }
    return parsed as T;
  };
}
