// The contract types every handler: `npx tsc --noEmit` (a gate of `npm test`) compiles this
// file, and each `@ts-expect-error` below fails the type check if the line it marks compiles,
// i.e. if a handler could answer with a shape, or read a request part, the contract does not have.
import t from 'tap';
import {
  accepted,
  created,
  type Handler,
  type HandlerContext,
  type HandlerMap,
  ok,
  respond,
} from '../../src/http/handler-types.js';

const step = {
  id: 'f3c1b5e2-8a51-4a57-9c1e-3b5c1c3f0d11',
  name: 'Supplier invoices',
  description: null,
  isActive: true,
  identification: { types: ['acme_invoice'] },
  executions30d: 0,
  lastRunAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
};

// The right shape under the right status compiles.
const createStep: Handler<'createStep'> = async (context) => {
  const name: string = context.body.name;
  return created({ data: { ...step, name } });
};

// @ts-expect-error createStep answers 201 with the step; 200 is not one of its statuses.
const createStepWrongStatus: Handler<'createStep'> = async () => ok({ data: step });

// @ts-expect-error the body is `{ data: Step }`, not the bare step.
const createStepBareBody: Handler<'createStep'> = async () => created(step);

// @ts-expect-error a step without its name is not a Step.
const createStepMissingField: Handler<'createStep'> = async () => created({ data: { ...step, name: undefined } });

// @ts-expect-error `isActive` is a boolean in the contract.
const createStepWrongType: Handler<'createStep'> = async () => created({ data: { ...step, isActive: 'yes' } });

// @ts-expect-error the health body's status is the literal 'ok'.
const healthWrongLiteral: Handler<'getHealth'> = async () => ok({ status: 'fine' });

const notReady = { message: 'not ready', id: step.id, status: 'PROCESSING' } as const;
// @ts-expect-error a 504 of a synchronous conversion carries the status URL to poll.
const convertTimeoutWithoutUrl: Handler<'convertDocument'> = async () => respond(504, notReady);

// @ts-expect-error redelivery answers 202; 201 is not declared for it.
const redeliverCreated: Handler<'redeliverWebhook'> = async () => created({ data: {} });

// Request parts are typed from the contract too.
function readsRequest(context: HandlerContext<'getStep'>, listing: HandlerContext<'listSteps'>): void {
  const id: string = context.params.id;
  const search: string | undefined = listing.query.search;
  // @ts-expect-error getStep declares no `stepId` path parameter.
  context.params.stepId;
  // @ts-expect-error getStep takes no body.
  const body: { name: string } = context.body;
  // @ts-expect-error listSteps declares no `status` query parameter.
  listing.query.status;
  void [id, search, body];
}

// A map of handlers is keyed by operationId, each typed by its own operation.
const handlers: HandlerMap = {
  createStep,
  // @ts-expect-error a createStep handler is not a getHealth handler.
  getHealth: createStep,
  redeliverWebhook: async () => accepted({ data: undefined as never }),
};

t.test('typed handlers compile to plain responses', async (t) => {
  const context = { body: { name: 'Receipts' } } as HandlerContext<'createStep'>;
  t.same(await createStep(context), { status: 201, body: { data: { ...step, name: 'Receipts' } } });
  t.same(respond(504, { message: 'x' }), { status: 504, body: { message: 'x' } });
  t.ok(handlers.createStep);
  void [
    createStepWrongStatus,
    createStepBareBody,
    createStepMissingField,
    createStepWrongType,
    healthWrongLiteral,
    convertTimeoutWithoutUrl,
    redeliverCreated,
    readsRequest,
  ];
});
