import t from 'tap';
import { removeMember } from '../../src/modules/identity/service.js';
import { MISSING_ID } from '../helpers/document-types.js';
import { addActor, createActor } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';
import { createStep, STEP_KEYS, stepsApi } from '../helpers/steps.js';

/** PATCH of name, description and isActive, and DELETE without executions. */

const app = await buildTestApp(t);
const api = stepsApi(app);
const owner = await createActor(app.db, { slug: 'acme' });
const admin = await addActor(app.db, owner.organization, { role: 'admin' });
const member = await addActor(app.db, owner.organization, { role: 'member' });
const other = await createActor(app.db, { slug: 'other' });

t.test('PATCH is partial: omitted fields keep their value', async (t) => {
  const step = await createStep(app, owner, { name: 'Invoices', description: 'AP' });
  const renamed = await api.update(owner.headers, step.id, { name: '  Renamed  ' });
  t.equal(renamed.statusCode, 200);
  t.same(Object.keys(renamed.body.data).sort(), STEP_KEYS, 'the whole step comes back');
  t.equal(renamed.body.data.name, 'Renamed', 'trimmed');
  t.equal(renamed.body.data.description, 'AP', 'description kept');
  t.equal(renamed.body.data.isActive, true);
  t.equal(renamed.body.data.createdAt, step.createdAt);
  t.ok(renamed.body.data.updatedAt >= step.updatedAt, 'updatedAt moves forward');

  const cleared = await api.update(admin.headers, step.id, { description: null });
  t.equal(cleared.statusCode, 200, 'an admin may update');
  t.equal(cleared.body.data.description, null);
  t.equal(cleared.body.data.name, 'Renamed');

  const read = await api.get(member.headers, step.id);
  t.same(read.body.data, cleared.body.data, 'the answer is what is stored');
});

t.test('isActive: an inactive step stays listed and readable, and can be reactivated', async (t) => {
  const step = await createStep(app, owner, { name: 'Toggle' });
  const off = await api.update(owner.headers, step.id, { isActive: false });
  t.equal(off.body.data.isActive, false);
  t.equal((await api.get(member.headers, step.id)).body.data.isActive, false);
  const listed = await api.list(member.headers, 'limit=100');
  t.ok(listed.body.data.some((item: { id: string }) => item.id === step.id));
  const on = await api.update(owner.headers, step.id, { isActive: true });
  t.equal(on.body.data.isActive, true);
});

t.test('PATCH needs at least one recognised field', async (t) => {
  const step = await createStep(app, owner, { name: 'Strict' });
  for (const body of [
    {},
    { aiModelConfig: { x: 1 } },
    { webhookUrl: 'https://x.test', unknown: 1 },
    { identification: {} },
  ]) {
    const res = await api.update(owner.headers, step.id, body);
    t.equal(res.statusCode, 400, `${JSON.stringify(body)} answers 400`);
    t.match(res.body.errors[0], /name, description, isActive, identification\.types/);
  }
  const mixed = await api.update(owner.headers, step.id, { name: 'Kept', webhookUrl: 'https://x.test' });
  t.equal(mixed.statusCode, 200, 'unknown fields next to a recognised one are ignored');
  t.equal(mixed.body.data.name, 'Kept');
});

t.test('PATCH validates like create and writes nothing on error', async (t) => {
  const step = await createStep(app, owner, { name: 'Valid', description: 'Before' });
  const cases = [
    { name: '   ' },
    { name: '' },
    { name: 'n'.repeat(256) },
    { name: null },
    { description: 'd'.repeat(1001) },
    { isActive: 'no' },
    { name: 'Good', description: 7 },
    { description: 'After', name: '  ' },
  ];
  for (const body of cases) {
    const res = await api.update(owner.headers, step.id, body);
    t.equal(res.statusCode, 400, `${JSON.stringify(body).slice(0, 60)} answers 400`);
  }
  const read = await api.get(owner.headers, step.id);
  t.equal(read.body.data.name, 'Valid');
  t.equal(read.body.data.description, 'Before', 'no field of a rejected request was written');
  t.equal(read.body.data.updatedAt, step.updatedAt);
});

t.test('PATCH and DELETE: members 403, missing or foreign 404', async (t) => {
  const step = await createStep(app, owner, { name: 'Guarded' });
  const asMember = await api.update(member.headers, step.id, { name: 'Hijack' });
  t.equal(asMember.statusCode, 403);
  t.equal((await api.update(member.headers, step.id, {})).statusCode, 403, 'role before body');
  t.equal((await api.remove(member.headers, step.id)).statusCode, 403);
  t.equal((await api.get(owner.headers, step.id)).body.data.name, 'Guarded');

  for (const id of [MISSING_ID, 'nope']) {
    t.equal((await api.update(owner.headers, id, { name: 'x' })).statusCode, 404);
    t.equal((await api.update(owner.headers, id, { identification: { types: [] } })).statusCode, 404);
    t.equal((await api.remove(owner.headers, id)).statusCode, 404);
  }
  t.equal((await api.update(other.headers, step.id, { name: 'x' })).statusCode, 404, 'foreign PATCH 404');
  t.equal(
    (await api.update(other.headers, step.id, { identification: { types: [] } })).statusCode,
    404,
    'foreign guarded PATCH 404',
  );
  t.equal((await api.remove(other.headers, step.id)).statusCode, 404, 'foreign DELETE 404');
  t.equal((await api.get(owner.headers, step.id)).statusCode, 200, 'still there');
});

t.test('DELETE answers {data: {id, deleted: true}} and the step is gone', async (t) => {
  const step = await createStep(app, owner, { name: 'Doomed' });
  const res = await api.remove(admin.headers, step.id);
  t.equal(res.statusCode, 200);
  t.same(res.body, { data: { id: step.id, deleted: true } });
  t.equal((await api.get(owner.headers, step.id)).statusCode, 404);
  t.equal((await api.remove(owner.headers, step.id)).statusCode, 404, 'a second delete is 404');
  t.equal((await api.update(owner.headers, step.id, { name: 'Back' })).statusCode, 404);
  const list = await api.list(owner.headers, 'limit=100');
  t.notOk(list.body.data.some((item: { id: string }) => item.id === step.id));
});

t.test('every step operation: 401 without a valid key, 403 once the key owner left the organization', async (t) => {
  const step = await createStep(app, owner, { name: 'Auth' });
  const leaver = await addActor(app.db, owner.organization, { role: 'owner' });
  t.equal((await api.get(leaver.headers, step.id)).statusCode, 200);
  await removeMember(app.db, owner.organization.slug, leaver.user.email);
  const calls = (headers: Record<string, string>) => [
    api.list(headers),
    api.get(headers, step.id),
    api.create(headers, { name: 'x' }),
    api.update(headers, step.id, { name: 'x' }),
    api.remove(headers, step.id),
  ];
  t.same(
    (await Promise.all(calls({}))).map((res) => res.statusCode),
    [401, 401, 401, 401, 401],
  );
  t.same(
    (await Promise.all(calls({ authorization: 'Bearer qk_0123456789abcdef_wrong' }))).map((res) => res.statusCode),
    [401, 401, 401, 401, 401],
  );
  t.same(
    (await Promise.all(calls(leaver.headers))).map((res) => res.statusCode),
    [403, 403, 403, 403, 403],
  );
  t.equal((await api.get(owner.headers, step.id)).body.data.name, 'Auth', 'nothing changed');
});
