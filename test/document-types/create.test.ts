import t from 'tap';
import { createType, documentTypesApi, FULL_KEYS, ISO_DATE_TIME, UUID, visibleIds } from '../helpers/document-types.js';
import { addActor, createActor, documentTypeBody } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';

/** Creating document types. */

const app = await buildTestApp(t);
const api = documentTypesApi(app);
const owner = await createActor(app.db, { slug: 'acme' });
const admin = await createActor(app.db, { slug: 'platform', platformAdmin: true });
const outsider = await createActor(app.db, { slug: 'outsider' });

t.test('create answers 201 with the whole type, as a read does', async (t) => {
  const body = documentTypeBody('acme', { codeType: 'acme_invoice' });
  const res = await api.create(owner.headers, body);
  t.equal(res.statusCode, 201);
  t.same(Object.keys(res.body), ['data']);
  const data = res.body.data;
  t.same(Object.keys(data).sort(), FULL_KEYS, 'the whole type: schema, source, hints and conversion spec');
  t.same(data.jsonSchema, body.jsonSchema, 'the schema as declared');
  t.same((await api.get(owner.headers, data.id)).body.data, data, 'the same as the read that follows');
  t.match(data.id, UUID);
  t.equal(data.codeType, 'acme_invoice');
  t.equal(data.name, 'Invoice');
  t.equal(data.description, 'Supplier invoices');
  t.equal(data.isPublic, false);
  t.equal(data.isDraft, true);
  t.equal(data.status, 'draft');
  t.match(data.createdAt, ISO_DATE_TIME);
  t.match(data.updatedAt, ISO_DATE_TIME);
  t.ok(Date.parse(data.updatedAt) >= Date.parse(data.createdAt));
});

t.test('a created type reads back with every field and its defaults', async (t) => {
  const body = documentTypeBody('acme');
  const created = await createType(app, owner, body);
  const res = await api.get(owner.headers, created.id);
  t.equal(res.statusCode, 200);
  t.same(res.body.data, {
    ...created,
    source: 'USER',
    promptHints: null,
    identifyPromptHints: null,
    conversionMode: 'json',
    keepPropertyOrdering: false,
    jsonSchema: body.jsonSchema,
    conversionSpec: null,
  });
});

t.test('optional fields are stored as sent', async (t) => {
  const created = await createType(app, owner, {
    promptHints: 'Totals are at the bottom right.',
    identifyPromptHints: 'Has the word INVOICE in the header.',
    conversionMode: 'multi_prompt',
    keepPropertyOrdering: true,
  });
  const data = (await api.get(owner.headers, created.id)).body.data;
  t.equal(data.promptHints, 'Totals are at the bottom right.');
  t.equal(data.identifyPromptHints, 'Has the word INVOICE in the header.');
  t.equal(data.conversionMode, 'multi_prompt');
  t.equal(data.keepPropertyOrdering, true);

  const toon = await createType(app, owner, { conversionMode: 'toon', promptHints: null });
  const toonData = (await api.get(owner.headers, toon.id)).body.data;
  t.equal(toonData.conversionMode, 'toon');
  t.equal(toonData.promptHints, null);
});

t.test('each required field, when missing, answers 400 naming it', async (t) => {
  const before = (await visibleIds(app, owner)).length;
  for (const field of ['name', 'codeType', 'description', 'jsonSchema']) {
    const body: Record<string, unknown> = documentTypeBody('acme');
    delete body[field];
    const res = await api.create(owner.headers, body);
    t.equal(res.statusCode, 400, `without ${field}: 400`);
    t.equal(typeof res.body.message, 'string');
    t.ok(Array.isArray(res.body.errors) && res.body.errors.length > 0, 'errors is a non-empty list');
    t.ok(
      res.body.errors.some((error: string) => error.includes(field)),
      `an error names ${field}: ${JSON.stringify(res.body.errors)}`,
    );
  }
  const empty = await api.create(owner.headers, {});
  t.equal(empty.statusCode, 400);
  for (const field of ['name', 'codeType', 'description', 'jsonSchema']) {
    t.ok(
      empty.body.errors.some((error: string) => error.includes(field)),
      `an empty body names ${field} among its errors`,
    );
  }
  const none = await app.inject({ method: 'POST', url: '/api/document-types', headers: owner.headers });
  t.equal(none.statusCode, 400, 'no body at all: 400');
  t.equal((await visibleIds(app, owner)).length, before, 'nothing was created');
});

t.test('fields of the wrong type answer 400 naming the field', async (t) => {
  const cases: [string, unknown][] = [
    ['name', 123],
    ['name', null],
    ['codeType', 42],
    ['description', ['x']],
    ['isDraft', 'false'],
    ['isPublic', 'yes'],
    ['keepPropertyOrdering', 1],
    ['promptHints', 5],
  ];
  for (const [field, value] of cases) {
    const res = await api.create(owner.headers, documentTypeBody('acme', { [field]: value }));
    t.equal(res.statusCode, 400, `${field}: ${JSON.stringify(value)} answers 400`);
    t.ok(
      res.body.errors?.some((error: string) => error.includes(field)),
      `the error names ${field}`,
    );
  }
  const array = await api.create(owner.headers, [documentTypeBody('acme')]);
  t.equal(array.statusCode, 400, 'a JSON array body answers 400');
});

t.test('codeType must match ^[a-z0-9_]+$', async (t) => {
  for (const codeType of [
    'acme_Invoice',
    'ACME_INVOICE',
    'acme_in-voice',
    'acme_in voice',
    'acme_invoice.v2',
    'acme_factura_ñ',
    'acme_invoice ',
    '',
  ]) {
    const res = await api.create(owner.headers, documentTypeBody('acme', { codeType }));
    t.equal(res.statusCode, 400, `"${codeType}" is rejected`);
    t.ok(
      res.body.errors?.some((error: string) => error.includes('codeType')),
      'the error names codeType',
    );
  }
  const ok = await api.create(owner.headers, documentTypeBody('acme', { codeType: 'acme_invoice_2024_v2' }));
  t.equal(ok.statusCode, 201, 'lowercase letters, digits and underscores are accepted');
});

t.test('a codeType already taken answers 409, across organizations too', async (t) => {
  const first = await api.create(owner.headers, documentTypeBody('acme', { codeType: 'acme_receipt' }));
  t.equal(first.statusCode, 201);
  const again = await api.create(owner.headers, documentTypeBody('acme', { codeType: 'acme_receipt', name: 'Other' }));
  t.equal(again.statusCode, 409);
  t.type(again.body.message, 'string');
  t.match(again.body.message, /acme_receipt/);

  // A platform admin needs no prefix, so it can try a code another organization already uses.
  const clash = await api.create(admin.headers, documentTypeBody('acme', { codeType: 'acme_receipt' }));
  t.equal(clash.statusCode, 409, 'codes are unique across organizations');
  const member = await addActor(app.db, owner.organization, { role: 'member' });
  const byMember = await api.create(member.headers, documentTypeBody('acme', { codeType: 'acme_receipt' }));
  t.equal(byMember.statusCode, 409, 'and across users of one organization');
});

t.test('concurrent creates with one codeType: exactly one 201, the others 409', async (t) => {
  const responses = await Promise.all(
    Array.from({ length: 6 }, (_, index) =>
      api.create(owner.headers, documentTypeBody('acme', { codeType: 'acme_race', name: `Racer ${index}` })),
    ),
  );
  const statuses = responses.map((res) => res.statusCode).sort();
  t.same(statuses, [201, 409, 409, 409, 409, 409]);
  const listed = await api.list(owner.headers, 'search=acme_race');
  t.equal(listed.body.pagination.total, 1, 'one type holds the code');
});

t.test('the code of a deleted type stays reserved (409)', async (t) => {
  const created = await createType(app, owner, { codeType: 'acme_deleted_code' });
  t.equal((await api.remove(owner.headers, created.id)).statusCode, 200);
  const again = await api.create(owner.headers, documentTypeBody('acme', { codeType: 'acme_deleted_code' }));
  t.equal(again.statusCode, 409);
});

t.test('over-long fields answer 400 naming the field', async (t) => {
  const cases: [string, unknown][] = [
    ['name', 'x'.repeat(256)],
    ['codeType', `acme_${'x'.repeat(100)}`],
    ['description', 'x'.repeat(5001)],
    ['promptHints', 'x'.repeat(10_001)],
    ['identifyPromptHints', 'x'.repeat(10_001)],
  ];
  for (const [field, value] of cases) {
    const res = await api.create(owner.headers, documentTypeBody('acme', { [field]: value }));
    t.equal(res.statusCode, 400, `${field} too long: 400`);
    t.ok(
      res.body.errors?.some((error: string) => error.includes(field)),
      `the error names ${field}`,
    );
  }
  const longest = await api.create(owner.headers, documentTypeBody('acme', { name: 'x'.repeat(255) }));
  t.equal(longest.statusCode, 201, 'a 255-character name is accepted');
});

t.test('name needs at least 2 characters', async (t) => {
  for (const name of ['', 'A', ' A', ' A ', '  ', '\tA\n']) {
    const res = await api.create(owner.headers, documentTypeBody('acme', { name }));
    t.equal(res.statusCode, 400, `name ${JSON.stringify(name)} is rejected`);
    t.ok(
      res.body.errors?.some((error: string) => error.includes('name')),
      'the error names name',
    );
  }
  const two = await api.create(owner.headers, documentTypeBody('acme', { name: 'AB' }));
  t.equal(two.statusCode, 201, 'two characters are enough');
  t.equal(two.body.data.name, 'AB');
});

t.test('a non-admin codeType starts with the organization prefix and 3 more characters', async (t) => {
  for (const codeType of [
    'acme_ab',
    'acme_a',
    'acme_',
    'acme',
    'acmeinvoice',
    'acmex_invoice',
    'other_invoice',
    'invoice',
  ]) {
    const res = await api.create(owner.headers, documentTypeBody('acme', { codeType }));
    t.equal(res.statusCode, 400, `"${codeType}" is rejected`);
    t.ok(
      res.body.errors?.some((error: string) => error.includes('codeType')),
      'the error names codeType',
    );
  }
  const three = await api.create(owner.headers, documentTypeBody('acme', { codeType: 'acme_abc' }));
  t.equal(three.statusCode, 201, 'exactly 3 characters after the prefix are accepted');
  const underscores = await api.create(owner.headers, documentTypeBody('acme', { codeType: 'acme____' }));
  t.equal(underscores.statusCode, 201, 'any 3 characters of the pattern count');
});

t.test('the prefix rule applies to every organization role', async (t) => {
  for (const role of ['owner', 'admin', 'member'] as const) {
    const actor = await addActor(app.db, owner.organization, { role });
    const bad = await api.create(actor.headers, documentTypeBody('acme', { codeType: `${role}_invoice` }));
    t.equal(bad.statusCode, 400, `an organization ${role} needs the prefix`);
    const good = await api.create(actor.headers, documentTypeBody('acme', { codeType: `acme_${role}_doc` }));
    t.equal(good.statusCode, 201, `an organization ${role} may create with the prefix`);
  }
});

t.test('an organization slug with "-" gives a prefix with "_"', async (t) => {
  const dashed = await createActor(app.db, { slug: 'big-corp' });
  const ok = await api.create(dashed.headers, documentTypeBody('big-corp', { codeType: 'big_corp_abc' }));
  t.equal(ok.statusCode, 201);
  const short = await api.create(dashed.headers, documentTypeBody('big-corp', { codeType: 'big_corp_ab' }));
  t.equal(short.statusCode, 400, 'the 3-character minimum counts after the mapped prefix');
  const withoutMapping = await api.create(dashed.headers, documentTypeBody('big-corp', { codeType: 'bigcorp_abc' }));
  t.equal(withoutMapping.statusCode, 400);
  const partial = await api.create(dashed.headers, documentTypeBody('big-corp', { codeType: 'big_abcdef' }));
  t.equal(partial.statusCode, 400);
});

t.test('a non-admin’s isPublic is forced to false and source is USER', async (t) => {
  const res = await api.create(owner.headers, documentTypeBody('acme', { isPublic: true, source: 'ADMIN' }));
  t.equal(res.statusCode, 201);
  t.equal(res.body.data.isPublic, false);
  const read = await api.get(owner.headers, res.body.data.id);
  t.equal(read.body.data.isPublic, false);
  t.equal(read.body.data.source, 'USER');
  t.equal((await api.get(outsider.headers, res.body.data.id)).statusCode, 404, 'another organization cannot see it');
  t.notOk((await visibleIds(app, outsider)).includes(res.body.data.id));
});

t.test('a platform admin needs no prefix, may publish to everyone and gets source ADMIN', async (t) => {
  const res = await api.create(
    admin.headers,
    documentTypeBody('platform', { codeType: 'global_invoice', isPublic: true }),
  );
  t.equal(res.statusCode, 201);
  t.equal(res.body.data.codeType, 'global_invoice');
  t.equal(res.body.data.isPublic, true);
  const read = await api.get(admin.headers, res.body.data.id);
  t.equal(read.body.data.source, 'ADMIN');
  t.equal(read.body.data.isPublic, true);

  const seen = await api.get(outsider.headers, res.body.data.id);
  t.equal(seen.statusCode, 200, 'a public type is readable from every organization');
  t.ok((await visibleIds(app, outsider)).includes(res.body.data.id), 'and listed there');

  const short = await api.create(admin.headers, documentTypeBody('platform', { codeType: 'ab' }));
  t.equal(short.statusCode, 201, 'no minimum length after a prefix');
  const private_ = await api.get(admin.headers, short.body.data.id);
  t.equal(private_.body.data.isPublic, false, 'isPublic defaults to false for an admin too');
  t.equal(private_.body.data.source, 'ADMIN');

  const badPattern = await api.create(admin.headers, documentTypeBody('platform', { codeType: 'Global' }));
  t.equal(badPattern.statusCode, 400, 'the pattern still applies to an admin');

  const asUser = await api.create(
    admin.headers,
    documentTypeBody('platform', { codeType: 'global_user', source: 'USER' }),
  );
  t.equal(asUser.statusCode, 201);
  t.equal((await api.get(admin.headers, asUser.body.data.id)).body.data.source, 'USER', 'an admin may say USER');

  const badSource = await api.create(admin.headers, documentTypeBody('platform', { source: 'SYSTEM' }));
  t.equal(badSource.statusCode, 400);
});

t.test('isDraft defaults to true (draft); false gives published', async (t) => {
  const byDefault = await createType(app, owner);
  t.equal(byDefault.isDraft, true);
  t.equal(byDefault.status, 'draft');
  const draft = await createType(app, owner, { isDraft: true });
  t.equal(draft.status, 'draft');
  const published = await createType(app, owner, { isDraft: false });
  t.equal(published.isDraft, false);
  t.equal(published.status, 'published');
  const read = await api.get(owner.headers, published.id);
  t.equal(read.body.data.status, 'published');
  t.equal(read.body.data.isDraft, false);
});

t.test('conversionMode is one of json, toon, multi_prompt', async (t) => {
  for (const conversionMode of ['xml', 'JSON', '', 'multi-prompt']) {
    const res = await api.create(owner.headers, documentTypeBody('acme', { conversionMode }));
    t.equal(res.statusCode, 400, `"${conversionMode}" is rejected`);
    t.ok(res.body.errors?.some((error: string) => error.includes('conversionMode')));
  }
});

t.test('jsonSchema must be an object schema that compiles', async (t) => {
  const invalid: [string, unknown][] = [
    ['a string', 'object'],
    ['an array', [{ type: 'object' }]],
    ['a number', 7],
    ['null', null],
    ['a boolean', true],
    ['a root of type array', { type: 'array', items: { type: 'string' } }],
    ['a root of type string', { type: 'string' }],
    ['a root without type', { properties: { a: { type: 'string' } } }],
    ['an unknown property type', { type: 'object', properties: { a: { type: 'nonsense' } } }],
    ['a malformed required', { type: 'object', properties: {}, required: 'a' }],
    ['a malformed properties', { type: 'object', properties: 5 }],
    ['a bad pattern', { type: 'object', properties: { a: { type: 'string', pattern: '(' } } }],
  ];
  const before = (await visibleIds(app, owner)).length;
  for (const [label, jsonSchema] of invalid) {
    const res = await api.create(owner.headers, documentTypeBody('acme', { jsonSchema }));
    t.equal(res.statusCode, 400, `${label} is rejected`);
    t.type(res.body.message, 'string');
    t.ok(
      res.body.errors?.some((error: string) => error.includes('jsonSchema')),
      `the error names jsonSchema: ${JSON.stringify(res.body.errors)}`,
    );
  }
  t.equal((await visibleIds(app, owner)).length, before, 'nothing was created');
});

t.test('rich schemas are accepted and read back unchanged', async (t) => {
  const jsonSchema = {
    type: 'object',
    description: 'An invoice',
    properties: {
      invoice_number: { type: 'string', description: 'The number printed at the top' },
      issue_date: { type: 'string', format: 'date' },
      total: { type: 'number' },
      paid: { type: 'boolean' },
      customer: { type: 'object', properties: { name: { type: 'string' }, tax_id: { type: 'string' } } },
      items: {
        type: 'array',
        items: { type: 'object', properties: { description: { type: 'string' }, price: { type: 'number' } } },
      },
    },
    required: ['invoice_number', 'total'],
    'x-ui-order': ['invoice_number', 'total'],
  };
  const created = await createType(app, owner, { jsonSchema });
  t.same((await api.get(owner.headers, created.id)).body.data.jsonSchema, jsonSchema);

  const draft2020 = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { lines: { type: 'array', prefixItems: [{ type: 'string' }] } },
  };
  const modern = await api.create(owner.headers, documentTypeBody('acme', { jsonSchema: draft2020 }));
  t.equal(modern.statusCode, 201, 'a draft 2020-12 schema compiles');

  const withId = { $id: 'https://example.test/invoice.json', type: 'object', properties: {} };
  t.equal((await api.create(owner.headers, documentTypeBody('acme', { jsonSchema: withId }))).statusCode, 201);
  t.equal(
    (await api.create(owner.headers, documentTypeBody('acme', { jsonSchema: withId }))).statusCode,
    201,
    'the same $id twice does not clash',
  );
});

t.test('unknown body fields are ignored', async (t) => {
  const res = await api.create(
    owner.headers,
    documentTypeBody('acme', { color: 'blue', status: 'published', id: 'mine', createdAt: '2000-01-01T00:00:00Z' }),
  );
  t.equal(res.statusCode, 201);
  t.same(Object.keys(res.body.data).sort(), FULL_KEYS);
  t.equal(res.body.data.status, 'draft', 'status follows isDraft, not the body');
  t.not(res.body.data.id, 'mine');
  t.not(res.body.data.createdAt, '2000-01-01T00:00:00.000Z');
  const read = await api.get(owner.headers, res.body.data.id);
  t.notOk('color' in read.body.data);
});

t.test('any member may create a type', async (t) => {
  const member = await addActor(app.db, owner.organization, { role: 'member' });
  const res = await api.create(member.headers, documentTypeBody('acme'));
  t.equal(res.statusCode, 201);
  t.equal((await api.get(owner.headers, res.body.data.id)).statusCode, 200, 'the rest of the organization sees it');
});
