import t from 'tap';
import { MAX_JSON_DEPTH } from '../../src/http/request-body.js';
import { deepArrayText, deepObjectText } from '../helpers/contract-fuzz.js';
import { createActor } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';
import { createStep } from '../helpers/steps.js';

const app = await buildTestApp(t, { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
const actor = await createActor(app.db);
const json = { ...actor.headers, 'content-type': 'application/json' };

t.test('a body nested deeper than the limit is a 400 naming the limit, on every kind of route', async (t) => {
  const step = await createStep(app, actor);
  const requests = [
    { method: 'POST', url: '/api/document-types', payload: deepArrayText(20_000) },
    { method: 'POST', url: '/api/knowledge-bases', payload: deepObjectText(5_000) },
    { method: 'PATCH', url: `/api/steps/${step.id}`, payload: deepArrayText(MAX_JSON_DEPTH + 1) },
    { method: 'POST', url: `/api/steps-async/${step.id}`, payload: deepArrayText(20_000) },
  ];
  for (const request of requests) {
    const res = await app.inject({ ...request, headers: json });
    t.equal(res.statusCode, 400, `${request.method} ${request.url}`);
    t.match(res.body.message, `at most ${MAX_JSON_DEPTH} levels`);
  }
});

t.test('nesting up to the limit is accepted, and brackets inside strings do not count', async (t) => {
  const { body: created } = await app.inject({
    method: 'POST',
    url: '/api/document-types',
    headers: json,
    payload: {
      codeType: `${actor.organization.slug}_nested`,
      name: 'Nested',
      description: 'nested',
      jsonSchema: { type: 'object' },
    },
  });
  let document: unknown = { text: '[[[[{{{{'.repeat(1000) };
  for (let level = 1; level < MAX_JSON_DEPTH; level += 1) document = [document];
  const res = await app.inject({
    method: 'POST',
    url: `/api/document-types/${created.data.id}/validate`,
    headers: json,
    payload: JSON.stringify(document),
  });
  t.equal(res.statusCode, 200);
  t.equal(res.body.valid, false, 'validated: an array is not an object');
});

t.test('"__proto__" as a key is refused with a 400', async (t) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/steps',
    headers: json,
    payload: '{"name":"x","__proto__":{"isAdmin":true}}',
  });
  t.equal(res.statusCode, 400);
  t.match(res.body.message, '__proto__');
});

t.test('an operation without a request body ignores any body and Content-Type', async (t) => {
  for (const contentType of ['application/json', 'text/plain', ';', 'multipart/form-data', '']) {
    const step = await createStep(app, actor);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/steps/${step.id}`,
      headers: { ...actor.headers, 'content-type': contentType },
      payload: contentType === 'application/json' ? deepArrayText(20_000) : '{"a":',
    });
    t.equal(res.statusCode, 200, `DELETE with Content-Type "${contentType}"`);
  }
  await app.inject({
    method: 'PUT',
    url: '/api/webhook-endpoint',
    headers: json,
    payload: { url: 'http://127.0.0.1:9/hook' },
  });
  const rotated = await app.inject({
    method: 'POST',
    url: '/api/webhook-endpoint/rotate-secret',
    headers: { ...actor.headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'a=1',
  });
  t.equal(rotated.statusCode, 200);
  const redeliver = await app.inject({
    method: 'POST',
    url: '/api/webhook-deliveries/00000000-0000-4000-8000-000000000000/redeliver',
    headers: json,
    payload: '{',
  });
  t.equal(redeliver.statusCode, 404, 'the body is not read: the delivery is looked up');
});

t.test('a NUL in a query parameter the operation does not declare is ignored', async (t) => {
  for (const url of ['/healthz?%00=1', '/docs?a%00b=1', '/openapi.json?q=%00', '/metrics?x=%ZZ']) {
    const res = await app.inject({ method: 'GET', url });
    t.equal(res.statusCode, 200, url);
  }
  const auth = await app.inject({ method: 'GET', url: '/api/auth/ok?a%00b=1', headers: actor.headers });
  t.equal(auth.statusCode, 200);
  const declared = await app.inject({ method: 'GET', url: '/api/steps?search=a%00b', headers: actor.headers });
  t.equal(declared.statusCode, 400, 'a declared parameter holding NUL is still refused');
  t.match(declared.body.errors, ['query.search: must not contain the NUL character (\\u0000)']);
});

t.test('a path that is not valid percent-encoding is a 404 like any unknown path', async (t) => {
  const res = await app.inject({ method: 'GET', url: '/api/steps/%E0%A4%A', headers: actor.headers });
  t.equal(res.statusCode, 404);
  t.match(res.body.message, 'not valid percent-encoding');
  t.type(res.headers['x-request-id'], 'string');
});
