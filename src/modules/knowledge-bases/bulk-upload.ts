import type { Config } from '../../config.js';
import type { Knex } from '../../db/knex.js';
import { AppError, PayloadTooLargeError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import type { Principal } from '../identity/principal.js';
import { findOrNotFound } from './access.js';
import { contentErrors } from './content-validation.js';
import { documentIdProblem, MAX_DOCUMENT_ID_LENGTH } from './document-id.js';
import {
  type IndexedDocument,
  insertDocuments,
  insertStagedDocuments,
  stageDocuments,
} from './documents-repository.js';
import { embeddingProviderFor, embedPrepared, indexContents, type PreparedText, prepareText } from './indexer.js';
import { changesIndexing, type IndexingPreferences } from './indexing-preferences.js';
import type { KnowledgeBaseRow } from './repository.js';
import { writeDocuments } from './write-documents.js';

/** The most documents one bulk-upload request may carry; more answers 413. */
export const MAX_BULK_DOCUMENTS = 10_000;
/** Documents per batch: each batch is validated, prepared, embedded and inserted (one transaction) in turn. */
export const BULK_BATCH_SIZE = 500;
/** Batches being inserted at once, each in its own transaction on its own connection. */
const PARALLEL_INSERTIONS = 2;

export type BulkMessage = Record<string, unknown> & { type: string };

/**
 * Everything that can refuse a bulk upload before its stream starts, so the refusal is a plain
 * HTTP error: the caller's role (403), the size of the request (413), the knowledge base (404).
 */
export async function checkBulkUpload(
  knex: Knex,
  config: Config,
  principal: Principal,
  knowledgeBaseId: string,
  documentCount: number,
): Promise<KnowledgeBaseRow> {
  if (documentCount > MAX_BULK_DOCUMENTS) {
    throw new PayloadTooLargeError(
      `A bulk upload takes at most ${MAX_BULK_DOCUMENTS} documents; this one has ${documentCount}. Split it into several requests.`,
    );
  }
  const knowledgeBase = await findOrNotFound(knex, principal, knowledgeBaseId);
  // Fails now (503) rather than in the stream when the base's embedding endpoint is not configured.
  embeddingProviderFor(knowledgeBase.indexing_preferences, config);
  return knowledgeBase;
}

interface ValidDocument {
  readonly index: number;
  readonly documentId: string;
  readonly content: Record<string, unknown>;
  readonly metadata: Record<string, unknown>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The problems of one item (the contract has already made it an object): its documentId and
 * content fields, a documentId repeated within the request, then its content against the schema.
 */
function itemErrors(
  item: Record<string, unknown>,
  schema: Record<string, unknown>,
  seen: Map<string, number>,
): string[] {
  const errors: string[] = [];
  const { documentId, content, metadata } = item;
  if (typeof documentId !== 'string' || documentId.trim() === '') {
    errors.push('documentId: is required (a non-empty string)');
  } else if (documentId.length > MAX_DOCUMENT_ID_LENGTH) {
    errors.push(`documentId: must be at most ${MAX_DOCUMENT_ID_LENGTH} characters`);
  } else if (documentIdProblem(documentId) !== null) {
    errors.push(documentIdProblem(documentId) ?? '');
  } else if (seen.has(documentId)) {
    errors.push(`documentId: "${documentId}" appears earlier in this request (document ${seen.get(documentId)})`);
  }
  if (metadata !== undefined && metadata !== null && !isObject(metadata)) errors.push('metadata: must be an object');
  if (!isObject(content)) errors.push('content: is required (an object)');
  else errors.push(...contentErrors(schema, content));
  return errors;
}

/** What a failed batch tells the client: the message of a known failure, nothing internal otherwise. */
function failureMessage(error: unknown): string {
  // EmbeddingError is one too: its message says which endpoint failed and how.
  if (error instanceof AppError) return error.message;
  return 'Internal server error';
}

/**
 * Runs an accepted bulk upload to its end and reports through `emit`: one progress message per
 * document, then one `complete` message.
 * It never rejects and does not depend on anyone reading: a client that disconnects stops
 * receiving messages, not the work. Each batch goes through validation, text preparation,
 * embedding and insertion (one transaction per batch, in batch order), with a progress message
 * per stage; a failing batch ends the upload with an `error` message, keeping the batches
 * already stored.
 */
export async function runBulkUpload(
  knex: Knex,
  config: Config,
  knowledgeBase: KnowledgeBaseRow,
  documents: readonly Record<string, unknown>[],
  emit: (message: BulkMessage) => void,
  log: Logger,
): Promise<void> {
  const startedAt = performance.now();
  const total = documents.length;
  const batches = Math.ceil(total / BULK_BATCH_SIZE);
  const counts = { created: 0, updated: 0, failed: 0 };
  const seen = new Map<string, number>();
  const preferences = knowledgeBase.indexing_preferences;
  // Up to PARALLEL_INSERTIONS batches are inserted (each in its own transaction on its own
  // connection) while the next one is validated, prepared and embedded. Insertions hold the
  // base's row lock (its content version) to commit, so they take turns; each batch's text
  // parsing, most of its database time, is staged before its turn (stageDocuments), beside the
  // previous batch's insertion. Insertion messages and counts still follow batch order.
  let lastInsertion: Promise<void> = Promise.resolve();
  const running: Promise<void>[] = [];
  const insertionFailure: { failed: boolean; error?: unknown } = { failed: false };
  const insertRows = (rows: IndexedDocument[]) =>
    rows.length === 0
      ? Promise.resolve([])
      : writeDocuments(
          knex,
          knowledgeBase.id,
          async (trx, current) =>
            // Prepared and embedded before the transaction: again if a re-index changed the preferences meanwhile.
            current && changesIndexing(preferences, current)
              ? insertDocuments(trx, knowledgeBase.id, await indexRows(rows, current), 'update')
              : insertStagedDocuments(trx, knowledgeBase.id),
          (trx) => stageDocuments(trx, rows),
        );
  const indexRows = async (rows: IndexedDocument[], current: IndexingPreferences) => {
    const texts = await indexContents(
      config,
      current,
      rows.map((row) => ({ content: row.content, embed: row.embedding !== null })),
    );
    return rows.map((row, index) => ({ ...row, ...texts[index]! }));
  };
  const startInsertion = (rows: IndexedDocument[], done: () => void) => {
    const previous = lastInsertion;
    // Both promises get their handlers now, so a failure is never an unhandled rejection.
    lastInsertion = Promise.all([insertRows(rows), previous])
      .then(([stored]) => {
        for (const row of stored) counts[row.inserted ? 'created' : 'updated']++;
        done();
      })
      .catch((error) => {
        insertionFailure.failed = true;
        insertionFailure.error ??= error;
      });
    running.push(lastInsertion);
  };
  try {
    const provider = embeddingProviderFor(preferences, config);
    for (let batch = 1; batch <= batches; batch++) {
      const first = (batch - 1) * BULK_BATCH_SIZE;
      const items = documents.slice(first, first + BULK_BATCH_SIZE);
      const processed = Math.min(first + items.length, total);
      const progress = (stage: string) => emit({ type: 'progress', stage, batch, batches, processed, total });

      const valid: ValidDocument[] = [];
      items.forEach((item, offset) => {
        const index = first + offset;
        const errors = itemErrors(item, knowledgeBase.schema, seen);
        const documentId = typeof item.documentId === 'string' ? item.documentId : null;
        if (documentId !== null && !seen.has(documentId)) seen.set(documentId, index);
        if (errors.length) {
          counts.failed++;
          emit({ type: 'document_error', documentId, index, errors });
          return;
        }
        const { content, metadata } = item as { content: Record<string, unknown>; metadata?: Record<string, unknown> };
        valid.push({ index, documentId: documentId as string, content, metadata: metadata ?? {} });
      });
      progress('validation');

      const prepared: PreparedText[] = valid.map((document) => prepareText(document.content, preferences));
      progress('preparation');

      const embeddings = valid.length ? await embedPrepared(provider, prepared) : [];
      progress('embedding');

      const rows: IndexedDocument[] = valid.map((document, i) => ({
        documentId: document.documentId,
        content: document.content,
        metadata: document.metadata,
        text: prepared[i]?.text ?? '',
        embedding: embeddings[i]?.embedding ?? null,
        embeddingDimensions: embeddings[i]?.embeddingDimensions ?? null,
      }));
      while (running.length >= PARALLEL_INSERTIONS) await running.shift();
      if (insertionFailure.failed) throw insertionFailure.error;
      startInsertion(rows, () => progress('insertion'));
    }
    await lastInsertion;
    if (insertionFailure.failed) throw insertionFailure.error;
    emit({ type: 'complete', total, ...counts, durationMs: Math.round(performance.now() - startedAt) });
  } catch (error) {
    // Insertions still running must end before the counts are final.
    await lastInsertion;
    log.error({ err: error, knowledgeBaseId: knowledgeBase.id, ...counts }, 'bulk upload failed');
    emit({ type: 'error', message: failureMessage(error), total, ...counts });
  }
}

const inFlight = new Set<Promise<void>>();

/** Keeps track of a running upload so shutdown (and tests) can wait for accepted work to finish. */
export function trackBulkUpload(work: Promise<void>): void {
  inFlight.add(work);
  void work.finally(() => inFlight.delete(work));
}

/** Resolves once every bulk upload running in this process has finished. */
export async function waitForBulkUploads(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}
