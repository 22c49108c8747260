import type { Config } from '../../config.js';
import { failSync, runSync } from '../../modules/knowledge-bases/sync.js';
import type { JobKind } from '../types.js';
import { SYNC_KNOWLEDGE_BASE, type SyncKnowledgeBasePayload } from './sync-knowledge-base-enqueue.js';

/**
 * One knowledge-base sync (src/modules/knowledge-bases/sync.ts). Its result and the job's
 * completion commit together; after the last attempt the sync ends failed, with the reason.
 */
export function syncKnowledgeBaseJob(config: Pick<Config, 'embeddings'>): JobKind<SyncKnowledgeBasePayload> {
  return {
    queue: SYNC_KNOWLEDGE_BASE.queue,
    maxAttempts: SYNC_KNOWLEDGE_BASE.maxAttempts,
    run: (payload, context) => context.complete((trx) => runSync(trx, config, payload.syncId)),
    onTerminalFailure: (payload, error, trx) => failSync(trx, payload.syncId, error.message),
  };
}
