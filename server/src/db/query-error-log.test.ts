import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorEnvelope } from '../http/error-envelope.js';
import { logPrivacyOptions } from '../lib/redact.js';
import { repeatedErrorLog } from '../lib/repeated-errors.js';
import { testDatabases } from '../test/harness.js';
import { openDatabase, type Database } from './connection.js';

/** Values no line scrub recognises (a name, a six-digit code), bound to queries that fail. */
const NAME = 'Chinedu Okafor';
const CODE = '482913';

function captured() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino({ level: 'debug', ...logPrivacyOptions() }, sink), lines };
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('the query did not fail');
}

describe.each(testDatabases())('a failed query in the log (%s)', (kind) => {
  let db: Database;
  const table = `people_${randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    db = await openDatabase(kind === 'postgres' ? { databaseUrl: process.env['TEST_DATABASE_URL'] } : {});
    await db.sql.query(`create table ${table} (id int primary key, name text unique, code int)`);
    await db.sql.query(`insert into ${table} values (1, $1, 1)`, [NAME]);
  }, 60_000);
  afterAll(async () => {
    await db?.sql.query(`drop table if exists ${table}`);
    await db?.close();
  });

  /** A unique violation through the ORM: drizzle's error names the values, the database's names the key. */
  const duplicate = () =>
    failure(() =>
      db.orm.execute(sql`insert into ${sql.identifier(table)} (id, name, code) values (2, ${NAME}, ${CODE})`),
    );
  /** A value the column cannot take: the database's message quotes it. */
  const badInput = () =>
    failure(() =>
      db.sql.query(`insert into ${table} (id, name, code) values (3, $1, $2)`, ['x', `${CODE}x`]),
    );

  function expectNoValues(lines: string[]) {
    const out = lines.join('');
    expect(out).not.toContain(NAME);
    // As a whole number only: a line's time in milliseconds can hold the same six digits.
    expect(out).not.toMatch(new RegExp(`(?<![0-9.])${CODE}(?![0-9])`));
  }

  it('keeps the statement, the code and the message, never the values, however it is logged', async () => {
    const { log, lines } = captured();
    const error = await duplicate();
    log.error({ err: error }, 'request failed');
    log.error(error as Error);
    log.error({ err: error });
    log.warn({ err: error }, (error as Error).message);
    log.error({ failure: { attempt: 1, error } }, 'nested');
    // pg-boss hands a failed job's error on as a copy of its fields.
    log.error({
      err: { ...(error as object), message: (error as Error).message, stack: (error as Error).stack },
    });
    repeatedErrorLog(log, 'job queue error')(error);
    log.error({ err: await badInput() }, 'bad input');

    expectNoValues(lines);
    const first = JSON.parse(lines[0]!) as { err: Record<string, unknown> };
    expect(first.err).toMatchObject({
      type: 'DrizzleQueryError',
      query: expect.stringContaining('(id, name, code) values (2, $1, $2)'),
      cause: { code: '23505', constraint: `${table}_name_key` },
    });
    expect(first.err['message']).toContain(
      `duplicate key value violates unique constraint "${table}_name_key"`,
    );
    const last = JSON.parse(lines.at(-1)!) as { err: Record<string, unknown> };
    expect(last.err).toMatchObject({ code: '22P02' });
    expect(last.err['message']).toContain('invalid input syntax for type integer');
  });

  it('a request that fails on a query logs no value', async () => {
    const { log, lines } = captured();
    const app = Fastify({ loggerInstance: log as FastifyBaseLogger });
    registerErrorEnvelope(app);
    app.get('/x', async () =>
      db.orm.execute(sql`insert into ${sql.identifier(table)} values (2, ${NAME}, ${CODE})`),
    );
    const answer = await app.inject({ method: 'GET', url: '/x' });
    await app.close();
    expect(answer.statusCode).toBe(500);
    expectNoValues([...lines, answer.body]);
    expect(lines.join('')).toContain('23505');
  });
});
