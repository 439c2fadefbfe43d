import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { logPrivacyOptions } from './redact.js';

export type Logger = FastifyBaseLogger;

/**
 * The process's log: JSON lines on standard output, written asynchronously (a line waits only while the
 * previous write is in flight, so a busy instance writes many lines per system call instead of one each, and a
 * quiet one writes at once; pino flushes what is pending when the process exits), with secrets and personal
 * data removed.
 */
export function createLogger(level: string): Logger {
  return pino({ level, ...logPrivacyOptions() }, pino.destination({ dest: 1, sync: false }));
}
