import net from 'node:net';
import { clientHeaders, PATHS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from '../test/harness.js';

/** Opens a raw connection, writes `head`, then one byte of body every `everyMs`; resolves when it closes. */
function dribble(baseUrl: string, head: string, everyMs: number) {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  const started = Date.now();
  let answer = '';
  let timer: NodeJS.Timeout | undefined;
  socket.on('connect', () => {
    socket.write(head);
    timer = setInterval(() => socket.write('1'), everyMs);
  });
  socket.on('data', (chunk) => (answer += chunk.toString()));
  return new Promise<{ afterMs: number; answer: string }>((resolve) => {
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ afterMs: Date.now() - started, answer });
    });
    socket.on('error', () => undefined);
  });
}

describe('slow clients cannot hold connections (REQUEST_TIMEOUT_MS, CONNECTION_TIMEOUT_MS)', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal('pglite', {
      env: { REQUEST_TIMEOUT_MS: '1500', CONNECTION_TIMEOUT_MS: '3000' },
    });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('closes a connection that dribbles its body, with 408', async () => {
    const headers = Object.entries(clientHeaders(portal.config.clientHeaders))
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const head =
      `POST ${PATHS.sendOtp} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${headers}` +
      'Content-Length: 10000\r\n\r\n';
    const { afterMs, answer } = await dribble(portal.baseUrl, head, 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeGreaterThanOrEqual(1400);
    expect(afterMs).toBeLessThan(4000);
  });

  it('closes a connection that dribbles its headers', async () => {
    const { afterMs } = await dribble(portal.baseUrl, `GET ${PATHS.healthz} HTTP/1.1\r\nX-Slow: `, 100);
    expect(afterMs).toBeLessThan(4000);
  });

  it('still answers a request that arrives in time', async () => {
    expect((await portal.request('GET', PATHS.healthz)).status).toBe(200);
  });
});
