import type { Operation, Request } from 'openapi-backend';
import t from 'tap';
import { type OperationMatcher, rememberMatches } from '../../src/http/remembered-matches.js';

/** A router's method-and-path matches are computed once, misses are not kept, and the memory is bounded. */

function countingRouter() {
  const operations: Record<string, Operation> = {
    'get /items/{id}': { operationId: 'getItem', path: '/items/{id}', method: 'get', responses: {} } as Operation,
  };
  const calls: string[] = [];
  const router = {
    matchOperation(request: Request, strict?: boolean) {
      calls.push(`${request.method} ${request.path}`);
      const found = request.path.startsWith('/items/') ? operations[`${request.method} /items/{id}`] : undefined;
      if (!found && strict) throw new Error('404-notFound: no route matches request');
      return found;
    },
  } as OperationMatcher;
  return { router, calls };
}

t.test('the same method and path are matched once', async (t) => {
  const { router, calls } = countingRouter();
  rememberMatches(router);
  const first = router.matchOperation({ method: 'get', path: '/items/1', headers: {} });
  const second = router.matchOperation({ method: 'get', path: '/items/1', headers: {} }, true);
  t.equal(first?.operationId, 'getItem');
  t.equal(second, first);
  t.same(calls, ['get /items/1']);
  router.matchOperation({ method: 'get', path: '/items/2', headers: {} });
  t.same(calls, ['get /items/1', 'get /items/2'], 'another path is matched');
});

t.test('a miss is matched again every time; strict misses still throw', async (t) => {
  const { router, calls } = countingRouter();
  rememberMatches(router);
  t.equal(router.matchOperation({ method: 'get', path: '/nowhere', headers: {} }), undefined);
  t.throws(() => router.matchOperation({ method: 'get', path: '/nowhere', headers: {} }, true), /404/);
  t.equal(router.matchOperation({ method: 'post', path: '/items/1', headers: {} }), undefined, 'other method');
  t.equal(calls.length, 3);
});

t.test('the memory is emptied when it reaches its limit', async (t) => {
  const { router, calls } = countingRouter();
  rememberMatches(router, 2);
  for (const path of ['/items/1', '/items/2', '/items/3', '/items/1']) {
    router.matchOperation({ method: 'get', path, headers: {} });
  }
  // The third path empties the memory before it is kept, so the first is matched again.
  t.same(calls, ['get /items/1', 'get /items/2', 'get /items/3', 'get /items/1']);
});
