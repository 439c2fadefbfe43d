import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection.js';

const URL = process.env['TEST_DATABASE_URL'];

/** The statements this connection holds prepared, by their text. */
async function preparedOn(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>(
    'select statement from pg_prepared_statements order by statement',
  );
  return rows.map((r) => r.statement);
}

describe.skipIf(!URL)('statements on PostgreSQL', () => {
  it('are prepared once per connection when they take parameters, then only bound', async () => {
    const db = await openDatabase({ databaseUrl: URL, poolSize: 1 });
    const pool = db.sql as pg.Pool;
    try {
      const first = await pool.query<{ n: number }>('select $1::int + 1 as n', [1]);
      const again = await pool.query<{ n: number }>('select $1::int + 1 as n', [41]);
      expect([first.rows[0]!.n, again.rows[0]!.n]).toEqual([2, 42]);
      await db.orm.execute(sql`select ${'a'}::text || 'b' as s`);
      const client = await pool.connect();
      try {
        // One connection in the pool: each statement with parameters was prepared on it once.
        expect(await preparedOn(client)).toEqual(['select $1::int + 1 as n', "select $1::text || 'b' as s"]);
      } finally {
        client.release();
      }
    } finally {
      await db.close();
    }
  });

  it("pass through pg's own query as it is at the call, so a recorder wrapped around it later sees them", async () => {
    const db = await openDatabase({ databaseUrl: URL, poolSize: 1 });
    const own = pg.Client.prototype.query;
    const seen: unknown[] = [];
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      seen.push(args[0]);
      return (own as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof own;
    try {
      await (db.sql as pg.Pool).query('select $1::int * 2 as n', [21]);
      expect(seen).toContainEqual(expect.objectContaining({ text: 'select $1::int * 2 as n', values: [21] }));
    } finally {
      pg.Client.prototype.query = own;
      await db.close();
    }
  });

  it('leave statements without parameters unnamed, and recover from a statement that fails', async () => {
    const db = await openDatabase({ databaseUrl: URL, poolSize: 1 });
    const pool = db.sql as pg.Pool;
    try {
      await pool.query('select 1');
      await expect(pool.query('select $1::int from no_such_table', [1])).rejects.toThrow(/no_such_table/);
      await expect(pool.query('select $1::int from no_such_table', [1])).rejects.toThrow(/no_such_table/);
      expect((await pool.query<{ n: number }>('select $1::int as n', [7])).rows[0]!.n).toBe(7);
      const client = await pool.connect();
      try {
        expect(await preparedOn(client)).toEqual(['select $1::int as n']);
      } finally {
        client.release();
      }
    } finally {
      await db.close();
    }
  });
});
