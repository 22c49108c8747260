import t from 'tap';
import { addActor, createActor } from '../helpers/factories.js';
import { childEnv, parseJson, runQuire } from '../helpers/processes.js';
import { buildTestApp } from '../helpers/server.js';

/** The endpoint configuration: PUT, GET, DELETE, rotate-secret, roles, and `quire webhook set`. */

const app = await buildTestApp(t);
const owner = await createActor(app.db, { slug: 'hooks' });
const admin = await addActor(app.db, owner.organization, { role: 'admin' });
const member = await addActor(app.db, owner.organization, { role: 'member' });
const call = (actor: { headers: Record<string, string> }, method: string, url: string, payload?: object) =>
  app.inject({ method, url, headers: actor.headers, ...(payload ? { payload } : {}) });

t.test('no endpoint yet: 404', async (t) => {
  const res = await call(owner, 'GET', '/api/webhook-endpoint');
  t.equal(res.statusCode, 404);
  t.equal(res.body.message, 'No webhook endpoint is configured for this organization');
});

t.test('PUT creates with a secret shown once; reads never show it', async (t) => {
  const created = await call(owner, 'PUT', '/api/webhook-endpoint', { url: 'https://hooks.example.com/quire' });
  t.equal(created.statusCode, 201);
  const secret = created.body.data.secret;
  t.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
  t.equal(Buffer.from(secret.slice(6), 'base64').length, 32);
  t.equal(created.body.data.url, 'https://hooks.example.com/quire');
  t.equal(created.body.data.enabled, true);
  t.equal(created.body.data.organizationId, owner.organization.id);

  for (const actor of [owner, admin]) {
    const read = await call(actor, 'GET', '/api/webhook-endpoint');
    t.equal(read.statusCode, 200);
    t.notOk('secret' in read.body.data, 'no secret in a read');
    t.notMatch(read.payload, secret.slice(6));
  }
  const byMember = await call(member, 'GET', '/api/webhook-endpoint');
  t.equal(byMember.statusCode, 403, 'a member may not read the webhook configuration');
  t.match(byMember.body.message, 'owner or admin role');

  const changed = await call(admin, 'PUT', '/api/webhook-endpoint', { url: 'http://hooks.example.com/v2' });
  t.equal(changed.statusCode, 200);
  t.equal(changed.body.data.url, 'http://hooks.example.com/v2');
  t.notOk('secret' in changed.body.data, 'a URL change keeps (and does not show) the secret');
  const stored = await app.db('webhook_endpoints').where({ organization_id: owner.organization.id }).first();
  t.equal(stored.secret, secret);
});

t.test('bad URLs are refused naming the problem; members may not write', async (t) => {
  for (const [url, message] of [
    ['ftp://example.com/x', 'url: must be an http or https URL, got ftp'],
    ['not a url', 'url: must be an absolute http or https URL'],
    ['https://user:pw@example.com/', 'url: must not contain a user name or password'],
  ]) {
    const res = await call(owner, 'PUT', '/api/webhook-endpoint', { url });
    t.equal(res.statusCode, 400, String(url));
    t.same(res.body.errors, [message]);
  }
  const missing = await call(owner, 'PUT', '/api/webhook-endpoint', {});
  t.equal(missing.statusCode, 400);
  t.equal((await call(member, 'PUT', '/api/webhook-endpoint', { url: 'https://x.example/' })).statusCode, 403);
  t.equal((await call(member, 'POST', '/api/webhook-endpoint/rotate-secret')).statusCode, 403);
  t.equal((await call(member, 'DELETE', '/api/webhook-endpoint')).statusCode, 403);
});

t.test('rotate-secret: a new secret, the old one signs for 24 hours', async (t) => {
  const before = await app.db('webhook_endpoints').where({ organization_id: owner.organization.id }).first();
  const res = await call(owner, 'POST', '/api/webhook-endpoint/rotate-secret');
  t.equal(res.statusCode, 200);
  t.match(res.body.data.secret, /^whsec_/);
  t.not(res.body.data.secret, before.secret);
  const expires = Date.parse(res.body.data.previousSecretExpiresAt);
  t.ok(Math.abs(expires - (Date.now() + 86_400_000)) < 60_000, 'about 24 h from now');
  const after = await app.db('webhook_endpoints').where({ organization_id: owner.organization.id }).first();
  t.equal(after.previous_secret, before.secret);
  const read = await call(admin, 'GET', '/api/webhook-endpoint');
  t.notMatch(read.payload, /whsec_/);
  t.equal(read.body.data.previousSecretExpiresAt, res.body.data.previousSecretExpiresAt);
});

t.test('DELETE removes it; then 404', async (t) => {
  const res = await call(owner, 'DELETE', '/api/webhook-endpoint');
  t.equal(res.statusCode, 200);
  t.same(res.body.data, { id: owner.organization.id, deleted: true });
  t.equal((await call(owner, 'GET', '/api/webhook-endpoint')).statusCode, 404);
  t.equal((await call(owner, 'DELETE', '/api/webhook-endpoint')).statusCode, 404);
  t.equal((await call(owner, 'POST', '/api/webhook-endpoint/rotate-secret')).statusCode, 404);
});

t.test('quire webhook set prints the url and secret', async (t) => {
  const env = childEnv({ DATABASE_URL: app.config.databaseUrl as string });
  const result = await runQuire(['webhook', 'set', '--org', 'hooks', '--url', 'http://127.0.0.1:9999/hook'], env);
  t.equal(result.code, 0, result.stderr);
  const printed = parseJson(result);
  t.same(Object.keys(printed).sort(), ['secret', 'url']);
  t.equal(printed.url, 'http://127.0.0.1:9999/hook');
  t.match(printed.secret, /^whsec_/);
  const read = await call(admin, 'GET', '/api/webhook-endpoint');
  t.equal(read.body.data.url, 'http://127.0.0.1:9999/hook');

  const bad = await runQuire(['webhook', 'set', '--org', 'hooks', '--url', 'gopher://x'], env);
  t.equal(bad.code, 1);
  t.match(bad.stderr, /quire: url: must be an http or https URL, got gopher/);
  const unknown = await runQuire(['webhook', 'set', '--org', 'nope', '--url', 'http://x.example/'], env);
  t.equal(unknown.code, 1);
  t.match(unknown.stderr, /No organization with slug "nope"/);
});
