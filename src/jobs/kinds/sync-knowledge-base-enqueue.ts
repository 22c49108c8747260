import type { Db } from '../../db/knex.js';
import { enqueueJob } from '../enqueue.js';
import { CPU_QUEUE, type JobKindName } from '../types.js';

/**
 * Runs one knowledge-base sync. On the CPU queue: re-indexing prepares text and may make local
 * embeddings. Three attempts; after the last the sync ends failed.
 */
export const SYNC_KNOWLEDGE_BASE: JobKindName = Object.freeze({
  name: 'sync-knowledge-base',
  queue: CPU_QUEUE,
  maxAttempts: 3,
});

export interface SyncKnowledgeBasePayload {
  readonly syncId: string;
}

/** The run of a sync, in the transaction that records it. */
export async function enqueueSyncKnowledgeBase(db: Db, sync: SyncKnowledgeBasePayload): Promise<void> {
  await enqueueJob(db, {
    kind: SYNC_KNOWLEDGE_BASE.name,
    queue: SYNC_KNOWLEDGE_BASE.queue,
    payload: { syncId: sync.syncId },
  });
}
