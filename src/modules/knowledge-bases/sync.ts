import type { Config } from '../../config.js';
import { isUuid } from '../../db/ids.js';
import type { Db, Knex } from '../../db/knex.js';
import { NotFoundError } from '../../errors.js';
import { enqueueSyncKnowledgeBase } from '../../jobs/kinds/sync-knowledge-base-enqueue.js';
import type { Principal } from '../identity/principal.js';
import { findOrNotFound } from './access.js';
import { reindexDocuments } from './reindex.js';
import type { KnowledgeBaseRow } from './repository.js';

interface SyncRow {
  id: string;
  knowledge_base_id: string;
  status: 'started' | 'completed' | 'failed';
  force: boolean;
  regenerate_embeddings: boolean;
  documents_processed: number;
  embeddings_generated: number;
  errors: string[];
  started_at: Date;
  completed_at: Date | null;
}

export interface SyncRequest {
  readonly force?: boolean;
  readonly regenerateEmbeddings?: boolean;
  readonly syncExternalSources?: boolean;
}

function presentSync(row: SyncRow) {
  return {
    syncId: row.id,
    status: row.status,
    documentsProcessed: row.documents_processed,
    embeddingsGenerated: row.embeddings_generated,
    errors: row.errors,
    startedAt: row.started_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

/** What embeddings are made with: when this differs from the last completed sync's, a sync re-embeds. */
function embeddingSettingsOf(knowledgeBase: KnowledgeBaseRow, config: Pick<Config, 'embeddings'>) {
  const { embeddingProvider, embeddingModel } = knowledgeBase.indexing_preferences;
  const endpoint = embeddingProvider === 'local' ? null : (config.embeddings?.baseUrl ?? null);
  return { provider: embeddingProvider, model: embeddingModel, endpoint };
}

/** Records a sync and enqueues its job in one transaction; the answer says it started. */
export async function startSync(knex: Knex, principal: Principal, knowledgeBaseId: string, input: SyncRequest) {
  return knex.transaction(async (trx) => {
    const knowledgeBase = await findOrNotFound(trx, principal, knowledgeBaseId);
    const [row] = await trx<SyncRow>('knowledge_base_syncs')
      .insert({
        knowledge_base_id: knowledgeBase.id,
        force: input.force === true,
        regenerate_embeddings: input.regenerateEmbeddings === true,
      })
      .returning('*');
    const sync = row as SyncRow;
    await enqueueSyncKnowledgeBase(trx, { syncId: sync.id });
    return presentSync(sync);
  });
}

export async function getSync(db: Db, principal: Principal, knowledgeBaseId: string, syncId: string) {
  const knowledgeBase = await findOrNotFound(db, principal, knowledgeBaseId);
  const row = isUuid(syncId)
    ? await db<SyncRow>('knowledge_base_syncs').where({ id: syncId, knowledge_base_id: knowledgeBase.id }).first()
    : undefined;
  if (!row) throw new NotFoundError('Sync not found');
  return presentSync(row);
}

/**
 * Runs a sync in the transaction that completes its job: every document's full-text index is
 * rebuilt with the base's current indexing preferences; embeddings are made again when the sync
 * asks (`regenerateEmbeddings` or `force`) or when the embedding settings differ from those of
 * the last completed sync (a first sync counts as changed).
 */
export async function runSync(trx: Knex.Transaction, config: Pick<Config, 'embeddings'>, syncId: string) {
  const sync = await trx<SyncRow>('knowledge_base_syncs').where({ id: syncId }).forUpdate().first();
  if (sync?.status !== 'started') return;
  const knowledgeBase = await trx<KnowledgeBaseRow>('knowledge_bases').where({ id: sync.knowledge_base_id }).first();
  if (!knowledgeBase) return;
  const settings = embeddingSettingsOf(knowledgeBase, config);
  const last = await trx('knowledge_base_syncs')
    .select('embedding_settings')
    .where({ knowledge_base_id: knowledgeBase.id, status: 'completed' })
    .orderBy('completed_at', 'desc')
    .first();
  const previous = last?.embedding_settings as typeof settings | undefined;
  const settingsChanged =
    previous?.provider !== settings.provider ||
    previous.model !== settings.model ||
    previous.endpoint !== settings.endpoint;
  const embed = sync.force || sync.regenerate_embeddings || settingsChanged;
  const counts = await reindexDocuments(trx, config, knowledgeBase, { embed });
  await trx('knowledge_base_syncs')
    .where({ id: syncId })
    .update({
      status: 'completed',
      embedding_settings: JSON.stringify(settings),
      documents_processed: counts.documentsProcessed,
      embeddings_generated: counts.embeddingsGenerated,
      completed_at: trx.fn.now(),
    });
}

/** A sync whose job gave up: failed, with the reason. */
export async function failSync(trx: Db, syncId: string, reason: string): Promise<void> {
  await trx('knowledge_base_syncs')
    .where({ id: syncId, status: 'started' })
    .update({ status: 'failed', errors: JSON.stringify([reason]), completed_at: trx.fn.now() });
}
