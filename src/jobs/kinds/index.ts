import { RUN_EXECUTION_JOB } from '../../modules/executions/job-names.js';
import type { RunDependencies } from '../../modules/executions/run.js';
import type { JobKind } from '../types.js';
import { runExecutionJob } from './run-execution.js';

/** Every job kind quire runs, by name: what `npm start` and `quire worker` register. */
export function jobKinds(deps: RunDependencies): Record<string, JobKind> {
  return {
    [RUN_EXECUTION_JOB]: runExecutionJob(deps),
  };
}
