import type { Config } from '../../config.js';
import { failSync, runSync, type SyncJobPayload } from '../../modules/knowledge-bases/sync.js';
import type { JobKind } from '../types.js';

/**
 * One knowledge-base sync (src/modules/knowledge-bases/sync.ts): re-indexing is CPU work
 * (text preparation, local embeddings), so it runs on the `cpu` queue. Its result and the job's
 * completion commit together.
 */
export function syncKnowledgeBaseJob(config: Pick<Config, 'embeddings'>): JobKind<SyncJobPayload> {
  return {
    queue: 'cpu',
    maxAttempts: 3,
    run: (payload, context) => context.complete((trx) => runSync(trx, config, payload.syncId)),
    onTerminalFailure: (payload, error, trx) => failSync(trx, payload.syncId, error.message),
  };
}
