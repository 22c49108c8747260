import { isForeignKeyViolation } from '../../db/errors.js';
import type { Db } from '../../db/knex.js';
import { NotFoundError } from '../../errors.js';

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
  data: unknown;
  error: string | null;
  identification: Record<string, unknown> | null;
  validation: Record<string, unknown> | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
}

/** How long an upload that is still arriving blocks its step's deletion (spec 3.2, 8). */
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
