import type { Knex } from 'knex';
import * as identity from './001-identity.js';
import * as documentTypes from './002-document-types.js';
import * as conversionSpec from './003-document-type-conversion-spec.js';
import * as stepsAndExecutions from './004-steps-and-executions.js';
import * as knowledgeBases from './005-knowledge-bases.js';
import * as jobsDocumentsEvents from './006-jobs-documents-events.js';
import * as webhooks from './007-webhooks.js';
import * as executionFieldEvidence from './008-execution-field-evidence.js';
import * as fairJobsDeliveryWaiters from './009-fair-jobs-delivery-waiters.js';
import * as retention from './010-retention.js';
import * as knowledgeBaseSyncs from './011-knowledge-base-syncs.js';
import * as executionWebhookUrl from './012-execution-webhook-url.js';
import * as credentialsChangedNotify from './013-credentials-changed-notify.js';
import * as knowledgeBaseDocumentVersions from './014-knowledge-base-document-versions.js';
import * as dropKnowledgeBaseSearchGin from './015-drop-knowledge-base-search-gin.js';
import * as hotExecutionStatusUpdates from './016-hot-execution-status-updates.js';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/**
 * Migrations are history: append new ones, never edit one that has landed. They are listed here
 * rather than discovered on disk so they load the same way under Node, tsx and Deno.
 */
const migrations: ReadonlyArray<readonly [string, Migration]> = [
  ['001-identity', identity],
  ['002-document-types', documentTypes],
  ['003-document-type-conversion-spec', conversionSpec],
  ['004-steps-and-executions', stepsAndExecutions],
  ['005-knowledge-bases', knowledgeBases],
  ['006-jobs-documents-events', jobsDocumentsEvents],
  ['007-webhooks', webhooks],
  ['008-execution-field-evidence', executionFieldEvidence],
  ['009-fair-jobs-delivery-waiters', fairJobsDeliveryWaiters],
  ['010-retention', retention],
  ['011-knowledge-base-syncs', knowledgeBaseSyncs],
  ['012-execution-webhook-url', executionWebhookUrl],
  ['013-credentials-changed-notify', credentialsChangedNotify],
  ['014-knowledge-base-document-versions', knowledgeBaseDocumentVersions],
  ['015-drop-knowledge-base-search-gin', dropKnowledgeBaseSearchGin],
  ['016-hot-execution-status-updates', hotExecutionStatusUpdates],
];

export const migrationSource: Knex.MigrationSource<readonly [string, Migration]> = {
  getMigrations: async () => [...migrations],
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};
