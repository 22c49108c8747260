import t from 'tap';
import { createActor } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';

// Issue requirement: authentication costs at most one database round trip per request.
t.test('an authenticated request that needs no data makes exactly one query', async (t) => {
  const app = await buildTestApp(t);
  const actor = await createActor(app.db);
  const queries: string[] = [];
  const onQuery = (query: { sql: string }) => queries.push(query.sql);
  app.db.on('query', onQuery);
  t.teardown(() => {
    app.db.removeListener('query', onQuery);
  });

  const res = await app.inject({ method: 'GET', url: '/api/auth/ok', headers: actor.headers });
  t.equal(res.statusCode, 200);
  t.equal(queries.length, 1, 'one round trip resolves key, user, organization and membership');

  queries.length = 0;
  const rejected = await app.inject({ method: 'GET', url: '/api/auth/ok', headers: { authorization: 'Bearer nope' } });
  t.equal(rejected.statusCode, 401);
  t.equal(queries.length, 0, 'a malformed key never reaches the database');
});
