import t, { type Test } from 'tap';
import { hashToken } from '../../src/modules/identity/api-key-token.js';
import { addMember, createApiKey, createUser, removeMember, revokeApiKey } from '../../src/modules/identity/service.js';
import { createType, documentTypesApi, MISSING_ID, visibleIds } from '../helpers/document-types.js';
import { addActor, createActor, documentTypeBody } from '../helpers/factories.js';
import { buildTestApp, type InjectedResponse } from '../helpers/server.js';

/**
 * Authentication and tenancy: missing or invalid keys
 * answer 401, keys without an organization or whose owner left it answer 403 on every
 * operation, and another organization's data answers 404 exactly like missing data.
 */

const app = await buildTestApp(t);
const api = documentTypesApi(app);

/** One request per document-type operation, on an existing type id. */
function everyOperation(headers: Record<string, string>, id: string, slug: string) {
  return {
    'GET /api/auth/ok': () => app.inject({ method: 'GET', url: '/api/auth/ok', headers }),
    'GET /api/document-types': () => api.list(headers),
    'POST /api/document-types': () => api.create(headers, documentTypeBody(slug)),
    'GET /api/document-types/{id}': () => api.get(headers, id),
    'PUT /api/document-types/{id}': () => api.update(headers, id, { name: 'Renamed' }, 'PUT'),
    'PATCH /api/document-types/{id}': () => api.update(headers, id, { name: 'Renamed' }, 'PATCH'),
    'DELETE /api/document-types/{id}': () => api.remove(headers, id),
    'GET /api/document-types/{id}/versions': () => api.versions(headers, id),
    'POST /api/document-types/{id}/validate': () => api.validate(headers, id, { invoice_number: 'F-1' }),
  };
}

async function expectEverywhere(
  t: Test,
  operations: Record<string, () => Promise<InjectedResponse>>,
  status: number,
  message?: RegExp,
) {
  for (const [name, run] of Object.entries(operations)) {
    const res = await run();
    t.equal(res.statusCode, status, `${name} answers ${status}`);
    t.type(res.body?.message, 'string', `${name} carries a message`);
    if (message) t.match(res.body?.message, message, `${name} says why`);
  }
}

t.test('GET /api/auth/ok answers who the key acts as', async (t) => {
  const owner = await createActor(app.db, { slug: 'authok' });
  const res = await app.inject({ method: 'GET', url: '/api/auth/ok', headers: owner.headers });
  t.equal(res.statusCode, 200);
  t.same(res.body, {
    ok: true,
    user: { id: owner.user.id, email: owner.user.email, isPlatformAdmin: false },
    organization: { id: owner.organization.id, slug: 'authok', name: owner.organization.name },
    role: 'owner',
  });

  const member = await addActor(app.db, owner.organization, { role: 'member' });
  const asMember = await app.inject({ method: 'GET', url: '/api/auth/ok', headers: member.headers });
  t.equal(asMember.statusCode, 200);
  t.equal(asMember.body.role, 'member');
  t.equal(asMember.body.user.id, member.user.id);

  const admin = await addActor(app.db, owner.organization, { role: 'admin', platformAdmin: true });
  const asAdmin = await app.inject({ method: 'GET', url: '/api/auth/ok', headers: admin.headers });
  t.equal(asAdmin.statusCode, 200);
  t.equal(asAdmin.body.role, 'admin');
  t.equal(asAdmin.body.user.isPlatformAdmin, true);
});

t.test('the Bearer scheme is case-insensitive', async (t) => {
  const owner = await createActor(app.db);
  const token = owner.headers.authorization.slice('Bearer '.length);
  const res = await app.inject({ method: 'GET', url: '/api/auth/ok', headers: { authorization: `bearer ${token}` } });
  t.equal(res.statusCode, 200);
});

t.test('a missing Authorization header answers 401 on every operation', async (t) => {
  const owner = await createActor(app.db);
  const type = await createType(app, owner);
  await expectEverywhere(t, everyOperation({}, type.id, owner.organization.slug), 401);
  t.equal((await api.get(owner.headers, type.id)).statusCode, 200, 'the type is untouched');
});

t.test('new keys carry the dtq_ prefix the hosted CLI accepts; keys issued as qk_ still work', async (t) => {
  const owner = await createActor(app.db);
  const token = owner.headers.authorization.slice('Bearer '.length);
  t.match(token, /^dt[A-Za-z0-9_-]{20,}$/, 'passes `docutray login --api-key`');
  t.match(token, /^dtq_/);
  const ok = await app.inject({ method: 'GET', url: '/api/auth/ok', headers: owner.headers });
  t.equal(ok.statusCode, 200);

  // A key as issued before the prefix changed: its row holds the hash of the qk_ token.
  const lookupId = 'feedfacecafebeef';
  const oldToken = `qk_${lookupId}_${'x'.repeat(43)}`;
  await app.db('api_keys').insert({
    lookup_id: lookupId,
    token_hash: hashToken(oldToken),
    user_id: owner.user.id,
    organization_id: owner.organization.id,
    name: 'issued as qk_',
  });
  const old = await app.inject({
    method: 'GET',
    url: '/api/auth/ok',
    headers: { authorization: `Bearer ${oldToken}` },
  });
  t.equal(old.statusCode, 200, 'an old qk_ key still authenticates');
  const swapped = await app.inject({
    method: 'GET',
    url: '/api/auth/ok',
    headers: { authorization: `Bearer dtq_${lookupId}_${'x'.repeat(43)}` },
  });
  t.equal(swapped.statusCode, 401, 'the prefix is part of the key: dtq_ in place of qk_ is another key');
});

t.test('malformed and unknown keys answer 401', async (t) => {
  const owner = await createActor(app.db);
  const token = owner.headers.authorization.slice('Bearer '.length);
  const wrongSecret = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
  const unknownWellFormed = `dtq_${'0'.repeat(16)}_${'A'.repeat(43)}`;
  const headers: Record<string, string>[] = [
    { authorization: '' },
    { authorization: 'Bearer' },
    { authorization: 'Bearer ' },
    { authorization: token },
    { authorization: `Basic ${Buffer.from('user:pass').toString('base64')}` },
    { authorization: 'Bearer not-a-key' },
    { authorization: `Bearer ${token}x` },
    { authorization: `Bearer ${token} ${token}` },
    { authorization: `Bearer ${unknownWellFormed}` },
    { authorization: `Bearer ${wrongSecret}` },
  ];
  for (const header of headers) {
    const res = await app.inject({ method: 'GET', url: '/api/auth/ok', headers: header });
    t.equal(res.statusCode, 401, `authorization "${header.authorization}" answers 401`);
    t.type(res.body.message, 'string');
    const list = await api.list(header);
    t.equal(list.statusCode, 401, `listing with "${header.authorization}" answers 401`);
  }
});

t.test('authentication comes before body validation', async (t) => {
  const res = await api.create({}, {});
  t.equal(res.statusCode, 401, 'no key and an invalid body: 401, not 400');
  const noOrgUser = await createUser(app.db, 'order-check@example.test');
  const noOrgKey = await createApiKey(app.db, noOrgUser.email, null, null);
  const forbidden = await api.create({ authorization: `Bearer ${noOrgKey.key}` }, {});
  t.equal(forbidden.statusCode, 403, 'a key without organization and an invalid body: 403, not 400');
});

t.test('a revoked key answers 401 on reads and writes; the owner’s other keys keep working', async (t) => {
  const owner = await createActor(app.db);
  const type = await createType(app, owner);
  const second = await createApiKey(app.db, owner.user.email, owner.organization.slug, 'second');
  t.equal((await app.inject({ method: 'GET', url: '/api/auth/ok', headers: owner.headers })).statusCode, 200);

  await revokeApiKey(app.db, owner.keyId);
  await expectEverywhere(t, everyOperation(owner.headers, type.id, owner.organization.slug), 401);

  const other = { authorization: `Bearer ${second.key}` };
  t.equal((await app.inject({ method: 'GET', url: '/api/auth/ok', headers: other })).statusCode, 200);
  const read = await api.get(other, type.id);
  t.equal(read.statusCode, 200);
  t.equal(read.body.data.name, 'Invoice', 'no write went through with the revoked key');
});

t.test('a key without an organization answers 403 on every operation', async (t) => {
  const owner = await createActor(app.db);
  const type = await createType(app, owner);
  // The user is a member of an organization, but this key is bound to none.
  const noOrgKey = await createApiKey(app.db, owner.user.email, null, 'no-org');
  const headers = { authorization: `Bearer ${noOrgKey.key}` };
  await expectEverywhere(t, everyOperation(headers, type.id, owner.organization.slug), 403, /organization/i);

  const loner = await createUser(app.db, 'loner@example.test');
  const lonerKey = await createApiKey(app.db, loner.email, null, null);
  const lonerHeaders = { authorization: `Bearer ${lonerKey.key}` };
  await expectEverywhere(t, everyOperation(lonerHeaders, MISSING_ID, 'loner'), 403);

  const after = await api.get(owner.headers, type.id);
  t.equal(after.statusCode, 200, 'nothing was deleted');
  t.equal(after.body.data.name, 'Invoice', 'nothing was updated');
  t.equal((await api.versions(owner.headers, type.id)).body.pagination.total, 0, 'no snapshot was taken');
});

t.test('a key whose owner was removed from the organization answers 403 on reads and writes', async (t) => {
  const owner = await createActor(app.db);
  const leaver = await addActor(app.db, owner.organization, { role: 'owner' });
  const ownType = await createType(app, leaver);
  t.equal((await app.inject({ method: 'GET', url: '/api/auth/ok', headers: leaver.headers })).statusCode, 200);

  await removeMember(app.db, owner.organization.slug, leaver.user.email);
  await expectEverywhere(t, everyOperation(leaver.headers, ownType.id, owner.organization.slug), 403, /member/i);

  const after = await api.get(owner.headers, ownType.id);
  t.equal(after.statusCode, 200, 'the type the leaver created is still there');
  t.equal(after.body.data.name, 'Invoice');
  t.equal((await visibleIds(app, owner)).length, 1, 'the leaver created nothing');

  await addMember(app.db, owner.organization.slug, leaver.user.email, 'member');
  const back = await app.inject({ method: 'GET', url: '/api/auth/ok', headers: leaver.headers });
  t.equal(back.statusCode, 200, 'rejoining restores the key');
  t.equal(back.body.role, 'member');
});

t.test('a key is scoped to its own organization, never to the owner’s other ones', async (t) => {
  const a = await createActor(app.db, { slug: 'scope-a' });
  const b = await createActor(app.db, { slug: 'scope-b' });
  // a's user is also an owner in b, but a's key is bound to scope-a.
  await addMember(app.db, 'scope-b', a.user.email, 'owner');
  const bType = await createType(app, b);

  t.equal((await api.get(a.headers, bType.id)).statusCode, 404);
  t.notOk((await visibleIds(app, a)).includes(bType.id), 'not listed');
  const created = await api.create(a.headers, documentTypeBody('scope-b'));
  t.equal(created.statusCode, 400, 'the codeType prefix is the key’s organization’s, not another one’s');

  const keyForB = await createApiKey(app.db, a.user.email, 'scope-b', null);
  const asB = { authorization: `Bearer ${keyForB.key}` };
  t.equal((await api.get(asB, bType.id)).statusCode, 200, 'a key for the other organization sees it');
  const ok = await app.inject({ method: 'GET', url: '/api/auth/ok', headers: asB });
  t.equal(ok.body.organization.slug, 'scope-b');
});

t.test('another organization’s private type answers 404 exactly like a missing one', async (t) => {
  const owner = await createActor(app.db);
  const stranger = await createActor(app.db);
  const type = await createType(app, owner);

  const pairs: [string, (id: string) => Promise<InjectedResponse>][] = [
    ['get', (id) => api.get(stranger.headers, id)],
    ['put', (id) => api.update(stranger.headers, id, { name: 'Stolen' }, 'PUT')],
    ['patch', (id) => api.update(stranger.headers, id, { isDraft: false }, 'PATCH')],
    ['delete', (id) => api.remove(stranger.headers, id)],
    ['versions', (id) => api.versions(stranger.headers, id)],
    ['validate', (id) => api.validate(stranger.headers, id, { invoice_number: 'F-1' })],
    ['validate without body', (id) => api.validate(stranger.headers, id)],
  ];
  for (const [name, run] of pairs) {
    const foreign = await run(type.id);
    const missing = await run(MISSING_ID);
    t.equal(foreign.statusCode, 404, `${name}: another organization’s type answers 404`);
    t.equal(missing.statusCode, 404, `${name}: a missing type answers 404`);
    t.same(foreign.body, missing.body, `${name}: the two bodies are identical`);
    t.same(Object.keys(foreign.body).sort(), Object.keys(missing.body).sort());
  }

  const after = await api.get(owner.headers, type.id);
  t.equal(after.statusCode, 200, 'the stranger deleted nothing');
  t.equal(after.body.data.name, 'Invoice', 'the stranger renamed nothing');
  t.equal(after.body.data.isDraft, true);
  t.equal((await api.versions(owner.headers, type.id)).body.pagination.total, 0, 'and no snapshot was taken');
});

t.test('a platform admin is scoped to its key’s organization too', async (t) => {
  const owner = await createActor(app.db);
  const platformAdmin = await createActor(app.db, { platformAdmin: true });
  const type = await createType(app, owner);
  const missing = await api.get(platformAdmin.headers, MISSING_ID);
  const foreign = await api.get(platformAdmin.headers, type.id);
  t.equal(foreign.statusCode, 404, 'another organization’s private type is invisible to a platform admin');
  t.same(foreign.body, missing.body);
  t.equal((await api.update(platformAdmin.headers, type.id, { isPublic: true })).statusCode, 404);
  t.equal((await api.remove(platformAdmin.headers, type.id)).statusCode, 404);
  t.notOk((await visibleIds(app, platformAdmin)).includes(type.id));
  t.equal((await api.get(owner.headers, type.id)).body.data.isPublic, false);
});

t.test('a deleted type of another organization also answers 404 like a missing one', async (t) => {
  const owner = await createActor(app.db);
  const stranger = await createActor(app.db);
  const type = await createType(app, owner);
  t.equal((await api.remove(owner.headers, type.id)).statusCode, 200);
  const foreign = await api.get(stranger.headers, type.id);
  const missing = await api.get(stranger.headers, MISSING_ID);
  t.equal(foreign.statusCode, 404);
  t.same(foreign.body, missing.body);
});

t.test('an id that is not a uuid, or a codeType, answers 404 on every id operation', async (t) => {
  const owner = await createActor(app.db);
  const type = await createType(app, owner);
  for (const id of ['not-a-uuid', '12345', type.codeType, `${type.id}x`, type.id.toUpperCase().replace(/-/g, '')]) {
    const responses = {
      get: await api.get(owner.headers, id),
      put: await api.update(owner.headers, id, { name: 'Renamed' }, 'PUT'),
      patch: await api.update(owner.headers, id, { name: 'Renamed' }, 'PATCH'),
      delete: await api.remove(owner.headers, id),
      versions: await api.versions(owner.headers, id),
      validate: await api.validate(owner.headers, id, {}),
    };
    for (const [name, res] of Object.entries(responses)) {
      t.equal(res.statusCode, 404, `${name} with id "${id}" answers 404`);
      t.type(res.body.message, 'string');
    }
  }
  const after = await api.get(owner.headers, type.id);
  t.equal(after.body.data.name, 'Invoice', 'nothing was changed');
});

t.test('an organization’s members all read its types; reads need no particular role', async (t) => {
  const owner = await createActor(app.db);
  const member = await addActor(app.db, owner.organization, { role: 'member' });
  const orgAdmin = await addActor(app.db, owner.organization, { role: 'admin' });
  const type = await createType(app, owner);
  for (const actor of [owner, member, orgAdmin]) {
    t.equal((await api.get(actor.headers, type.id)).statusCode, 200);
    t.ok((await visibleIds(app, actor)).includes(type.id));
    t.equal((await api.versions(actor.headers, type.id)).statusCode, 200);
    t.equal((await api.validate(actor.headers, type.id, { invoice_number: 'F-1' })).statusCode, 200);
  }
});
