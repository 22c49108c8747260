import type { Knex } from '../../db/knex.js';
import { retryOnConflict } from '../../db/retry-on-conflict.js';
import type { IndexingPreferences } from './indexing-preferences.js';
import { bumpContentVersion } from './repository.js';

/**
 * Runs a document write's transaction, again on a deadlock or serialization failure. Its first
 * statement touching shared rows locks the base (bumpContentVersion), so every writer takes the
 * base, then its documents. `prepare` runs before that lock, in the same transaction, for work
 * that touches no shared row (stageDocuments); `write` receives the indexing preferences the
 * lock found.
 */
export function writeDocuments<T>(
  knex: Knex,
  knowledgeBaseId: string,
  write: (trx: Knex.Transaction, preferences: IndexingPreferences | undefined) => Promise<T>,
  prepare?: (trx: Knex.Transaction) => Promise<void>,
): Promise<T> {
  return retryOnConflict(() =>
    knex.transaction(async (trx) => {
      await prepare?.(trx);
      return write(trx, await bumpContentVersion(trx, knowledgeBaseId));
    }),
  );
}
