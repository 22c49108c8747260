import { isForeignKeyViolation } from '../../db/errors.js';
import type { Db } from '../../db/knex.js';
import { NotFoundError } from '../../errors.js';
import { runExecutionJobsSql } from '../../jobs/kinds/run-execution-enqueue.js';
import { notifyDueSql, numbered, runStatement, statement, statementFor } from '../../jobs/sql.js';
import type { ValidationResult } from '../../json-schema/json-schema.js';
import type { FieldEvidence } from '../../pipeline/types.js';
import { TYPE_TO_RUN_WITH_COLUMNS, type TypeToRunWith, usablePublishedTypesSql } from '../document-types/repository.js';

/** An identification as stored on an execution and sent in events and status bodies. */
export interface StoredIdentification {
  document_type: { code: string; name: string; confidence: number };
  confidence: number;
  alternatives: { code: string; name: string; confidence: number }[];
}

export type ExecutionStatus = 'ENQUEUED' | 'PROCESSING' | 'SUCCESS' | 'ERROR';

export interface ExecutionRow {
  id: string;
  organization_id: string;
  kind: 'step' | 'identify' | 'convert';
  step_id: string | null;
  status: ExecutionStatus;
  uploading_since: Date | null;
  created_by: string | null;
  original_filename: string | null;
  content_type: string | null;
  document_metadata: Record<string, unknown> | null;
  document_type_code: string | null;
  document_type_code_options: string[] | null;
  /** The extracted object (null until an extraction succeeds). */
  data: Record<string, unknown> | null;
  error: string | null;
  identification: StoredIdentification | null;
  validation: ValidationResult | null;
  page_count: number | null;
  /** One FieldEvidence per extracted value (null until an extraction succeeds). */
  extracted_fields: FieldEvidence[] | null;
  extraction_engine: 'offline' | 'llm' | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  /** When retention deleted the submitted bytes (src/modules/retention/). */
  document_expired_at: Date | null;
  /** When retention deleted data, identification, validation and evidence. */
  results_expired_at: Date | null;
}

export type ExecutionKind = ExecutionRow['kind'];

/** An execution with the name of its step (null for identify and convert). */
export interface ExecutionView extends ExecutionRow {
  step_name: string | null;
}

/** Channel notified when an execution reaches SUCCESS or ERROR (synchronous requests wait on it). */
export const EXECUTION_FINISHED_CHANNEL = 'quire_execution_finished';

/** How long an upload that is still arriving blocks its step's deletion (then the delete answers 409). */
export const UPLOAD_BLOCKS_DELETE_FOR = '15 minutes';

/**
 * Executions that block their step's deletion: enqueued or processing, except uploads that
 * started more than 15 minutes ago and have still not finished.
 */
export async function countActiveStepExecutions(db: Db, stepId: string): Promise<number> {
  const [row] = await db('executions')
    .where('step_id', stepId)
    .whereIn('status', ['ENQUEUED', 'PROCESSING'])
    .andWhere((upload) =>
      upload
        .whereNull('uploading_since')
        .orWhereRaw(`uploading_since > now() - interval '${UPLOAD_BLOCKS_DELETE_FOR}'`),
    )
    .count<{ count: number }[]>({ count: '*' });
  return Number(row?.count ?? 0);
}

export interface NewStepExecution {
  organizationId: string;
  stepId: string;
  createdBy: string | null;
  /** True when the document body is still arriving: the execution starts in its uploading phase. */
  uploading: boolean;
  originalFilename?: string | null;
  contentType?: string | null;
  documentMetadata?: Record<string, unknown> | null;
}

/**
 * Creates an ENQUEUED execution of an active step of the organization; 404 otherwise. Atomic
 * against step deletion: the insert's foreign key check takes a KEY SHARE lock on the step row,
 * so it either commits before a delete locks the step (and the delete then sees it and answers
 * 409) or waits for the delete and fails on the vanished row (404 here).
 */
export async function createStepExecution(db: Db, execution: NewStepExecution): Promise<ExecutionRow> {
  try {
    const { rows } = await db.raw<{ rows: ExecutionRow[] }>(
      `insert into executions
              (organization_id, kind, step_id, uploading_since, created_by, original_filename, content_type, document_metadata)
       select organization_id, 'step', id, case when ? then now() end, ?, ?, ?, ?::jsonb
         from steps
        where id = ? and organization_id = ? and is_active
       returning *`,
      [
        execution.uploading,
        execution.createdBy,
        execution.originalFilename ?? null,
        execution.contentType ?? null,
        execution.documentMetadata ? JSON.stringify(execution.documentMetadata) : null,
        execution.stepId,
        execution.organizationId,
      ],
    );
    const created = rows[0];
    if (!created) throw new NotFoundError('Step not found');
    return created;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new NotFoundError('Step not found');
    throw error;
  }
}

/** CTEs that store the new execution's document in the statement that creates it (DocumentStorage.saveInStatement). */
export interface StoredInStatement {
  readonly ctes: string;
  readonly bindings: readonly unknown[];
}

/** An execution whose document is in hand: created with everything intake read, out of its uploading phase. */
export interface SubmittedExecution {
  organizationId: string;
  kind: ExecutionKind;
  /** A step execution's step: it must be an active step of the organization (404 otherwise). */
  stepId: string | null;
  createdBy: string | null;
  fields: IntakeFields;
}

/**
 * Creates an execution whose document the same transaction stores (a base64 submission), with
 * the fields intake read, and enqueues its run in the same statement (ahead of background runs
 * when `callerWaits`). A step execution is atomic against step deletion as in
 * createStepExecution. Answers the execution with its step's name.
 */
export async function createSubmittedExecution(
  db: Db,
  execution: SubmittedExecution,
  callerWaits: boolean,
  document: StoredInStatement | null = null,
): Promise<ExecutionView> {
  const { fields } = execution;
  const step = execution.kind === 'step';
  const name = `quire_executions_submit_${step ? 'step' : 'other'}_${callerWaits ? 'waiting' : 'background'}${document ? '_stored' : ''}`;
  try {
    const sql = statementFor(name, () =>
      numbered(`with execution as (
         insert into executions
                (organization_id, kind, step_id, created_by, original_filename, content_type, document_metadata,
                 document_type_code, document_type_code_options, webhook_url)
         select ?, ?, ${step ? 's.id' : 'null'}, ?, ?, ?, ?::jsonb, ?, ?::text[], ?
         ${step ? 'from steps s where s.id = ? and s.organization_id = ? and s.is_active' : ''}
         returning *
       ), ${document ? `${document.ctes}, ` : ''}job as (${runExecutionJobsSql('execution', callerWaits)}),
       notified as (${notifyDueSql('job')})
       select execution.*, steps.name as step_name, (select count(*) from notified) as notified
         from execution left join steps on steps.id = execution.step_id`),
    );
    const rows = await runStatement<ExecutionView & { notified: unknown }>(db, sql, [
      execution.organizationId,
      execution.kind,
      execution.createdBy,
      fields.originalFilename,
      fields.contentType,
      fields.documentMetadata === null ? null : JSON.stringify(fields.documentMetadata),
      fields.documentTypeCode ?? null,
      fields.documentTypeCodeOptions ?? null,
      fields.webhookUrl ?? null,
      ...(step ? [execution.stepId, execution.organizationId] : []),
      ...(document?.bindings ?? []),
    ]);
    const created = rows[0];
    if (!created) throw new NotFoundError('Step not found');
    const { notified: _, ...view } = created;
    return view;
  } catch (error) {
    if (step && isForeignKeyViolation(error)) throw new NotFoundError('Step not found');
    throw error;
  }
}

/** A new identify or convert execution, in its uploading phase until finishIntake. */
export async function createExecution(
  db: Db,
  execution: { organizationId: string; kind: 'identify' | 'convert'; createdBy: string | null },
): Promise<ExecutionRow> {
  const [row] = await db('executions')
    .insert({
      organization_id: execution.organizationId,
      kind: execution.kind,
      created_by: execution.createdBy,
      uploading_since: db.fn.now(),
    })
    .returning('*');
  return row as ExecutionRow;
}

export interface IntakeFields {
  originalFilename: string | null;
  contentType: string | null;
  documentMetadata: Record<string, unknown> | null;
  documentTypeCode?: string | null;
  documentTypeCodeOptions?: string[] | null;
  /** Where this execution's events go besides the organization's endpoint. */
  webhookUrl?: string | null;
}

/** Ends the uploading phase: the document is stored and the fields read with it are recorded. */
export async function finishIntake(db: Db, id: string, fields: IntakeFields): Promise<ExecutionRow> {
  const [row] = await db('executions')
    .where('id', id)
    .update({
      uploading_since: null,
      original_filename: fields.originalFilename,
      content_type: fields.contentType,
      document_metadata: fields.documentMetadata === null ? null : JSON.stringify(fields.documentMetadata),
      document_type_code: fields.documentTypeCode ?? null,
      document_type_code_options: fields.documentTypeCodeOptions ?? null,
      webhook_url: fields.webhookUrl ?? null,
    })
    .returning('*');
  if (!row) throw new NotFoundError('Execution not found');
  return row as ExecutionRow;
}

/** An intake that failed: the execution and (by cascade) its stored bytes are removed. */
export async function deleteExecution(db: Db, id: string): Promise<void> {
  await db('executions').where('id', id).delete();
}

function viewQuery(db: Db) {
  return db('executions')
    .leftJoin('steps', 'steps.id', 'executions.step_id')
    .select('executions.*', 'steps.name as step_name');
}

/** Every status poll reads one: prepared once per connection. */
const FIND_EXECUTION_VIEW = statement(
  'quire_executions_view',
  `select executions.*, steps.name as step_name
     from executions left join steps on steps.id = executions.step_id
    where executions.organization_id = $1 and executions.kind = $2 and executions.id = $3
    limit 1`,
);

/** An execution of the organization of the given kind, with its step's name. */
export async function findExecutionView(
  db: Db,
  organizationId: string,
  kind: ExecutionKind,
  id: string,
): Promise<ExecutionView | undefined> {
  const [row] = await runStatement<ExecutionView>(db, FIND_EXECUTION_VIEW, [organizationId, kind, id]);
  return row;
}

/** Any execution by id, with its step's name: for the job that runs it. */
export async function findExecutionViewById(db: Db, id: string): Promise<ExecutionView | undefined> {
  return viewQuery(db).where('executions.id', id).first();
}

/** What a run reads of its step's configuration (null: not a step run, or the step was deleted). */
export interface StepConfiguration {
  auto_identify: boolean;
  fixed_document_type_code: string | null;
  identification_types: string[];
}

/**
 * The codes a run identifies among, as the plan reads them (an empty list: every usable type),
 * or null when it does not identify now: an identification, or a step with automatic
 * identification off or a fixed type.
 */
const CODES_TO_IDENTIFY_AMONG = `case
    when executions.identification is not null then null
    when executions.kind = 'identify' then coalesce(executions.document_type_code_options, '{}'::text[])
    when executions.kind = 'step' and steps.auto_identify and steps.fixed_document_type_code is null
      then steps.identification_types
  end`;

const FIND_EXECUTION_TO_RUN = statement(
  'quire_executions_to_run',
  `select executions.*, steps.name as step_name, steps.id is not null as run_step_found,
          steps.auto_identify as run_step_auto_identify,
          steps.fixed_document_type_code as run_step_fixed_document_type_code,
          steps.identification_types as run_step_identification_types,
          case when codes.among is not null then (
            select coalesce(json_agg(candidate order by candidate.code_type), '[]')
              from (select ${TYPE_TO_RUN_WITH_COLUMNS.map((column) => `types.${column}`).join(', ')}
                      from document_types types
                     where ${usablePublishedTypesSql('executions.organization_id', "nullif(codes.among, '{}')", 'types')}
                   ) candidate
          ) end as run_candidates
     from executions left join steps on steps.id = executions.step_id
     cross join lateral (select ${CODES_TO_IDENTIFY_AMONG}::text[] as among) codes
    where executions.id = $1
    limit 1`,
);

/** What a run reads first: its execution, its step's configuration now, the types it identifies among. */
export interface ExecutionToRun {
  readonly execution: ExecutionView;
  readonly step: StepConfiguration | null;
  /**
   * The published types the organization may use among the codes the run identifies among (all
   * of them when it names none), ordered by code; null when the run does not identify now.
   */
  readonly candidates: TypeToRunWith[] | null;
}

/** Any execution by id with, for a step run, its step's configuration now, and the types it identifies among: one query for the job that runs it. */
export async function findExecutionToRun(db: Db, id: string): Promise<ExecutionToRun | undefined> {
  const [row] = await runStatement<Record<string, any>>(db, FIND_EXECUTION_TO_RUN, [id]);
  if (!row) return undefined;
  const {
    run_step_found: found,
    run_step_auto_identify: autoIdentify,
    run_step_fixed_document_type_code: fixed,
    run_step_identification_types: types,
    run_candidates: candidates,
    ...execution
  } = row;
  const step = found
    ? { auto_identify: autoIdentify, fixed_document_type_code: fixed, identification_types: types }
    : null;
  return { execution: execution as ExecutionView, step, candidates };
}

/** ENQUEUED -> PROCESSING; false when the execution had already left ENQUEUED (a re-run). */
export async function markProcessing(db: Db, id: string): Promise<boolean> {
  const updated = await db('executions')
    .where({ id, status: 'ENQUEUED' })
    .update({ status: 'PROCESSING', started_at: db.fn.now() });
  return updated === 1;
}

export interface ExecutionOutcome {
  status: 'SUCCESS' | 'ERROR';
  data?: unknown;
  error?: string | null;
  validation?: object | null;
  identification?: object | null;
  documentTypeCode?: string | null;
  pageCount?: number | null;
  extraction?: { fields: readonly FieldEvidence[]; engine: 'offline' | 'llm' };
}

/** The terminal state, and the wake-up of any request waiting for it (sent on commit). */
export async function finishExecution(db: Db, id: string, outcome: ExecutionOutcome): Promise<ExecutionView> {
  const changes: Record<string, unknown> = {
    status: outcome.status,
    completed_at: db.fn.now(),
    error: outcome.error ?? null,
    uploading_since: null,
  };
  if (outcome.data !== undefined) changes.data = JSON.stringify(outcome.data);
  if (outcome.validation !== undefined) changes.validation = JSON.stringify(outcome.validation);
  if (outcome.identification !== undefined) changes.identification = JSON.stringify(outcome.identification);
  if (outcome.documentTypeCode !== undefined) changes.document_type_code = outcome.documentTypeCode;
  if (outcome.pageCount !== undefined) changes.page_count = outcome.pageCount;
  if (outcome.extraction !== undefined) {
    changes.extracted_fields = JSON.stringify(outcome.extraction.fields);
    changes.extraction_engine = outcome.extraction.engine;
  }
  const update = db('executions').where('id', id).update(changes).returning('*');
  // One statement: the update, the wake-up and the view as it now reads.
  const { rows } = await db.raw<{ rows: (ExecutionView & { notified: unknown })[] }>(
    `with updated as (?)
     select updated.*, steps.name as step_name, pg_notify(?, updated.id::text) as notified
       from updated left join steps on steps.id = updated.step_id`,
    [update, EXECUTION_FINISHED_CHANNEL],
  );
  const row = rows[0];
  if (!row) throw new NotFoundError('Execution not found');
  const { notified: _, ...view } = row;
  return view;
}

/** Executions of the organization that ended in SUCCESS within [from, to), and their pages. */
export async function countSuccessfulExecutions(
  db: Db,
  organizationId: string,
  from: Date,
  to: Date,
): Promise<{ executions: number; pages: number }> {
  const row = await db('executions')
    .where({ organization_id: organizationId, status: 'SUCCESS' })
    .andWhere('completed_at', '>=', from)
    .andWhere('completed_at', '<', to)
    .first(db.raw('count(*) as executions'), db.raw('coalesce(sum(page_count), 0) as pages'));
  return { executions: Number(row?.executions ?? 0), pages: Number(row?.pages ?? 0) };
}
