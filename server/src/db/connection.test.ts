import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection.js';

describe.skipIf(!process.env['TEST_DATABASE_URL'])('database pool errors', () => {
  it('are handed to the listener (the app logs them), never swallowed nor fatal', async () => {
    const db = await openDatabase({ databaseUrl: process.env['TEST_DATABASE_URL'], poolSize: 1 });
    const seen: string[] = [];
    db.onError((error) => seen.push(error.message));
    (db.sql as pg.Pool).emit('error', new Error('terminating connection due to administrator command'));
    expect(seen).toEqual(['terminating connection due to administrator command']);
    await db.ping();
    await db.close();
  });

  it("names its connections, so an operator tells the portal's apart in pg_stat_activity", async () => {
    const db = await openDatabase({ databaseUrl: process.env['TEST_DATABASE_URL'], poolSize: 1 });
    try {
      const { rows } = await (db.sql as pg.Pool).query<{ name: string }>(
        'select application_name as name from pg_stat_activity where pid = pg_backend_pid()',
      );
      expect(rows[0]?.name).toBe('selfcare-portal');
    } finally {
      await db.close();
    }
  });

  it('a connection cut while a transaction holds it fails that transaction, not the process', async () => {
    const db = await openDatabase({ databaseUrl: process.env['TEST_DATABASE_URL'], poolSize: 2 });
    const pool = db.sql as pg.Pool;
    const client = await pool.connect();
    await client.query('BEGIN');
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const ended = new Promise((resolve) => client.once('end', resolve));
    // Cut between two statements, as a database restart does: the message arrives while no query runs.
    const admin = new pg.Client({ connectionString: process.env['TEST_DATABASE_URL'] });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
    await ended;
    await expect(client.query('select 1')).rejects.toThrow();
    client.release(true);
    await db.ping();
    await db.close();
  });
});

describe('the embedded database', () => {
  it('lets the event loop turn between queued statements: a timer does not wait for a burst of reads', async () => {
    const db = await openDatabase({});
    const client = db.sql as { query: (text: string, params?: unknown[]) => Promise<unknown> };
    try {
      let finished = 0;
      let finishedWhenTimerFired: number | undefined;
      setTimeout(() => (finishedWhenTimerFired = finished), 0);
      await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          client.query('select $1::int as n', [i]).then(() => finished++),
        ),
      );
      // Without the yield the timer fired only once all 200 were done.
      expect(finishedWhenTimerFired).toBeDefined();
      expect(finishedWhenTimerFired).toBeLessThan(20);
    } finally {
      await db.close();
    }
  });
});
