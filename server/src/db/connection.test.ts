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
});
