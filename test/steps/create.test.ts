import t from 'tap';
import { createApiKey } from '../../src/modules/identity/service.js';
import { ISO_DATE_TIME, UUID } from '../helpers/document-types.js';
import { addActor, createActor } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';
import { STEP_KEYS, stepsApi } from '../helpers/steps.js';

/** Creating steps: fields, defaults, validation and roles. */

const app = await buildTestApp(t);
const api = stepsApi(app);
const owner = await createActor(app.db, { slug: 'acme' });
const admin = await addActor(app.db, owner.organization, { role: 'admin' });
const member = await addActor(app.db, owner.organization, { role: 'member' });

async function stepCount(): Promise<number> {
  const res = await api.list(owner.headers, 'limit=1');
  return res.body.pagination.total;
}

t.test('a created step answers 201 with every field and its defaults', async (t) => {
  const res = await api.create(owner.headers, { name: 'Supplier invoices', description: 'Accounts payable' });
  t.equal(res.statusCode, 201);
  const step = res.body.data;
  t.same(Object.keys(step).sort(), STEP_KEYS);
  t.match(step.id, UUID);
  t.equal(step.name, 'Supplier invoices');
  t.equal(step.description, 'Accounts payable');
  t.equal(step.isActive, true, 'isActive defaults to true');
  t.same(step.identification, { types: [] }, 'no identification means every accessible type, read as []');
  t.equal(step.executions30d, 0);
  t.equal(step.lastRunAt, null);
  t.equal(step.createdBy, owner.user.id);
  t.match(step.createdAt, ISO_DATE_TIME);
  t.match(step.updatedAt, ISO_DATE_TIME);

  const read = await api.get(owner.headers, step.id);
  t.same(read.body.data, step, 'reading it back gives the same step');
});

t.test('name is trimmed before storing and checked after trimming', async (t) => {
  const trimmed = await api.create(owner.headers, { name: '  \t Receipts \n ' });
  t.equal(trimmed.statusCode, 201);
  t.equal(trimmed.body.data.name, 'Receipts');

  const longest = `  ${'n'.repeat(255)}  `;
  const fits = await api.create(owner.headers, { name: longest });
  t.equal(fits.statusCode, 201, '255 characters after trimming fit, whatever the whitespace around them');
  t.equal(fits.body.data.name, 'n'.repeat(255));

  const one = await api.create(owner.headers, { name: ' x ' });
  t.equal(one.statusCode, 201, 'one character is enough');

  const before = await stepCount();
  for (const name of ['', '   ', '\t\n', 'n'.repeat(256), ` ${'n'.repeat(256)} `]) {
    const res = await api.create(owner.headers, { name });
    t.equal(res.statusCode, 400, `name ${JSON.stringify(name.slice(0, 10))}… (${name.length}) answers 400`);
    t.equal(res.body.message, 'Validation error');
    t.ok(
      res.body.errors.some((error: string) => error.startsWith('name')),
      'the error names the field',
    );
  }
  t.equal(await stepCount(), before, 'nothing was created');
});

t.test('description takes up to 1000 characters or null', async (t) => {
  const max = await api.create(owner.headers, { name: 'Long', description: 'd'.repeat(1000) });
  t.equal(max.statusCode, 201);
  t.equal(max.body.data.description.length, 1000);

  const absent = await api.create(owner.headers, { name: 'No description' });
  t.equal(absent.body.data.description, null, 'omitted description reads null');

  const explicitNull = await api.create(owner.headers, { name: 'Null description', description: null });
  t.equal(explicitNull.statusCode, 201);
  t.equal(explicitNull.body.data.description, null);

  const tooLong = await api.create(owner.headers, { name: 'Too long', description: 'd'.repeat(1001) });
  t.equal(tooLong.statusCode, 400);
  t.ok(tooLong.body.errors.some((error: string) => error.startsWith('description')));
});

t.test('isActive may be set on create; inactive steps are created, listed and readable', async (t) => {
  const res = await api.create(owner.headers, { name: 'Paused', isActive: false });
  t.equal(res.statusCode, 201);
  t.equal(res.body.data.isActive, false);
  const read = await api.get(member.headers, res.body.data.id);
  t.equal(read.statusCode, 200);
  t.equal(read.body.data.isActive, false);
  const list = await api.list(member.headers, 'limit=100');
  t.ok(
    list.body.data.some((step: { id: string }) => step.id === res.body.data.id),
    'listed',
  );
});

t.test('fields of the wrong type answer 400 naming the field', async (t) => {
  const cases: [string, Record<string, unknown>][] = [
    ['name', { name: 42 }],
    ['name', { name: null }],
    ['name', {}],
    ['description', { name: 'x', description: 5 }],
    ['isActive', { name: 'x', isActive: 'true' }],
    ['isActive', { name: 'x', isActive: null }],
    ['identification', { name: 'x', identification: ['acme_invoice'] }],
    ['identification/types', { name: 'x', identification: { types: 'acme_invoice' } }],
    ['identification/types', { name: 'x', identification: { types: [1, 2] } }],
    ['identification/types', { name: 'x', identification: { types: null } }],
  ];
  const before = await stepCount();
  for (const [field, body] of cases) {
    const res = await api.create(owner.headers, body);
    t.equal(res.statusCode, 400, `${JSON.stringify(body)} answers 400`);
    t.ok(
      res.body.errors?.some((error: string) => error.includes(field.split('/')[0] as string)),
      `the error names ${field}: ${JSON.stringify(res.body.errors)}`,
    );
  }
  const array = await api.create(owner.headers, [{ name: 'x' }]);
  t.equal(array.statusCode, 400, 'a JSON array body answers 400');
  const malformed = await app.inject({
    method: 'POST',
    url: '/api/steps',
    headers: { ...owner.headers, 'content-type': 'application/json' },
    payload: '{"name": ',
  });
  t.equal(malformed.statusCode, 400, 'malformed JSON answers 400');
  t.equal(await stepCount(), before, 'nothing was created');
});

t.test('unknown fields are ignored and the request still succeeds', async (t) => {
  const res = await api.create(owner.headers, {
    name: 'With extras',
    aiModelConfig: { model: 'gpt' },
    webhookUrl: 'https://example.test/hook',
    ragConfig: {},
    muteEvents: true,
    executions30d: 99,
    id: 'mine',
  });
  t.equal(res.statusCode, 201);
  t.notOk('aiModelConfig' in res.body.data);
  t.notOk('webhookUrl' in res.body.data);
  t.equal(res.body.data.executions30d, 0, 'read-only fields cannot be written');
  t.not(res.body.data.id, 'mine');
});

t.test('owners and admins create; members get 403, whatever the body', async (t) => {
  const asAdmin = await api.create(admin.headers, { name: 'By admin' });
  t.equal(asAdmin.statusCode, 201);
  t.equal(asAdmin.body.data.createdBy, admin.user.id);

  const before = await stepCount();
  const asMember = await api.create(member.headers, { name: 'By member' });
  t.equal(asMember.statusCode, 403);
  t.match(asMember.body.message, /owner or admin/);
  const invalidAsMember = await api.create(member.headers, { name: 42 });
  t.equal(invalidAsMember.statusCode, 403, 'the role is checked before the body');
  t.equal(await stepCount(), before, 'nothing was created');
});

t.test('authentication comes first: no key 401, a key without organization 403', async (t) => {
  const anonymous = await api.create({}, { name: 'x' });
  t.equal(anonymous.statusCode, 401);
  const bogus = await api.create({ authorization: 'Bearer qk_0000000000000000_nope' }, { name: 'x' });
  t.equal(bogus.statusCode, 401);
  const unbound = await createApiKey(app.db, owner.user.email, null, null);
  const withoutOrganization = await api.create({ authorization: `Bearer ${unbound.key}` }, { name: 'x' });
  t.equal(withoutOrganization.statusCode, 403);
});
