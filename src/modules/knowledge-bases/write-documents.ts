import type { Knex } from '../../db/knex.js';
import { retryOnConflict } from '../../db/retry-on-conflict.js';
import type { IndexingPreferences } from './indexing-preferences.js';
import { bumpContentVersion } from './repository.js';

/**
 * Runs a document write's transaction, again on a deadlock or serialization failure. Its first
 * statement locks the base (bumpContentVersion), so every writer takes the base, then its
 * documents. `write` receives the indexing preferences the lock found.
 */
export function writeDocuments<T>(
  knex: Knex,
  knowledgeBaseId: string,
  write: (trx: Knex.Transaction, preferences: IndexingPreferences | undefined) => Promise<T>,
): Promise<T> {
  return retryOnConflict(() =>
    knex.transaction(async (trx) => write(trx, await bumpContentVersion(trx, knowledgeBaseId))),
  );
}
