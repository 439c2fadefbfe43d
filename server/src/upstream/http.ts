import http from 'node:http';
import https from 'node:https';

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

/**
 * Connections to a provider are kept open and reused. Node's own HTTP client rather than fetch: fetch costs
 * about three times the CPU per call, and the portal makes several upstream calls per payment (decision 0061).
 * No Accept-Encoding is sent: the answers are small JSON, not worth compressing on the way.
 */
const AGENTS = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/**
 * A kept-alive connection that the other side had closed while it sat in the pool: the request met a reset
 * before any answer. The provider idles a connection out on its own clock, so a call can meet one now and then.
 */
class StaleConnection extends Error {
  override name = 'StaleConnection';
}

/** Calls that may be sent again when the first try met a stale connection (the request did not get through). */
const SAFE_TO_RESEND = new Set(['GET', 'PUT', 'DELETE']);

/**
 * One request; rejects with an AbortError when `timeoutMs` passes before the whole answer arrived, with a
 * StaleConnection when a reused connection was reset before any answer, and with the connection's error when it
 * fails or closes before the end of the answer.
 */
function send(
  url: string,
  init: { method: string; headers: Record<string, string>; body: string | undefined; timeoutMs: number },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const signal = AbortSignal.timeout(init.timeoutMs);
    let answered = false;
    const headers =
      init.body === undefined
        ? init.headers
        : { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) };
    const request = (secure ? https : http).request(
      target,
      { method: init.method, headers, agent: AGENTS[secure ? 'https:' : 'http:'], signal },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        let ended = false;
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          ended = true;
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
        response.on('error', reject);
        // Cut off mid-answer (the time-out, a reset): never a half answer taken for a whole one.
        response.on('close', () => {
          if (ended) return;
          const error = new Error('the answer was cut off');
          error.name = signal.aborted ? 'AbortError' : 'Error';
          reject(error);
        });
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      const reset = error.code === 'ECONNRESET' || error.code === 'EPIPE';
      reject(request.reusedSocket && reset && !answered ? new StaleConnection(error.message) : error);
    });
    request.end(init.body);
  });
}

/** Why a connection failed, in the system's words (ECONNREFUSED, ENOTFOUND, ECONNRESET), never the address. */
function causeOf(error: unknown): string {
  return (
    (error as NodeJS.ErrnoException | undefined)?.code ?? (error as Error | undefined)?.name ?? 'unknown'
  );
}

/** A call that met a stale connection goes once more, on a new one, when sending it twice is harmless. */
async function sendAgainIfStale(url: string, request: Parameters<typeof send>[1]) {
  const started = Date.now();
  try {
    return await send(url, request);
  } catch (error) {
    if (!(error instanceof StaleConnection) || !SAFE_TO_RESEND.has(request.method)) throw error;
    return send(url, { ...request, timeoutMs: Math.max(1, request.timeoutMs - (Date.now() - started)) });
  }
}

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
    const request = {
      method,
      headers: {
        accept: text?.accept ?? 'application/json',
        ...(body === undefined ? {} : { 'content-type': text?.contentType ?? 'application/json' }),
        ...options.headers?.(),
        ...headers,
      },
      body: body === undefined ? undefined : text ? String(body) : JSON.stringify(body),
      timeoutMs,
    };
    let response: { status: number; text: string };
    try {
      response = await sendAgainIfStale(url, request);
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new UpstreamError(
        timedOut ? 'timeout' : 'network',
        options.service,
        undefined,
        undefined,
        `${options.service} ${method} ${path}: ${timedOut ? 'timed out' : `unreachable (${causeOf(error)})`}`,
      );
    }
    const answer = response.text;
    let parsed: unknown = answer;
    if (!text) {
      try {
        parsed = answer ? JSON.parse(answer) : undefined;
      } catch {
        // Not JSON: keep the text for the error.
      }
    }
    if (response.status < 200 || response.status > 299) {
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
