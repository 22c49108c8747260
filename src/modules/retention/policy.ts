import type { Db } from '../../db/knex.js';
import { ValidationError } from '../../errors.js';

/** How long an organization keeps what its executions leave behind; null keeps it for good. */
export interface RetentionPolicy {
  /** Days after an execution ends that its submitted document's bytes are deleted. */
  readonly documentRetentionDays: number | null;
  /** Days after an execution ends that its results (extracted data, identification, validation, evidence) are deleted. */
  readonly resultRetentionDays: number | null;
  readonly updatedAt: string | null;
}

export const MAX_RETENTION_DAYS = 36_500;

interface PolicyRow {
  document_retention_days: number | null;
  result_retention_days: number | null;
  retention_updated_at: Date | null;
}

function present(row: PolicyRow): RetentionPolicy {
  return {
    documentRetentionDays: row.document_retention_days,
    resultRetentionDays: row.result_retention_days,
    updatedAt: row.retention_updated_at?.toISOString() ?? null,
  };
}

const COLUMNS = ['document_retention_days', 'result_retention_days', 'retention_updated_at'] as const;

export async function getRetentionPolicy(db: Db, organizationId: string): Promise<RetentionPolicy> {
  const row = await db('organizations').where({ id: organizationId }).first<PolicyRow>(COLUMNS);
  if (!row) throw new Error(`organization ${organizationId} does not exist`);
  return present(row);
}

/** The problems of a number of days given for `name` (null is fine: keep for good). */
function daysErrors(name: string, days: unknown): string[] {
  if (days === null) return [];
  if (!Number.isInteger(days) || (days as number) < 1 || (days as number) > MAX_RETENTION_DAYS) {
    return [`${name}: must be a whole number of days from 1 to ${MAX_RETENTION_DAYS}, or null to keep for good`];
  }
  return [];
}

/** Replaces the policy; what is not given is kept for good. Deletion follows at the next enforcement run. */
export async function setRetentionPolicy(
  db: Db,
  organizationId: string,
  policy: { documentRetentionDays?: number | null; resultRetentionDays?: number | null },
): Promise<RetentionPolicy> {
  const documentDays = policy.documentRetentionDays ?? null;
  const resultDays = policy.resultRetentionDays ?? null;
  const errors = [
    ...daysErrors('documentRetentionDays', documentDays),
    ...daysErrors('resultRetentionDays', resultDays),
  ];
  if (errors.length) throw new ValidationError(errors);
  const [row] = await db('organizations')
    .where({ id: organizationId })
    .update({
      document_retention_days: documentDays,
      result_retention_days: resultDays,
      retention_updated_at: db.fn.now(),
    })
    .returning<PolicyRow[]>(COLUMNS);
  if (!row) throw new Error(`organization ${organizationId} does not exist`);
  return present(row);
}
