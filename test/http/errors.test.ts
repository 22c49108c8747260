import t from 'tap';
import { createActor } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';

const app = await buildTestApp(t, { MAX_UPLOAD_BYTES: '2048' });
const actor = await createActor(app.db);

t.test('unknown path answers 404 with a message', async (t) => {
  const res = await app.inject({ method: 'GET', url: '/api/nope', headers: actor.headers });
  t.equal(res.statusCode, 404);
  t.match(res.body, { message: /No route for GET \/api\/nope/ });
});

t.test('wrong method answers 405', async (t) => {
  const res = await app.inject({ method: 'POST', url: '/healthz' });
  t.equal(res.statusCode, 405);
  t.match(res.body, { message: /POST is not allowed/ });
});

t.test('malformed JSON answers 400 with the shared shape', async (t) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/document-types',
    headers: { ...actor.headers, 'content-type': 'application/json' },
    payload: '{"name": ',
  });
  t.equal(res.statusCode, 400);
  t.same(res.body, { message: 'Malformed JSON in request body' });
});

t.test('unsupported media type answers 415', async (t) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/document-types',
    headers: { ...actor.headers, 'content-type': 'text/plain' },
    payload: 'hello',
  });
  t.equal(res.statusCode, 415);
  t.match(res.body, { message: /Unsupported Content-Type/ });
});

t.test('oversized body answers 413', async (t) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/document-types',
    headers: { ...actor.headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'x'.repeat(200_000) }),
  });
  t.equal(res.statusCode, 413);
  t.match(res.body, { message: /too large/ });
});

t.test('every response carries x-request-id; a sane incoming one is echoed', async (t) => {
  const echoed = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
  t.equal(echoed.headers['x-request-id'], 'abc-123');
  const replaced = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad value!' } });
  t.not(replaced.headers['x-request-id'], 'bad value!');
  t.match(replaced.headers['x-request-id'], /^[0-9a-f-]{36}$/);
});

t.test('health, readiness and the contract need no key', async (t) => {
  t.same((await app.inject({ method: 'GET', url: '/healthz' })).body, { status: 'ok' });
  t.same((await app.inject({ method: 'GET', url: '/readyz' })).body, { status: 'ready', database: 'ok' });
  const contract = await app.inject({ method: 'GET', url: '/openapi.json' });
  t.equal(contract.statusCode, 200);
  t.equal(contract.body.openapi, '3.1.0');
  t.ok(contract.body.paths['/api/document-types']);
});

t.test('a NUL character is refused with a 400 naming the field, not a database error', async (t) => {
  const inBody = await app.inject({
    method: 'POST',
    url: '/api/document-types',
    headers: actor.headers,
    payload: { codeType: 'x_abc', name: 'In\u0000voice', description: 'd', jsonSchema: { type: 'object' } },
  });
  t.equal(inBody.statusCode, 400);
  t.match(inBody.body.errors, [/^name: must not contain the NUL/]);
  const inQuery = await app.inject({ method: 'GET', url: '/api/document-types?search=a%00b', headers: actor.headers });
  t.equal(inQuery.statusCode, 400);
  t.match(inQuery.body.errors, [/^query\.search/]);
});

t.test('HEAD answers like GET, without a body', async (t) => {
  const res = await app.inject({ method: 'HEAD', url: '/healthz' });
  t.equal(res.statusCode, 200);
  t.equal(res.payload, '');
  t.equal((await app.inject({ method: 'HEAD', url: '/api/document-types' })).statusCode, 401);
});

t.test('a missing body on an operation that needs one is named', async (t) => {
  const res = await app.inject({ method: 'POST', url: '/api/document-types', headers: actor.headers });
  t.equal(res.statusCode, 400);
  t.same(res.body, { message: 'Validation error', errors: ['body: is required (send a JSON object)'] });
});

t.test('a page number beyond 2147483647 is refused; a large one inside is an empty page', async (t) => {
  const inside = await app.inject({
    method: 'GET',
    url: '/api/document-types?page=2147483647&limit=100',
    headers: actor.headers,
  });
  t.equal(inside.statusCode, 200);
  t.same(inside.body.data, []);
  const beyond = await app.inject({
    method: 'GET',
    url: '/api/document-types?page=2147483648',
    headers: actor.headers,
  });
  t.equal(beyond.statusCode, 400);
  t.match(beyond.body.errors, [/^query\.page/]);
});
