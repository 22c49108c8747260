import type { Config } from '../../config.js';
import type { Knex } from '../../db/knex.js';
import {
  accepted,
  type HandlerContext,
  type HandlerMap,
  type OperationId,
  ok,
  principalOf,
} from '../../http/handler-types.js';
import type { DocumentStorage } from '../../storage/document-storage.js';
import { type IntakeRules, submitDocument } from './intake.js';
import { convertRules, identifyRules, stepRules } from './kind-rules.js';
import {
  presentConversionAccepted,
  presentConversionOutcome,
  presentConversionStatus,
  presentIdentificationAccepted,
  presentIdentificationOutcome,
  presentIdentificationStatus,
  presentStepAccepted,
  presentStepStatus,
} from './present.js';
import type { ExecutionView } from './repository.js';
import { awaitSyncOutcome, findExecution, monthlyUsage } from './service.js';
import type { ExecutionWaiter } from './wait-for-execution.js';

/** The origin the client called, for absolute status URLs (a proxy's X-Forwarded-* wins). */
function requestOrigin(context: Pick<HandlerContext<OperationId>, 'headers'>): string {
  const header = (name: string) => {
    const value = context.headers[name];
    return (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;
  };
  const protocol = header('x-forwarded-proto') ?? 'http';
  const host = header('x-forwarded-host') ?? header('host') ?? 'localhost';
  return `${protocol}://${host}`;
}

export interface ExecutionHandlerDependencies {
  readonly knex: Knex;
  readonly config: Config;
  readonly storage: DocumentStorage;
  readonly waiter: ExecutionWaiter;
}

/** The parts of an upload operation's request that intake reads (it checks the JSON body field by field). */
type Submission = Pick<HandlerContext<OperationId>, 'upload' | 'principal'> & { readonly body: unknown };

export function executionHandlers(deps: ExecutionHandlerDependencies): HandlerMap {
  const { knex } = deps;
  const submit = (context: Submission, rules: IntakeRules, callerWaits = false) =>
    submitDocument(
      deps,
      { body: context.body, upload: context.upload, organizationId: principalOf(context).organizationId, callerWaits },
      rules,
    );
  /** A synchronous request: submit, wait, and answer the presented result or the service's 422/504. */
  const runSync = async <Result>(
    context: Submission & Pick<HandlerContext<OperationId>, 'headers'>,
    rules: IntakeRules,
    present: (execution: ExecutionView) => Result,
  ) => {
    const submitted = await submit(context, rules, true);
    const { execution, failure } = await awaitSyncOutcome(deps.waiter, submitted, requestOrigin(context));
    return failure ?? ok(present(execution));
  };

  return {
    executeStepAsync: async (context) => {
      const execution = await submit(context, stepRules(principalOf(context), context.params.stepId));
      return accepted(presentStepAccepted(execution, requestOrigin(context)));
    },
    getStepExecutionStatus: async (context) => {
      const execution = await findExecution(knex, principalOf(context), 'step', context.params.executionId);
      return ok(presentStepStatus(execution, requestOrigin(context)));
    },

    identifyDocumentAsync: async (context) => {
      const execution = await submit(context, identifyRules(knex, principalOf(context)));
      return accepted(presentIdentificationAccepted(execution, requestOrigin(context)));
    },
    identifyDocument: async (context) =>
      runSync(context, identifyRules(knex, principalOf(context)), presentIdentificationOutcome),
    getIdentificationStatus: async (context) => {
      const execution = await findExecution(knex, principalOf(context), 'identify', context.params.id);
      return ok(presentIdentificationStatus(execution, requestOrigin(context)));
    },

    convertDocumentAsync: async (context) => {
      const execution = await submit(context, convertRules(knex, principalOf(context)));
      return accepted(presentConversionAccepted(execution, requestOrigin(context)));
    },
    convertDocument: async (context) =>
      runSync(context, convertRules(knex, principalOf(context)), presentConversionOutcome),
    getConversionStatus: async (context) => {
      const execution = await findExecution(knex, principalOf(context), 'convert', context.params.id);
      return ok(presentConversionStatus(execution, requestOrigin(context)));
    },

    getMonthlyUsage: async (context) => ok(await monthlyUsage(knex, principalOf(context), context.query)),
  };
}
