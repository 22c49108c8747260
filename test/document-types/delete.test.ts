import t from 'tap';
import { createType, documentTypesApi, MISSING_ID, visibleIds } from '../helpers/document-types.js';
import { addActor, createActor, documentTypeBody } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';

/** Deleting document types. */

const app = await buildTestApp(t);
const api = documentTypesApi(app);
const owner = await createActor(app.db, { slug: 'acme' });
const outsider = await createActor(app.db, { slug: 'outsider' });

t.test('the creator deletes: 200 {data: {id, deleted: true}}', async (t) => {
  const created = await createType(app, owner);
  const res = await api.remove(owner.headers, created.id);
  t.equal(res.statusCode, 200);
  t.same(res.body, { data: { id: created.id, deleted: true } });
});

t.test('a deleted type disappears from every read', async (t) => {
  const created = await createType(app, owner, { isDraft: false });
  const keep = await createType(app, owner);
  t.equal((await api.remove(owner.headers, created.id)).statusCode, 200);

  const missing = await api.get(owner.headers, MISSING_ID);
  const get = await api.get(owner.headers, created.id);
  t.equal(get.statusCode, 404);
  t.same(get.body, missing.body, 'like a type that never existed');
  t.notOk((await visibleIds(app, owner)).includes(created.id), 'not listed');
  t.ok((await visibleIds(app, owner)).includes(keep.id), 'the others still are');
  const search = await api.list(owner.headers, `search=${created.codeType}`);
  t.same(search.body.data, [], 'not found by search');
  t.equal(search.body.pagination.total, 0, 'not counted');
  t.equal((await api.validate(owner.headers, created.id, { invoice_number: 'F-1' })).statusCode, 404, 'validate');
  t.equal((await api.validate(owner.headers, created.id)).statusCode, 404, 'validate without body');
  t.equal((await api.versions(owner.headers, created.id)).statusCode, 404, 'versions');
  t.equal((await api.update(owner.headers, created.id, { name: 'Back' }, 'PUT')).statusCode, 404, 'PUT');
  t.equal((await api.update(owner.headers, created.id, { isDraft: true }, 'PATCH')).statusCode, 404, 'PATCH');
  t.equal((await api.remove(owner.headers, created.id)).statusCode, 404, 'deleting again');
});

t.test('its codeType stays reserved', async (t) => {
  const created = await createType(app, owner, { codeType: 'acme_reserved' });
  t.equal((await api.remove(owner.headers, created.id)).statusCode, 200);
  const again = await api.create(owner.headers, documentTypeBody('acme', { codeType: 'acme_reserved' }));
  t.equal(again.statusCode, 409);
});

t.test('another member of the organization may not delete what they did not create (403)', async (t) => {
  const creator = await addActor(app.db, owner.organization, { role: 'member' });
  const created = await createType(app, creator);
  for (const role of ['owner', 'admin', 'member'] as const) {
    const other = await addActor(app.db, owner.organization, { role });
    const res = await api.remove(other.headers, created.id);
    t.equal(res.statusCode, 403, `an organization ${role} who is not the creator gets 403`);
    t.type(res.body.message, 'string');
  }
  t.equal((await api.remove(owner.headers, created.id)).statusCode, 403, 'the organization owner too');
  t.equal((await api.get(owner.headers, created.id)).statusCode, 200, 'the type is still there');
  t.ok((await visibleIds(app, owner)).includes(created.id));

  const byCreator = await api.remove(creator.headers, created.id);
  t.equal(byCreator.statusCode, 200, 'a member deletes the types that member created');
});

t.test('a platform admin may delete any type it can see', async (t) => {
  const created = await createType(app, owner);
  const platformAdmin = await addActor(app.db, owner.organization, { role: 'member', platformAdmin: true });
  const res = await api.remove(platformAdmin.headers, created.id);
  t.equal(res.statusCode, 200);
  t.same(res.body, { data: { id: created.id, deleted: true } });
  t.equal((await api.get(owner.headers, created.id)).statusCode, 404);
});

t.test('another organization: 404 for a private type, 403 for a public one', async (t) => {
  const created = await createType(app, owner);
  const missing = await api.remove(outsider.headers, MISSING_ID);
  const foreign = await api.remove(outsider.headers, created.id);
  t.equal(foreign.statusCode, 404);
  t.same(foreign.body, missing.body);
  t.equal((await api.get(owner.headers, created.id)).statusCode, 200);

  const admin = await createActor(app.db, { slug: 'platform', platformAdmin: true });
  const shared = (
    await api.create(admin.headers, documentTypeBody('platform', { codeType: 'shared_delivery_note', isPublic: true }))
  ).body.data;
  const refused = await api.remove(outsider.headers, shared.id);
  t.equal(refused.statusCode, 403, 'visible but not theirs');
  t.ok((await visibleIds(app, outsider)).includes(shared.id), 'still listed');

  const byAdmin = await api.remove(admin.headers, shared.id);
  t.equal(byAdmin.statusCode, 200);
  t.notOk((await visibleIds(app, outsider)).includes(shared.id), 'a deleted public type disappears everywhere');
  t.equal((await api.get(outsider.headers, shared.id)).statusCode, 404);
});

t.test('deleting keeps the versions of other types and leaves other types alone', async (t) => {
  const first = await createType(app, owner);
  const second = await createType(app, owner);
  t.equal((await api.update(owner.headers, second.id, { name: 'Second v2' })).statusCode, 200);
  t.equal((await api.remove(owner.headers, first.id)).statusCode, 200);
  const versions = await api.versions(owner.headers, second.id);
  t.equal(versions.statusCode, 200);
  t.equal(versions.body.pagination.total, 1);
  t.equal((await api.get(owner.headers, second.id)).body.data.name, 'Second v2');
});
