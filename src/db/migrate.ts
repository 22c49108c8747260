import type { Knex } from 'knex';
import { migrationSource } from './migrations/index.js';

// Any constant shared by every quire process: serializes concurrent start-ups migrating one database.
const MIGRATION_LOCK_KEY = 7_342_001;

/** Applies every pending migration, each in its own transaction. Returns the names applied. */
export async function migrateToLatest(db: Knex): Promise<string[]> {
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK_KEY]);
    const [, applied] = (await db.migrate.latest({ migrationSource })) as [number, string[]];
    return applied;
  });
}
