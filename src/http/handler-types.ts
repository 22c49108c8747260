import type { operations } from '../../generated/openapi.js';
import type { StreamedUpload } from '../intake/multipart-upload.js';
import type { Logger } from '../logger.js';
import type { Principal } from '../modules/identity/principal.js';

export type OperationId = keyof operations;

/** An object type with no keys: what an operation without path or query parameters receives. */
type NoParameters = Record<string, never>;

/** `T` unless it is `never` (how generated/openapi.ts spells "this operation has none"). */
type OrNone<T, None> = [T] extends [never] ? None : T;

/** The path parameters the contract declares for an operation. */
export type PathParams<Op extends OperationId> = OrNone<
  NonNullable<operations[Op]['parameters']['path']>,
  NoParameters
>;

/** The query parameters the contract declares (coerced to their types, defaults filled in by the router). */
export type QueryParams<Op extends OperationId> = OrNone<
  NonNullable<operations[Op]['parameters']['query']>,
  NoParameters
>;

type RequestBodyOf<Op extends OperationId> = operations[Op] extends { requestBody?: infer B } ? B : never;

/**
 * The JSON request body the contract declares; `| undefined` when the body is optional, and
 * `undefined` for an operation without one (or whose body is a multipart upload only).
 */
export type JsonRequestBody<Op extends OperationId> =
  OrNone<NonNullable<RequestBodyOf<Op>>, undefined> extends { content: { 'application/json': infer B } }
    ? undefined extends RequestBodyOf<Op>
      ? B | undefined
      : B
    : undefined;

type Responses<Op extends OperationId> = operations[Op]['responses'];

/** Every status the contract declares for an operation. */
export type ResponseStatus<Op extends OperationId> = Extract<keyof Responses<Op>, number>;

/**
 * The body the contract declares for one status of an operation: its JSON schema's type, or
 * `unknown` for other media types (a page, a stream, a file) which the contract does not shape.
 */
export type ResponseBody<Op extends OperationId, Status extends ResponseStatus<Op>> = Responses<Op>[Status] extends {
  content: { 'application/json': infer B };
}
  ? B
  : unknown;

/** What a handler sees: the request as openapi-backend parsed and validated it against the contract. */
export interface HandlerContext<Op extends OperationId> {
  readonly params: PathParams<Op>;
  readonly query: QueryParams<Op>;
  readonly body: JsonRequestBody<Op>;
  readonly headers: Record<string, string | string[] | undefined>;
  /** Set on every operation with security; null only on the public ones. */
  readonly principal: Principal | null;
  /** The unread multipart body of a document upload (operations marked x-quire-upload); else null. */
  readonly upload: StreamedUpload | null;
  readonly log: Logger;
  readonly requestId: string;
}

/** One response: a status, and a body of that status's type (JSON, or a Node Readable streamed as written). */
export interface Reply<Status extends number, Body> {
  readonly status: Status;
  readonly body: Body;
  readonly headers?: Record<string, string>;
}

/** A response the contract allows for an operation: one of its statuses with that status's body. */
export type HandlerResult<Op extends OperationId> = {
  [Status in ResponseStatus<Op>]: Reply<Status, ResponseBody<Op, Status>>;
}[ResponseStatus<Op>];

/** The handler of one operation, typed from the contract: a response shape it does not declare does not compile. */
export type Handler<Op extends OperationId> = (context: HandlerContext<Op>) => Promise<HandlerResult<Op>>;

/** Handlers of one resource, keyed by operationId from the contract. */
export type HandlerMap = { [Op in OperationId]?: Handler<Op> };

/*
 * The responders. Their body's type is checked where the handler returns it, against the
 * operation's HandlerResult: a missing field, a field of another type, or a body under the
 * wrong status does not compile. (`const`: literals such as `status: 'ENQUEUED'` keep their
 * literal type, as the contract's enums need.)
 */
export function ok<const Body>(body: Body): Reply<200, Body> {
  return { status: 200, body };
}

export function created<const Body>(body: Body): Reply<201, Body> {
  return { status: 201, body };
}

export function accepted<const Body>(body: Body): Reply<202, Body> {
  return { status: 202, body };
}

/** A response whose status is chosen at run time (each status must still carry its own body type). */
export function respond<Status extends number, const Body>(status: Status, body: Body): Reply<Status, Body> {
  return { status, body };
}

/** The principal of a secured operation (openapi-backend has already refused anonymous calls). */
export function principalOf(context: { readonly principal: Principal | null }): Principal {
  if (context.principal === null) throw new Error('principalOf called on an operation without security');
  return context.principal;
}
