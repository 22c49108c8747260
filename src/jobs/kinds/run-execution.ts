import { failAfterAttempts, type RunDependencies, runExecution } from '../../modules/executions/run.js';
import type { JobKind } from '../types.js';
import { RUN_EXECUTION, type RunExecutionPayload } from './run-execution-enqueue.js';

/**
 * Runs one step execution, identification or conversion (src/modules/executions/run.ts). A
 * document's own faults end the run without a retry; anything else is retried, and after the
 * last attempt the execution ends in ERROR.
 */
export function runExecutionJob(deps: RunDependencies): JobKind<RunExecutionPayload> {
  return {
    queue: RUN_EXECUTION.queue,
    maxAttempts: RUN_EXECUTION.maxAttempts,
    run: (payload, context) => runExecution(deps, payload.executionId, context),
    onTerminalFailure: (payload, _error, trx) => failAfterAttempts(trx, payload.executionId, RUN_EXECUTION.maxAttempts),
  };
}
