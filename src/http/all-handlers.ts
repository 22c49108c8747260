import type { Config } from '../config.js';
import type { Knex } from '../db/knex.js';
import { documentTypeHandlers } from '../modules/document-types/handlers.js';
import { executionHandlers } from '../modules/executions/handlers.js';
import type { ExecutionWaiter } from '../modules/executions/wait-for-execution.js';
import { knowledgeBaseHandlers } from '../modules/knowledge-bases/handlers.js';
import type { SearchIndexes } from '../modules/knowledge-bases/search.js';
import { retentionHandlers } from '../modules/retention/handlers.js';
import { stepHandlers } from '../modules/steps/handlers.js';
import { systemHandlers } from '../modules/system/handlers.js';
import { webhookHandlers } from '../modules/webhooks/handlers.js';
import { postgresDocumentStorage } from '../storage/postgres-document-storage.js';
import type { HandlerMap } from './handler-types.js';
import type { Metrics } from './metrics.js';

/** Every resource's handlers, keyed by operationId; the router checks them against the contract. */
export function allHandlers(
  db: Knex,
  metrics: Metrics,
  config: Config,
  waiter: ExecutionWaiter,
  indexes: SearchIndexes,
): HandlerMap {
  return {
    ...systemHandlers(db, metrics),
    ...documentTypeHandlers(db),
    ...stepHandlers(db),
    ...knowledgeBaseHandlers(db, config, indexes),
    ...webhookHandlers(db),
    ...retentionHandlers(db),
    ...executionHandlers({ knex: db, config, storage: postgresDocumentStorage, waiter }),
  };
}
