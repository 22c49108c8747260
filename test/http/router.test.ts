import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { createDb } from '../../src/db/knex.js';
import { allHandlers } from '../../src/http/all-handlers.js';
import { createMetrics } from '../../src/http/metrics.js';
import { createRouter } from '../../src/http/router.js';
import { createLogger } from '../../src/logger.js';
import { createExecutionWaiter } from '../../src/modules/executions/wait-for-execution.js';
import { createSearchIndexes } from '../../src/modules/knowledge-bases/search.js';

// No query runs here: the pool connects lazily and is destroyed at the end.
const db = createDb('postgres://nobody@127.0.0.1:1/none');
t.teardown(() => db.destroy());
// The waiter opens its LISTEN connection only when a request waits, which none does here.
const waiter = createExecutionWaiter(db, 'postgres://nobody@127.0.0.1:1/none', createLogger('silent'));
const handlers = allHandlers(db, createMetrics(db), loadConfig({}), waiter, createSearchIndexes());

t.test('the router refuses to start when an operation has no handler', async (t) => {
  const { getHealth: _dropped, ...withoutHealth } = handlers;
  await t.rejects(createRouter(db, withoutHealth), /Operations without a handler: \[getHealth\]/);
});

t.test('the router refuses to start when a handler names no operation', async (t) => {
  await t.rejects(
    createRouter(db, { ...handlers, ['noSuchOperation' as 'getHealth']: handlers.getHealth }),
    /handlers without an operation: \[noSuchOperation\]/,
  );
});

t.test('every operation of the contract has a handler', async (t) => {
  await t.resolves(createRouter(db, handlers));
});
