import type { Config } from '../../config.js';
import type { Db, Knex } from '../../db/knex.js';
import { ValidationError } from '../../errors.js';
import { parseDocumentMetadata, readContentType, withSnakeCaseNames } from '../../intake/document-fields.js';
import { fetchDocumentUrl } from '../../intake/fetch-document-url.js';
import { assertOneSource, jsonDocumentSource, sourceFieldsSent } from '../../intake/json-source.js';
import { readMultipartUpload, type StreamedUpload } from '../../intake/multipart-upload.js';
import { enqueueRunExecution } from '../../jobs/kinds/run-execution-enqueue.js';
import type { DocumentStorage, StoredDocument } from '../../storage/document-storage.js';
import { checkPerRequestWebhookUrl } from '../webhooks/per-request-target.js';
import {
  deleteExecution,
  type ExecutionRow,
  type ExecutionView,
  findExecutionViewById,
  finishIntake,
  type IntakeFields,
  type StoredInStatement,
} from './repository.js';

export interface IntakeDependencies {
  readonly knex: Knex;
  readonly config: Config;
  readonly storage: DocumentStorage;
}

/** What differs between a step run, an identification and a conversion at intake. */
export interface IntakeRules {
  /** Creates the execution in its uploading phase, before any of the document is read. */
  create(db: Db): Promise<ExecutionRow>;
  /**
   * Creates the execution of a document in hand (stored in the same transaction, or by this
   * statement when `document` is given) with its fields, out of its uploading phase, and
   * enqueues its run, in one statement.
   */
  createSubmitted(
    db: Db,
    fields: IntakeFields,
    callerWaits: boolean,
    document?: StoredInStatement | null,
  ): Promise<ExecutionView>;
  /** Checks the kind's own fields (codes, type) and returns what to record; throws a 4xx. */
  check(fields: Record<string, unknown>): Promise<Pick<IntakeFields, 'documentTypeCode' | 'documentTypeCodeOptions'>>;
}

export interface IntakeRequest {
  /** The parsed JSON body, or undefined for multipart. */
  readonly body: unknown;
  readonly upload: StreamedUpload | null;
  /** The caller waits for the result (a synchronous request): its run is claimed ahead of background runs. */
  readonly callerWaits: boolean;
  /** The submitter's organization: a `webhook_url` is signed with its endpoint's secret. */
  readonly organizationId: string;
}

/**
 * Takes one document in (multipart file, base64 or data URI, or URL) and enqueues its run. The execution exists from the
 * first byte (its uploading phase), the bytes are streamed into storage, and the end of the
 * upload and the job commit in one transaction (a base64 document, whose bytes are in hand, commits
 * with its execution in that same one). Any failure on the way (a 4xx, a 413, a client
 * that goes away) deletes the execution and its stored bytes: nothing is half-kept.
 */
export async function submitDocument(
  deps: IntakeDependencies,
  request: IntakeRequest,
  rules: IntakeRules,
): Promise<ExecutionView> {
  return request.upload
    ? submitMultipart(deps, request.upload, request.organizationId, rules, request.callerWaits)
    : submitJson(deps, request.body, request.organizationId, rules, request.callerWaits);
}

async function submitMultipart(
  deps: IntakeDependencies,
  upload: StreamedUpload,
  organizationId: string,
  rules: IntakeRules,
  callerWaits: boolean,
): Promise<ExecutionView> {
  const { knex, config, storage } = deps;
  const execution = await rules.create(knex);
  return withCleanup(knex, execution.id, async () => {
    const { fields: sent, file } = await readMultipartUpload(upload.stream, upload.contentType, {
      maxFileBytes: config.maxUploadBytes,
      onFile: async (part) => {
        assertNotEmpty(await storage.save(knex, execution.id, part.stream, config.maxUploadBytes));
        return part;
      },
    });
    const fields = withSnakeCaseNames(sent);
    assertOneSource([file.field, ...sourceFieldsSent(fields)]);
    const checked = await rules.check(fields);
    const webhookUrl = await webhookUrlOf(deps, organizationId, fields);
    return finalize(
      knex,
      { execution, callerWaits },
      {
        ...checked,
        webhookUrl,
        originalFilename: file.filename,
        contentType: readContentType(fields) ?? file.mimeType,
        documentMetadata: parseDocumentMetadata(fields.document_metadata),
      },
    );
  });
}

async function submitJson(
  deps: IntakeDependencies,
  body: unknown,
  organizationId: string,
  rules: IntakeRules,
  callerWaits: boolean,
): Promise<ExecutionView> {
  const { knex, config, storage } = deps;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ValidationError([
      'body: send the document as multipart/form-data (part file or image) or as a JSON object with url or base64',
    ]);
  }
  const fields = withSnakeCaseNames(body as Record<string, unknown>);
  // Everything that can be refused without the document is refused before anything is stored.
  const source = jsonDocumentSource(fields, config.maxUploadBytes);
  const declaredType = readContentType(fields) ?? source.contentType;
  const documentMetadata = parseDocumentMetadata(fields.document_metadata);
  const checked = { ...(await rules.check(fields)), webhookUrl: await webhookUrlOf(deps, organizationId, fields) };
  if (source.kind === 'base64') {
    // The bytes are in hand: the execution (created with its fields, its run enqueued in the same
    // statement) and its document commit together, and a failure leaves nothing behind. A
    // document the storage can write in that statement needs no transaction around it.
    const submitted = { ...checked, originalFilename: null, contentType: declaredType, documentMetadata };
    const document = storage.saveInStatement?.('execution', source.bytes, config.maxUploadBytes) ?? null;
    if (document) return rules.createSubmitted(knex, submitted, callerWaits, document);
    return knex.transaction(async (trx) => {
      const execution = await rules.createSubmitted(trx, submitted, callerWaits);
      await storage.save(trx, execution.id, source.bytes, config.maxUploadBytes);
      return execution;
    });
  }
  const execution = await rules.create(knex);
  return withCleanup(knex, execution.id, async () => {
    const fetched = await fetchDocumentUrl(source.url, {
      maxBytes: config.maxUploadBytes,
      allowPrivate: config.urlFetchAllowPrivateTargets,
    });
    assertNotEmpty(await storage.save(knex, execution.id, fetched.body, config.maxUploadBytes));
    return finalize(
      knex,
      { execution, callerWaits },
      {
        ...checked,
        originalFilename: fetched.filename,
        contentType: declaredType ?? fetched.contentType,
        documentMetadata,
      },
    );
  });
}

/** A per-request `webhook_url`, checked (400 when malformed or refused); null when none was sent. */
function webhookUrlOf(deps: IntakeDependencies, organizationId: string, fields: Record<string, unknown>) {
  return checkPerRequestWebhookUrl(
    deps.knex,
    organizationId,
    fields.webhook_url,
    deps.config.webhookAllowPrivateTargets,
  );
}

function assertNotEmpty(stored: StoredDocument): void {
  if (stored.byteSize === 0) throw new ValidationError(['file: the document is empty (0 bytes)']);
}

async function withCleanup<T>(knex: Knex, executionId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await deleteExecution(knex, executionId);
    throw error;
  }
}

/** The upload is complete: record its fields and enqueue the run, together. */
async function finalize(
  knex: Knex,
  run: { execution: ExecutionRow; callerWaits: boolean },
  fields: IntakeFields,
): Promise<ExecutionView> {
  await knex.transaction((trx) => finishAndEnqueue(trx, run, fields));
  return viewOf(knex, run.execution.id);
}

async function finishAndEnqueue(
  trx: Knex.Transaction,
  run: { execution: ExecutionRow; callerWaits: boolean },
  fields: IntakeFields,
): Promise<void> {
  const executionId = run.execution.id;
  await finishIntake(trx, executionId, fields);
  await enqueueRunExecution(trx, {
    executionId,
    organizationId: run.execution.organization_id,
    callerWaits: run.callerWaits,
  });
}

async function viewOf(knex: Knex, executionId: string): Promise<ExecutionView> {
  const view = await findExecutionViewById(knex, executionId);
  if (!view) throw new Error(`execution ${executionId} vanished after intake`);
  return view;
}
