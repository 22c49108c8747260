import { failAfterAttempts, type RunDependencies, runExecution } from '../../modules/executions/run.js';
import type { JobKind } from '../types.js';

export interface RunExecutionPayload {
  readonly executionId: string;
}

/**
 * Runs one step execution, identification or conversion (src/modules/executions/run.ts). On the
 * CPU queue: conversion is the heavy part. A document's own faults end the run without a retry;
 * anything else is retried, and after the last attempt the execution ends in ERROR.
 */
export function runExecutionJob(deps: RunDependencies): JobKind<RunExecutionPayload> {
  const maxAttempts = 3;
  return {
    queue: 'cpu',
    maxAttempts,
    run: (payload, context) => runExecution(deps, payload.executionId, context),
    onTerminalFailure: (payload, _error, trx) => failAfterAttempts(trx, payload.executionId, maxAttempts),
  };
}
