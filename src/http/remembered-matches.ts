import type { Operation, Request } from 'openapi-backend';

/** The part of openapi-backend's router that maps a request's method and path to its operation. */
export interface OperationMatcher {
  matchOperation(request: Request): Operation | undefined;
  matchOperation(request: Request, strict: boolean): Operation;
}

/** Method-and-path answers kept at most (a search path per knowledge base, a status path per execution). */
export const REMEMBERED_MATCHES = 10_000;

/**
 * Makes `router` remember which operation a method and path match. openapi-backend builds and
 * compiles a regular expression for every path template of the contract on each match, and a
 * request is matched several times (routing, declared query parameters, body parsing): about a
 * tenth of a knowledge-base search's CPU. The operation list never changes after init, so the
 * answer for a method and path never does either. Only matches are kept (a strict miss still
 * throws its 404 or 405 each time), and the memory is emptied when it reaches `limit` entries.
 */
export function rememberMatches(router: OperationMatcher, limit = REMEMBERED_MATCHES): void {
  const match = router.matchOperation.bind(router) as (request: Request, strict?: boolean) => Operation | undefined;
  const remembered = new Map<string, Operation>();
  router.matchOperation = ((request: Request, strict?: boolean) => {
    // Matching reads only the method and the path (openapi-backend normalises both first).
    const key = `${request.method} ${request.path}`;
    const known = remembered.get(key);
    if (known) return known;
    const operation = match(request, strict);
    if (operation) {
      if (remembered.size >= limit) remembered.clear();
      remembered.set(key, operation);
    }
    return operation;
  }) as OperationMatcher['matchOperation'];
}
