import type { components } from '../../../generated/openapi.js';
import type { Config } from '../../config.js';
import { translateUniqueViolation } from '../../db/errors.js';
import type { Db, Knex } from '../../db/knex.js';
import type { Page, PageRequest } from '../../db/pagination.js';
import { retryOnConflict } from '../../db/retry-on-conflict.js';
import { ValidationError } from '../../errors.js';
import { assertValidTypeSchema } from '../../json-schema/json-schema.js';
import type { Principal } from '../identity/principal.js';
import { findOrNotFound } from './access.js';
import { changesIndexing, type IndexingPreferencesInput, resolveIndexingPreferences } from './indexing-preferences.js';
import { presentCreated, presentKnowledgeBase, presentListItem } from './present.js';
import { reindexDocuments } from './reindex.js';
import {
  countDocuments,
  deleteKnowledgeBase,
  insertKnowledgeBase,
  KNOWLEDGE_BASE_NAME_UNIQUE,
  type KnowledgeBaseChanges,
  listKnowledgeBases,
  updateKnowledgeBase,
} from './repository.js';

type CreateInput = components['schemas']['KnowledgeBaseCreate'];
type UpdateInput = components['schemas']['KnowledgeBaseUpdate'];

const DUPLICATE_NAME = 'A knowledge base with this name already exists';

function trimmedName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new ValidationError(['name: must not be empty or only whitespace']);
  return trimmed;
}

/** A knowledge base's schema must compile and describe an object: documents' `content` is one. */
function checkedSchema(schema: Record<string, unknown>): Record<string, unknown> {
  assertValidTypeSchema(schema, 'schema');
  return schema;
}

export async function createKnowledgeBase(db: Db, config: Config, principal: Principal, input: CreateInput) {
  const name = trimmedName(input.name);
  const schema = checkedSchema(input.schema);
  const indexing = resolveIndexingPreferences(input.indexingPreferences as IndexingPreferencesInput, config);
  const row = await translateUniqueViolation(
    () =>
      insertKnowledgeBase(db, {
        organization_id: principal.organizationId,
        created_by: principal.userId,
        name,
        description: input.description,
        schema,
        indexing_preferences: indexing,
        is_active: true,
      }),
    KNOWLEDGE_BASE_NAME_UNIQUE,
    DUPLICATE_NAME,
  );
  return presentCreated(row);
}

export async function listKnowledgeBasesOf(
  db: Db,
  principal: Principal,
  filter: { isActive: boolean; search: string | undefined },
  page: PageRequest,
): Promise<Page<ReturnType<typeof presentListItem>>> {
  const { rows, total } = await listKnowledgeBases(db, principal.organizationId, filter, page);
  return { data: rows.map(presentListItem), pagination: { total, page: page.page, limit: page.limit } };
}

export async function getKnowledgeBase(db: Db, principal: Principal, id: string) {
  const row = await findOrNotFound(db, principal, id);
  return presentKnowledgeBase(row, await countDocuments(db, row.id));
}

const UPDATABLE_FIELDS = ['name', 'description', 'schema', 'indexingPreferences', 'isActive'] as const;

/**
 * Partial update. New indexingPreferences that index differently re-index every stored
 * document in the same transaction, so a base never mixes embeddings of two settings. A new
 * schema applies to documents written from then on; stored documents are not re-validated.
 */
export async function updateKnowledgeBaseById(
  knex: Knex,
  config: Config,
  principal: Principal,
  id: string,
  input: UpdateInput,
) {
  if (!UPDATABLE_FIELDS.some((field) => input[field] !== undefined)) {
    throw new ValidationError([`body: send at least one of ${UPDATABLE_FIELDS.join(', ')}`]);
  }
  const changes: KnowledgeBaseChanges = {};
  if (input.name !== undefined) changes.name = trimmedName(input.name);
  if (input.description !== undefined) changes.description = input.description;
  if (input.schema !== undefined) changes.schema = checkedSchema(input.schema);
  if (input.isActive !== undefined) changes.is_active = input.isActive;
  // Locks the base before its documents, as every document write does; run again on a deadlock.
  return retryOnConflict(() =>
    knex.transaction(async (trx) => {
      const current = await findOrNotFound(trx, principal, id, { forUpdate: true });
      let reindex = false;
      if (input.indexingPreferences !== undefined) {
        const indexing = resolveIndexingPreferences(
          input.indexingPreferences as IndexingPreferencesInput,
          config,
          current.indexing_preferences,
        );
        changes.indexing_preferences = indexing;
        reindex = changesIndexing(current.indexing_preferences, indexing);
      }
      const updated = await translateUniqueViolation(
        () => updateKnowledgeBase(trx, current.id, changes),
        KNOWLEDGE_BASE_NAME_UNIQUE,
        DUPLICATE_NAME,
      );
      if (reindex) await reindexDocuments(trx, config, updated);
      return presentKnowledgeBase(updated, await countDocuments(trx, updated.id));
    }),
  );
}

export async function deleteKnowledgeBaseById(knex: Knex, principal: Principal, id: string) {
  return retryOnConflict(() =>
    knex.transaction(async (trx) => {
      const current = await findOrNotFound(trx, principal, id, { forUpdate: true });
      await deleteKnowledgeBase(trx, current.id);
      return { id: current.id, deleted: true as const };
    }),
  );
}
