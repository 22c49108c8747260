import type { OpenAPIRouter, Operation, Request } from 'openapi-backend';

/** `{id}` in an OpenAPI path template: one path segment. */
const TEMPLATE_PARAMETER = /\{[^}]+\}/g;

function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The template's pattern as openapi-backend builds it: each `{name}` matches one segment, the
 * rest literally. Each segment is captured, so a match also reads the parameters' values.
 */
function templatePattern(path: string): RegExp {
  return new RegExp(`^${path.split(TEMPLATE_PARAMETER).map(escapeRegExp).join('([^/]+)')}$`);
}

interface CompiledOperation {
  readonly operation: Operation;
  readonly pattern: RegExp;
}

/** The operation a request matched, and the values of its path template's parameters. */
export interface OperationMatch {
  readonly operation: Operation;
  /** In the template's order, as the normalized path has them (not decoded). */
  readonly pathValues: readonly string[];
}

export interface OperationMatcher {
  /** The library's answer to `router.matchOperation(request)` with the path's values, or undefined (404 or 405). */
  match(request: Request): OperationMatch | undefined;
}

function matched(compiled: CompiledOperation, path: string): OperationMatch {
  return { operation: compiled.operation, pathValues: (compiled.pattern.exec(path) ?? []).slice(1) };
}

/**
 * Makes `router.matchOperation` answer from patterns compiled once. openapi-backend builds a
 * regular expression for every operation of the document on every match (three matches per
 * request: body check, undeclared query, routing), which took a large share of the API's CPU
 * under status polls. Answers are remembered by method and path for the next matches of a
 * request and of a polled path. The answer is the library's own: an exact path with the method first,
 * otherwise the template matches ordered by their literal length (longest first, the
 * document's order among equals) and the first with the method; a path without a match is
 * 404, one whose matches lack the method 405 (`strict`), or undefined.
 */
export function compileOperationMatching(router: OpenAPIRouter): OperationMatcher {
  const operations = router
    .getOperations()
    .map((operation): CompiledOperation => ({ operation, pattern: templatePattern(operation.path) }));
  // Ordered once as the library orders a match's candidates (a stable sort, longest literal first).
  const byLiteralLength: CompiledOperation[] = operations
    .map((compiled, index) => ({ compiled, index, literal: compiled.operation.path.replace(/\{.*?\}/g, '').length }))
    .sort((a, b) => b.literal - a.literal || a.index - b.index)
    .map(({ compiled }) => compiled);

  // Private in the typings; the library's own check of its apiRoot, kept so the answer stays the library's.
  const underApiRoot = (path: string) =>
    (router as unknown as { isUnderApiRoot(path: string): boolean }).isUnderApiRoot(path);
  const resolve = (request: Request): Resolved => {
    const normalized = router.normalizeRequest(request);
    if (!underApiRoot(normalized.path)) return NOT_FOUND;
    const path = router.normalizePath(normalized.path);
    const exact = operations.find(({ operation }) => operation.path === path && operation.method === normalized.method);
    if (exact) return matched(exact, path);
    const matches = byLiteralLength.filter(({ pattern }) => pattern.test(path));
    if (matches.length === 0) return NOT_FOUND;
    const withMethod = matches.find(({ operation }) => operation.method === normalized.method);
    return withMethod ? matched(withMethod, path) : METHOD_NOT_ALLOWED;
  };
  // A request is matched several times (the body check, undeclared query parameters, routing,
  // metrics) and a client polls the same path: the answer depends on the method and path alone.
  const recent = new Map<string, Resolved>();
  const resolveRecent = (request: Request): Resolved => {
    const key = `${request.method} ${request.path}`;
    let resolved = recent.get(key);
    if (resolved === undefined) {
      resolved = resolve(request);
      if (recent.size >= RECENT_MATCHES) recent.clear();
      recent.set(key, resolved);
    }
    return resolved;
  };
  router.matchOperation = function matchOperation(request: Request, strict?: boolean) {
    const resolved = resolveRecent(request);
    if (resolved === NOT_FOUND) {
      if (strict) throw Error('404-notFound: no route matches request');
      return undefined;
    }
    if (resolved === METHOD_NOT_ALLOWED) {
      if (strict) throw Error('405-methodNotAllowed: this method is not registered for the route');
      return undefined;
    }
    return resolved.operation;
  } as OpenAPIRouter['matchOperation'];
  return {
    match(request) {
      const resolved = resolveRecent(request);
      return typeof resolved === 'symbol' ? undefined : resolved;
    },
  };
}

const NOT_FOUND = Symbol('no operation has the path');
const METHOD_NOT_ALLOWED = Symbol('operations have the path, none the method');
type Resolved = OperationMatch | typeof NOT_FOUND | typeof METHOD_NOT_ALLOWED;
/** Matches remembered (by method and path); the memory is cleared when full. */
const RECENT_MATCHES = 1024;
