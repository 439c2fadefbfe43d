import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, UpstreamError } from './http.js';

/**
 * The adapters' HTTP client sorts every outcome the way payment code needs it: an answer, a final refusal
 * (4xx, with its body), a failure to retry (5xx), or an indeterminate one (time-out, no connection, an answer
 * cut off) - never a half answer taken for a whole one.
 */
describe('upstream HTTP client', () => {
  let server: Server;
  let base = '';
  const seen: { method?: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse, body: string) => void> = {
    '/echo': (req, res, body) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ method: req.method, body: body ? JSON.parse(body) : null }));
    },
    '/refused': (_req, res) => {
      res.statusCode = 409;
      res.end(JSON.stringify({ code: 'OPERATION_EXPIRED' }));
    },
    '/broken': (_req, res) => {
      res.statusCode = 503;
      res.end('down');
    },
    '/slow': (_req, res) => void setTimeout(() => res.end('{}'), 1_000),
    '/cut': (_req, res) => {
      res.setHeader('content-length', '1000');
      res.write('{"partial":');
      setTimeout(() => res.socket?.destroy(), 50);
    },
    '/xml': (_req, res) => res.end('<API3G><Result>000</Result></API3G>'),
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, headers: req.headers, body });
        routes[req.url ?? '']!(req, res, body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const client = (timeoutMs = 500) =>
    createHttpClient({ service: 'test', baseUrl: () => base, timeoutMs, headers: () => ({ 'x-key': 'k' }) });
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => expect.unreachable('the call should have failed'),
      (error: unknown) => error as UpstreamError,
    );

  it('sends JSON with its headers and parses the JSON answer, over one kept-alive connection', async () => {
    const http = client();
    expect(await http('POST', '/echo', { amountKobo: 5 })).toEqual({
      method: 'POST',
      body: { amountKobo: 5 },
    });
    expect(await http('GET', '/echo')).toEqual({ method: 'GET', body: null });
    const [post, get] = seen.slice(-2);
    expect(post!.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
      'x-key': 'k',
    });
    expect(get!.headers['content-type']).toBeUndefined();
    expect(get!.headers.connection).toBe('keep-alive');
  });

  it('gives a 4xx as a final refusal with its body, a 5xx as a failure to retry', async () => {
    const refused = await failure(client()('POST', '/refused', {}));
    expect(refused).toMatchObject({ kind: 'client', status: 409, body: { code: 'OPERATION_EXPIRED' } });
    expect(refused.indeterminate).toBe(false);
    const broken = await failure(client()('GET', '/broken'));
    expect(broken).toMatchObject({ kind: 'server', status: 503, body: 'down' });
    expect(broken.indeterminate).toBe(true);
  });

  it("gives up at the time-out, the call's own when shorter, as indeterminate", async () => {
    const started = Date.now();
    const late = await failure(client(5_000)('GET', '/slow', undefined, {}, { timeoutMs: 150 }));
    expect(late).toMatchObject({ kind: 'timeout' });
    expect(late.indeterminate).toBe(true);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('takes an answer cut off midway, or no connection at all, as indeterminate', async () => {
    const cut = await failure(client()('GET', '/cut'));
    expect(cut.indeterminate).toBe(true);
    const nowhere = createHttpClient({
      service: 'test',
      baseUrl: () => 'http://127.0.0.1:1',
      timeoutMs: 500,
    });
    const refused = await failure(nowhere('GET', '/echo'));
    expect(refused).toMatchObject({ kind: 'network' });
    // The log says why, not only that it failed.
    expect(refused.message).toBe('test GET /echo: unreachable (ECONNREFUSED)');
  });

  it('sends a GET again on a new connection when the kept one was closed meanwhile, never a POST', async () => {
    // A provider that answers the first request of a connection and resets the connection at the second, as
    // one that idled the connection out just as it was reused.
    const requests: string[] = [];
    const sockets: Socket[] = [];
    const provider = createTcpServer((socket) => {
      sockets.push(socket);
      let answered = 0;
      socket.on('data', (chunk: Buffer) => {
        for (const line of chunk
          .toString()
          .split('\r\n')
          .filter((l) => / HTTP\/1\.1$/.test(l))) {
          requests.push(line);
          if (answered++ > 0) return void socket.resetAndDestroy();
          socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
        }
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const port = (provider.address() as AddressInfo).port;
    const http = createHttpClient({
      service: 'test',
      baseUrl: () => `http://127.0.0.1:${port}`,
      timeoutMs: 500,
    });
    try {
      await http('GET', '/a');
      expect(await http('GET', '/b')).toEqual({});
      expect(requests).toEqual(['GET /a HTTP/1.1', 'GET /b HTTP/1.1', 'GET /b HTTP/1.1']);
      expect(sockets).toHaveLength(2);

      const refused = await failure(http('POST', '/c', {}));
      expect(refused).toMatchObject({ kind: 'network' });
      expect(requests.filter((r) => r.startsWith('POST'))).toEqual(['POST /c HTTP/1.1']);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => provider.close(resolve));
    }
  });

  it('keeps a text answer as text for a provider that speaks XML', async () => {
    const xml = createHttpClient({
      service: 'dpo',
      baseUrl: () => base,
      timeoutMs: 500,
      text: { contentType: 'application/xml', accept: 'application/xml' },
    });
    expect(await xml('POST', '/xml', '<API3G/>')).toBe('<API3G><Result>000</Result></API3G>');
    expect(seen.at(-1)).toMatchObject({ body: '<API3G/>', headers: { 'content-type': 'application/xml' } });
  });
});
