import type { Db, Knex } from './knex.js';

/**
 * The new `updated_at` of an updated row. Not now(): that is the transaction's start, and a
 * write that waited for the row lock would stamp a time older than the one it overwrites.
 */
export function touchUpdatedAt(db: Db): Knex.Raw {
  return db.raw('greatest(clock_timestamp(), updated_at)');
}
