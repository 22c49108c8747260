export const RUN_EXECUTION_JOB = 'run-execution';
