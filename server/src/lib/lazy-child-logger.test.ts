import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger } from './lazy-child-logger.js';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

describe("a request's lazy logger", () => {
  it('makes no child until the request logs', () => {
    const { log } = capturingLogger();
    const child = vi.spyOn(log, 'child');
    lazyChildLogger(log, { reqId: 'r-1' }, {});
    expect(child).not.toHaveBeenCalled();
  });

  it("writes with the request's bindings, making the child once", () => {
    const { log, lines } = capturingLogger();
    const child = vi.spyOn(log, 'child');
    const requestLog = lazyChildLogger(log, { reqId: 'r-2' }, {});
    requestLog.error({ err: new Error('upstream down') }, 'request failed');
    requestLog.info('second');
    requestLog.debug('below the level');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 50, reqId: 'r-2', msg: 'request failed' });
    expect(lines[0]!['err']).toMatchObject({ message: 'upstream down' });
    expect(lines[1]).toMatchObject({ level: 30, reqId: 'r-2', msg: 'second' });
  });

  it('makes no child for a line below the level, unless the route sets a level of its own', () => {
    const { log, lines } = capturingLogger();
    const child = vi.spyOn(log, 'child');
    lazyChildLogger(log, { reqId: 'r-4' }, {}).debug('below the level');
    expect(child).not.toHaveBeenCalled();
    lazyChildLogger(log, { reqId: 'r-5' }, { level: 'debug' }).debug('the route logs at debug');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([expect.objectContaining({ reqId: 'r-5', msg: 'the route logs at debug' })]);
  });

  it("follows a route's own level, and makes grandchildren with both bindings", () => {
    const { log, lines } = capturingLogger();
    const requestLog = lazyChildLogger(log, { reqId: 'r-3' }, { level: 'warn' });
    expect(requestLog.level).toBe('warn');
    requestLog.info('not written');
    requestLog.child({ step: 'verify' }).warn('written');
    expect(lines).toEqual([expect.objectContaining({ reqId: 'r-3', step: 'verify', msg: 'written' })]);
  });
});
