import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { createLineBatch } from './line-batch.js';
import { logPrivacyOptions } from './redact.js';

export type Logger = FastifyBaseLogger;

/**
 * The process's log: JSON lines on standard output, with secrets and personal data removed. The lines of one
 * turn of the event loop go out in one synchronous write when the turn ends (lib/line-batch.ts): a busy
 * instance writes many lines per system call, a quiet one at once, and no line waits in memory for a write in
 * flight. As with pino's default destination, a log reader that stops reading blocks the process rather than
 * letting held lines grow without bound (docs/decisions/0060).
 */
export function createLogger(level: string): Logger {
  return pino({ level, ...logPrivacyOptions() }, createLineBatch(pino.destination({ dest: 1, sync: true })));
}
