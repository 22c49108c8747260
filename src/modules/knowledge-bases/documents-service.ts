import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/openapi.js';
import type { Config } from '../../config.js';
import { translateUniqueViolation } from '../../db/errors.js';
import type { Db, Knex } from '../../db/knex.js';
import type { PageRequest } from '../../db/pagination.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import type { Principal } from '../identity/principal.js';
import { findOrNotFound } from './access.js';
import { contentErrors } from './content-validation.js';
import {
  DOCUMENT_ID_UNIQUE,
  type DocumentChanges,
  type DocumentRow,
  deleteDocument,
  findDocument,
  insertDocuments,
  listDocuments,
  updateDocument,
} from './documents-repository.js';
import { embeddingProviderFor, embedPrepared, prepareText } from './indexer.js';
import { presentDocument } from './present.js';
import { bumpContentVersion, type KnowledgeBaseRow } from './repository.js';

type CreateInput = components['schemas']['KnowledgeBaseDocumentCreate'];
type UpdateInput = components['schemas']['KnowledgeBaseDocumentUpdate'];

function documentNotFound(): NotFoundError {
  return new NotFoundError('Document not found');
}

async function findDocumentOrNotFound(db: Db, knowledgeBase: KnowledgeBaseRow, key: string): Promise<DocumentRow> {
  const row = await findDocument(db, knowledgeBase.id, key);
  if (!row) throw documentNotFound();
  return row;
}

function assertValidContent(knowledgeBase: KnowledgeBaseRow, content: unknown): void {
  const errors = contentErrors(knowledgeBase.schema, content);
  if (errors.length) throw new ValidationError(errors);
}

/** The indexed text of `content`, embedded unless `embed` is false. */
async function indexContent(
  config: Config,
  knowledgeBase: KnowledgeBaseRow,
  content: Record<string, unknown>,
  embed: boolean,
) {
  const prepared = prepareText(content, knowledgeBase.indexing_preferences);
  if (!embed) return { text: prepared.text, embedding: null, embeddingDimensions: null };
  const provider = embeddingProviderFor(knowledgeBase.indexing_preferences, config);
  const [embedded] = await embedPrepared(provider, [prepared]);
  return {
    text: prepared.text,
    embedding: embedded?.embedding ?? null,
    embeddingDimensions: embedded?.embeddingDimensions ?? null,
  };
}

export async function listDocumentsOf(
  db: Db,
  principal: Principal,
  knowledgeBaseId: string,
  filter: { search: string | undefined; documentId: string | undefined },
  page: PageRequest,
) {
  const knowledgeBase = await findOrNotFound(db, principal, knowledgeBaseId);
  const { rows, total } = await listDocuments(db, knowledgeBase.id, filter, page);
  return { data: rows.map((row) => presentDocument(row)), pagination: { total, page: page.page, limit: page.limit } };
}

/**
 * Adds one document. Unlike bulk upload (where a re-sent documentId updates), a documentId
 * that is already stored answers 409: update it with PUT.
 */
export async function createDocument(
  knex: Knex,
  config: Config,
  principal: Principal,
  knowledgeBaseId: string,
  input: CreateInput,
) {
  const knowledgeBase = await findOrNotFound(knex, principal, knowledgeBaseId);
  assertValidContent(knowledgeBase, input.content);
  const indexed = await indexContent(config, knowledgeBase, input.content, input.generateEmbedding ?? true);
  // The Node SDK has no documentId field and the Python SDK makes it optional: quire names the
  // document then, and the answer carries the name.
  const documentId = input.documentId ?? randomUUID();
  const document = { documentId, content: input.content, metadata: input.metadata ?? {}, ...indexed };
  return knex.transaction(async (trx) => {
    const [stored] = await translateUniqueViolation(
      () => insertDocuments(trx, knowledgeBase.id, [document], 'fail'),
      DOCUMENT_ID_UNIQUE,
      `A document with documentId "${documentId}" already exists in this knowledge base`,
    );
    await bumpContentVersion(trx, knowledgeBase.id);
    return presentDocument(await findDocumentOrNotFound(trx, knowledgeBase, stored?.id as string));
  });
}

export async function getDocument(db: Db, principal: Principal, knowledgeBaseId: string, key: string) {
  const knowledgeBase = await findOrNotFound(db, principal, knowledgeBaseId);
  return presentDocument(await findDocumentOrNotFound(db, knowledgeBase, key));
}

/**
 * Partial update of content and metadata. New content is validated against the schema and
 * always re-indexed (its old embedding would describe other text); `regenerateEmbedding: true`
 * re-embeds the stored content too, e.g. after the embedding endpoint changed its model.
 */
export async function updateDocumentByKey(
  knex: Knex,
  config: Config,
  principal: Principal,
  knowledgeBaseId: string,
  key: string,
  input: UpdateInput,
) {
  if (input.content === undefined && input.metadata === undefined && input.regenerateEmbedding !== true) {
    throw new ValidationError(['body: send content, metadata or regenerateEmbedding: true']);
  }
  const knowledgeBase = await findOrNotFound(knex, principal, knowledgeBaseId);
  const current = await findDocumentOrNotFound(knex, knowledgeBase, key);
  if (input.content !== undefined) assertValidContent(knowledgeBase, input.content);
  const changes: DocumentChanges = {};
  if (input.content !== undefined) changes.content = input.content;
  if (input.metadata !== undefined) changes.metadata = input.metadata;
  if (input.content !== undefined || input.regenerateEmbedding === true) {
    changes.indexed = await indexContent(config, knowledgeBase, input.content ?? current.content, true);
  }
  return knex.transaction(async (trx) => {
    const updated = await updateDocument(trx, current.id, changes);
    // Deleted meanwhile: nothing was updated, answer like any missing document.
    if (!updated) throw documentNotFound();
    await bumpContentVersion(trx, knowledgeBase.id);
    return presentDocument(updated);
  });
}

export async function deleteDocumentByKey(knex: Knex, principal: Principal, knowledgeBaseId: string, key: string) {
  const knowledgeBase = await findOrNotFound(knex, principal, knowledgeBaseId);
  return knex.transaction(async (trx) => {
    const current = await findDocumentOrNotFound(trx, knowledgeBase, key);
    await deleteDocument(trx, current.id);
    await bumpContentVersion(trx, knowledgeBase.id);
    return { id: current.id, deleted: true as const };
  });
}
