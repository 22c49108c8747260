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
import { documentIdProblem } from './document-id.js';
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
import { type IndexedText, indexContents } from './indexer.js';
import { changesIndexing, type IndexingPreferences } from './indexing-preferences.js';
import { presentDocument } from './present.js';
import type { KnowledgeBaseRow } from './repository.js';
import { writeDocuments } from './write-documents.js';

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
  preferences: IndexingPreferences,
  content: Record<string, unknown>,
  embed: boolean,
): Promise<IndexedText> {
  const [indexed] = await indexContents(config, preferences, [{ content, embed }]);
  return indexed!;
}

/**
 * `indexed` (content indexed before the transaction under `used`), or the content indexed again
 * when a re-index changed the base's preferences meanwhile: a base never mixes two settings.
 */
async function indexedUnder(
  config: Config,
  used: IndexingPreferences,
  current: IndexingPreferences | undefined,
  document: { content: Record<string, unknown>; embed: boolean; indexed: IndexedText },
): Promise<IndexedText> {
  if (!current || !changesIndexing(used, current)) return document.indexed;
  return indexContent(config, current, document.content, document.embed);
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
  // The Node SDK has no documentId field and the Python SDK makes it optional: quire names the
  // document then, and the answer carries the name.
  const documentId = input.documentId ?? randomUUID();
  const idProblem = documentIdProblem(documentId);
  if (idProblem !== null) throw new ValidationError([idProblem]);
  assertValidContent(knowledgeBase, input.content);
  const used = knowledgeBase.indexing_preferences;
  const embed = input.generateEmbedding ?? true;
  const indexed = await indexContent(config, used, input.content, embed);
  return writeDocuments(knex, knowledgeBase.id, async (trx, current) => {
    const document = {
      documentId,
      content: input.content,
      metadata: input.metadata ?? {},
      ...(await indexedUnder(config, used, current, { content: input.content, embed, indexed })),
    };
    const [stored] = await translateUniqueViolation(
      () => insertDocuments(trx, knowledgeBase.id, [document], 'fail'),
      DOCUMENT_ID_UNIQUE,
      `A document with documentId "${documentId}" already exists in this knowledge base`,
    );
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
  const used = knowledgeBase.indexing_preferences;
  const content = input.content ?? current.content;
  const indexed =
    input.content !== undefined || input.regenerateEmbedding === true
      ? await indexContent(config, used, content, true)
      : null;
  return writeDocuments(knex, knowledgeBase.id, async (trx, preferences) => {
    const write = indexed
      ? { ...changes, indexed: await indexedUnder(config, used, preferences, { content, embed: true, indexed }) }
      : changes;
    const updated = await updateDocument(trx, current.id, write);
    // Deleted meanwhile: nothing was updated, answer like any missing document.
    if (!updated) throw documentNotFound();
    return presentDocument(updated);
  });
}

export async function deleteDocumentByKey(knex: Knex, principal: Principal, knowledgeBaseId: string, key: string) {
  const knowledgeBase = await findOrNotFound(knex, principal, knowledgeBaseId);
  return writeDocuments(knex, knowledgeBase.id, async (trx) => {
    const current = await findDocumentOrNotFound(trx, knowledgeBase, key);
    await deleteDocument(trx, current.id);
    return { id: current.id, deleted: true as const };
  });
}
