import type { ErrorObject } from 'ajv';
import addFormatsPkg from 'ajv-formats';
import { type Request as ApiRequest, type Context, type Document, OpenAPIBackend } from 'openapi-backend';
import type { Db } from '../db/knex.js';
import { ForbiddenError, MethodNotAllowedError, NotFoundError, ValidationError } from '../errors.js';
import type { StreamedUpload } from '../intake/multipart-upload.js';
import { describeAjvErrors } from '../json-schema/validation-messages.js';
import type { Logger } from '../logger.js';
import { type Authenticator, authenticate } from '../modules/identity/authenticate.js';
import type { Principal, Role } from '../modules/identity/principal.js';
import { contractOperationIds, loadContract, type OpenApiDocument } from './contract.js';
import { type DirectOperation, directOperations } from './direct-operations.js';
import type { HandlerContext, HandlerMap, OperationId, Reply } from './handler-types.js';
import { compileOperationMatching } from './operation-matcher.js';
import { rejectNulCharacters, rejectNulInPath } from './reject-nul.js';

/** What the hapi route passes through openapi-backend to every handler. */
export interface RequestScope {
  readonly log: Logger;
  readonly requestId: string;
  /** A multipart document upload, not yet read: the handler streams it after authentication. */
  readonly upload?: StreamedUpload;
}

/**
 * The paths (hapi syntax is OpenAPI's) of the operations marked `x-quire-upload` in the
 * contract: their bodies are documents, taken as streams rather than parsed by hapi.
 */
export function uploadPaths(api: OpenAPIBackend): string[] {
  const paths = (api.definition as unknown as OpenApiDocument).paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths)
    .filter(([, item]) => (item.post as { 'x-quire-upload'?: boolean } | undefined)?.['x-quire-upload'] === true)
    .map(([path]) => path);
}

/** A response as the router passes it on: the handler's typing has done its work by then. */
export type RoutedResponse = Reply<number, unknown>;

interface Routed {
  readonly api: OpenAPIBackend;
  handle(request: ApiRequest, scope: RequestScope): Promise<RoutedResponse>;
}

/** A handler called with a context built from openapi-backend's (validated, but untyped) request. */
type ContractHandler = (
  context: Omit<HandlerContext<OperationId>, 'params' | 'query' | 'body'> & {
    readonly params: Record<string, string>;
    readonly query: unknown;
    readonly body: unknown;
  },
) => Promise<RoutedResponse>;

/**
 * Names request-validation failures the way every other 400 does: body fields bare (`name: …`),
 * parameters by location (`query.limit: …`, `path.id: …`, `header.x: …`).
 */
function describeRequestErrors(errors: readonly ErrorObject[]): string[] {
  const relocated = errors.map((error) => {
    const [, location = '', ...rest] = error.instancePath.split('/');
    const tail = rest.length ? `/${rest.join('/')}` : '';
    const where = location === 'headers' ? 'header' : location;
    return { ...error, instancePath: location === 'requestBody' ? tail : `/${where}${tail}` };
  });
  return describeAjvErrors(relocated, 'body').map((message) =>
    message === 'requestBody: is required' ? 'body: is required (send a JSON object)' : message,
  );
}

/**
 * An operation's `x-quire-roles` (contract) lists the organization roles that may call it.
 * Checked with authentication, before the body is validated: a member learns nothing from a
 * write it may not make.
 */
function assertRole(operation: { 'x-quire-roles'?: Role[] }, principal: Principal): void {
  const roles = operation['x-quire-roles'];
  if (!roles || roles.includes(principal.role)) return;
  throw new ForbiddenError(
    `This operation needs the ${roles.join(' or ')} role in the organization; your role is ${principal.role}`,
  );
}

/**
 * Drops query parameters the matched operation does not declare: like unknown body fields they
 * are ignored, so a client adding its own parameter (an SDK's cache buster) is not refused.
 */
function withDeclaredQuery(api: OpenAPIBackend, request: ApiRequest): ApiRequest {
  const operation = api.router.matchOperation(request);
  if (!operation || !request.query || typeof request.query !== 'object') return request;
  const declared = new Set(
    (operation.parameters ?? []).flatMap((parameter) =>
      'in' in parameter && parameter.in === 'query' ? [parameter.name] : [],
    ),
  );
  const query = Object.fromEntries(Object.entries(request.query).filter(([name]) => declared.has(name)));
  return { ...request, query };
}

/**
 * Binds handlers to the contract's operationIds. Refuses to build when an operation has no
 * handler or a handler names no operation, so the contract and the code cannot drift apart.
 */
export async function createRouter(
  db: Db,
  handlers: HandlerMap,
  authenticateRequest: Authenticator = (authorization) => authenticate(db, authorization),
): Promise<Routed> {
  const document = loadContract();
  const operationIds = contractOperationIds(document);
  const missing = operationIds.filter((id) => !(id in handlers));
  const unknown = Object.keys(handlers).filter((id) => !operationIds.includes(id));
  if (missing.length || unknown.length) {
    throw new Error(
      `Contract and handlers disagree. Operations without a handler: [${missing.join(', ')}]; handlers without an operation: [${unknown.join(', ')}]`,
    );
  }

  // quick: the 3.1 document is linted separately (redocly); openapi-backend 5 only knows 3.0's meta-schema.
  const api = new OpenAPIBackend({
    definition: document as unknown as Document,
    quick: true,
    strict: true,
    coerceTypes: true,
    // A multipart upload's fields are read by its handler as the body streams in; JSON bodies,
    // parameters and everything else are validated against the contract here.
    validate: (_context: Context, scope: RequestScope) => scope.upload === undefined,
    ajvOpts: { allErrors: true, strict: false, useDefaults: true },
    // Formats (date-time, email…) are checked in requests and in the tests' response checks.
    customizeAjv: (ajv) => {
      addFormatsPkg.default(ajv as never);
      return ajv;
    },
  });

  const principals = new WeakMap<Context, Principal>();

  api.registerSecurityHandler('bearerAuth', async (context: Context) => {
    // Throws 401/403 AppErrors; they propagate out of handleRequest to the one error mapping.
    const principal = await authenticateRequest(context.request.headers.authorization as string | undefined);
    assertRole(context.operation as { 'x-quire-roles'?: Role[] }, principal);
    principals.set(context, principal);
    return true;
  });

  /** Calls an operation's handler with a request that has been validated (or needs no validation). */
  const callHandler = (
    operationId: string,
    request: Pick<ApiRequest, 'query' | 'headers'> & { params: Record<string, string>; requestBody: unknown },
    principal: Principal | null,
    scope: RequestScope,
  ) => {
    // The one cast between openapi-backend and the contract's types: the request has been
    // validated against this operation's schemas (coerced, defaults filled) before the call.
    const handler = handlers[operationId as OperationId] as unknown as ContractHandler;
    // PostgreSQL text cannot hold U+0000: a 400 naming the parameter, not a failed query.
    rejectNulInPath(request.params);
    return handler({
      params: request.params,
      query: request.query,
      body: request.requestBody,
      headers: request.headers,
      principal,
      upload: scope.upload ?? null,
      log: scope.log,
      requestId: scope.requestId,
    });
  };
  const registered: Record<string, (context: Context, scope: RequestScope) => Promise<RoutedResponse>> = {};
  for (const operationId of Object.keys(handlers)) {
    registered[operationId] = (context, scope) =>
      callHandler(
        operationId,
        { ...context.request, params: context.request.params as Record<string, string> },
        principals.get(context) ?? null,
        scope,
      );
  }

  api.register({
    ...registered,
    postSecurityHandler: (context: Context) => {
      // Surface the security handler's own 401/403 instead of openapi-backend's generic failure.
      const result = context.security?.bearerAuth as { error?: unknown } | undefined;
      if (result && typeof result === 'object' && result.error) throw result.error;
    },
    unauthorizedHandler: () => {
      throw new Error('security handler refused without an error');
    },
    validationFail: (context: Context) => {
      throw new ValidationError(describeRequestErrors((context.validation.errors ?? []) as ErrorObject[]));
    },
    notFound: (context: Context) => {
      throw new NotFoundError(`No route for ${context.request.method.toUpperCase()} ${context.request.path}`);
    },
    methodNotAllowed: (context: Context) => {
      throw new MethodNotAllowedError(
        `Method ${context.request.method.toUpperCase()} is not allowed on ${context.request.path}`,
      );
    },
  });
  await api.init();
  // openapi-backend flattens the whole document into its operation list on every match (twice
  // per request, through lodash): with ~60 operations that was a third of the API's CPU under a
  // burst of status polls. The document never changes after init, so the list is built once.
  const operations = api.router.getOperations();
  api.router.getOperations = () => operations;
  const matcher = compileOperationMatching(api.router);
  // init() dereferenced the document: the operations' parameters hold no `$ref`.
  const direct = directOperations(operations);

  /** A request without a query string to an operation that has nothing to validate: its operation and path parameters. */
  const directRoute = (request: ApiRequest): { route: DirectOperation; params: Record<string, string> } | null => {
    if (request.query && typeof request.query === 'object' && Object.keys(request.query).length > 0) return null;
    // One match answers both the operation and its path's values.
    const matched = matcher.match(request);
    const operationId = matched?.operation.operationId;
    const route = operationId === undefined ? undefined : direct.get(operationId);
    if (!route || !matched) return null;
    try {
      return { route, params: route.params(matched.pathValues) };
    } catch {
      return null; // a parameter that does not decode: left to openapi-backend's answer
    }
  };

  return {
    api,
    handle: async (request, scope) => {
      // HEAD is GET without a body (hapi drops the body); the contract lists only GET.
      const asGet = request.method.toLowerCase() === 'head' ? { ...request, method: 'get' } : request;
      const straight = scope.upload === undefined ? directRoute(asGet) : null;
      if (straight) {
        // What openapi-backend would do for it: the bearer scheme's check, then the handler.
        const { operation } = straight.route;
        const principal = await authenticateRequest(asGet.headers.authorization as string | undefined);
        assertRole(operation as { 'x-quire-roles'?: Role[] }, principal);
        const operationId = operation.operationId as string;
        return callHandler(
          operationId,
          { ...asGet, params: straight.params, requestBody: undefined },
          principal,
          scope,
        );
      }
      const routed = withDeclaredQuery(api, asGet);
      // After undeclared parameters are dropped: a NUL in a parameter nobody reads is harmless.
      rejectNulCharacters(routed.query, routed.body);
      return (await api.handleRequest(routed, scope)) as RoutedResponse;
    },
  };
}
