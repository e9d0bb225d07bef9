import type { Db } from './connect.js';

/**
 * Runs fn in a transaction, or directly when db already is one (the demo seeding runs a batch of
 * calls per transaction, which makes it many times faster). Code that can refuse after writing
 * must undo its writes itself in that case (see metering.reserve).
 */
export async function transact<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
