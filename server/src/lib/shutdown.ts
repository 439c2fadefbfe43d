import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connection.js';

/**
 * Closes an instance: its background work first, while the listener still answers (a fulfilment under way
 * calls the operator's systems, in sandbox mode the sandbox on this listener: closed first, a paid payment
 * ended refunded), then the listener, then the database.
 */
export async function closeInstance(app: FastifyInstance, db: Pick<Database, 'close'>): Promise<void> {
  await app.stopBackgroundWork();
  await app.close();
  await db.close();
}
