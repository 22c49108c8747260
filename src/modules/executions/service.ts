import type { components, operations } from '../../../generated/openapi.js';
import { isUuid } from '../../db/ids.js';
import type { Knex } from '../../db/knex.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import type { Principal } from '../identity/principal.js';
import { statusUrl } from './present.js';
import { countSuccessfulExecutions, type ExecutionKind, type ExecutionView, findExecutionView } from './repository.js';
import type { ExecutionWaiter } from './wait-for-execution.js';

type JsonResponses = components['responses'];
type ProcessingFailed = JsonResponses['ProcessingFailed']['content']['application/json'];
type StillProcessing = JsonResponses['StillProcessing']['content']['application/json'];
type MonthlyUsage = operations['getMonthlyUsage']['responses'][200]['content']['application/json'];

/** How long POST /api/identify and /api/convert wait for their result before answering 504. */
export const SYNC_WAIT_MS = 5 * 60_000;

const NOT_FOUND: Record<ExecutionKind, string> = {
  step: 'Execution not found',
  identify: 'Identification not found',
  convert: 'Conversion not found',
};

/** An execution of the organization by kind and id; 404 (worded for the kind) when there is none. */
export async function findExecution(
  knex: Knex,
  principal: Principal,
  kind: ExecutionKind,
  id: string,
): Promise<ExecutionView> {
  const execution = isUuid(id) ? await findExecutionView(knex, principal.organizationId, kind, id) : undefined;
  if (!execution) throw new NotFoundError(NOT_FOUND[kind]);
  return execution;
}

/**
 * How a synchronous request ends: the finished execution, or the answer that replaces its
 * result. An execution that ended in ERROR answers 422 with the reason; one still running when
 * the wait is over answers 504 with the status URL to poll (the work goes on).
 */
export type SyncOutcome =
  | { readonly execution: ExecutionView; readonly failure: null }
  | {
      readonly execution: ExecutionView;
      readonly failure: { status: 422; body: ProcessingFailed } | { status: 504; body: StillProcessing };
    };

export async function awaitSyncOutcome(
  waiter: ExecutionWaiter,
  submitted: ExecutionView,
  origin: string,
): Promise<SyncOutcome> {
  const execution = await waiter.wait(submitted.organization_id, submitted.kind, submitted.id, SYNC_WAIT_MS);
  if (execution.status === 'ERROR') {
    const error = execution.error ?? 'Processing failed';
    return { execution, failure: { status: 422, body: { message: error, id: execution.id, status: 'ERROR', error } } };
  }
  if (execution.status !== 'SUCCESS') {
    const body = {
      message: `The result is not ready after ${SYNC_WAIT_MS / 1000} s; the work goes on: poll status_url`,
      id: execution.id,
      status: execution.status,
      status_url: statusUrl(origin, execution.kind, execution.id),
    };
    return { execution, failure: { status: 504, body } };
  }
  return { execution, failure: null };
}

/**
 * Successful executions and their pages in one calendar month (UTC). `year` and `month` come
 * together or not at all; without them, the current month.
 */
export async function monthlyUsage(
  knex: Knex,
  principal: Principal,
  asked: { year?: number; month?: number },
  now = new Date(),
): Promise<MonthlyUsage> {
  const { year, month } = asked;
  if ((year === undefined) !== (month === undefined)) {
    throw new ValidationError(['query: year and month must be sent together']);
  }
  const y = year ?? now.getUTCFullYear();
  const m = month ?? now.getUTCMonth() + 1;
  const counts = await countSuccessfulExecutions(
    knex,
    principal.organizationId,
    new Date(Date.UTC(y, m - 1, 1)),
    new Date(Date.UTC(y, m, 1)),
  );
  return { year: y, month: m, successful_pages: counts.pages, successful_conversions: counts.executions };
}
