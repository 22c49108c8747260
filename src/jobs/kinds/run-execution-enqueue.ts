import type { Db } from '../../db/knex.js';
import { enqueueJob, insertJobsSql } from '../enqueue.js';
import { CPU_QUEUE, JOB_PRIORITY, type JobKindName } from '../types.js';

/**
 * Runs one step execution, identification or conversion. On the CPU queue: conversion is the
 * heavy part. Three attempts; after the last the execution ends in ERROR.
 */
export const RUN_EXECUTION: JobKindName = Object.freeze({ name: 'run-execution', queue: CPU_QUEUE, maxAttempts: 3 });

export interface RunExecutionPayload {
  readonly executionId: string;
}

/**
 * The run of an execution, in the transaction that ends its intake. A caller waiting for the
 * result (a synchronous request) is served ahead of background runs; the organization is the
 * fair-share key, so one organization's backlog does not hold up another's runs.
 */
export async function enqueueRunExecution(
  db: Db,
  run: RunExecutionPayload & { organizationId: string; callerWaits: boolean },
): Promise<void> {
  await enqueueJob(db, {
    kind: RUN_EXECUTION.name,
    queue: RUN_EXECUTION.queue,
    payload: { executionId: run.executionId },
    priority: run.callerWaits ? JOB_PRIORITY.callerWaits : JOB_PRIORITY.background,
    fairKey: run.organizationId,
  });
}

/**
 * enqueueRunExecution as the body of a data-modifying CTE, for the statement that creates the
 * execution(s): one run per row of `from` (columns `id` and `organization_id` of executions).
 * It returns `queue, run_at`: end the statement with `notifyDueSql(<cte name>)`.
 */
export function runExecutionJobsSql(from: string, callerWaits: boolean): string {
  return insertJobsSql(RUN_EXECUTION, {
    from,
    payload: `jsonb_build_object('executionId', id::text)`,
    fairKey: 'organization_id::text',
    priority: String(callerWaits ? JOB_PRIORITY.callerWaits : JOB_PRIORITY.background),
  });
}
