import { request as httpRequest } from 'node:http';
import t, { type Test } from 'tap';
import { createType, documentTypesApi, MISSING_ID } from '../helpers/document-types.js';
import { addActor, createActor, documentTypeBody } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';

/**
 * POST /api/document-types/{id}/validate: the body
 * is the raw document; the answer is {valid, errors: {count, messages}, warnings: {count, messages}}.
 */

const app = await buildTestApp(t);
const api = documentTypesApi(app);
const owner = await createActor(app.db, { slug: 'acme' });

const invoiceSchema = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string' },
    issue_date: { type: 'string', format: 'date' },
    total: { type: 'number' },
    paid: { type: 'boolean' },
    customer: {
      type: 'object',
      properties: { name: { type: 'string' }, tax_id: { type: 'string' } },
      required: ['name'],
    },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { description: { type: 'string' }, price: { type: 'number' } },
        required: ['price'],
      },
    },
  },
  required: ['invoice_number', 'total'],
};
const invoice = await createType(app, owner, { jsonSchema: invoiceSchema });

const validDocument = {
  invoice_number: 'F-001',
  issue_date: '2024-03-01',
  total: 12.5,
  paid: false,
  customer: { name: 'ACME', tax_id: 'B123' },
  items: [
    { description: 'Pens', price: 2.5 },
    { description: 'Paper', price: 10 },
  ],
};

interface Result {
  valid: boolean;
  errors: { count: number; messages: string[] };
  warnings: { count: number; messages: string[] };
}

async function validate(t: Test, document?: unknown, id = invoice.id): Promise<Result> {
  const res = await api.validate(owner.headers, id, document);
  t.equal(res.statusCode, 200, 'the check ran');
  t.same(Object.keys(res.body).sort(), ['errors', 'valid', 'warnings']);
  t.equal(res.body.errors.count, res.body.errors.messages.length, 'errors.count counts the messages');
  t.equal(res.body.warnings.count, res.body.warnings.messages.length, 'warnings.count counts the messages');
  t.equal(res.body.valid, res.body.errors.count === 0, 'valid iff there are no errors');
  return res.body;
}

t.test('a valid document: valid, no errors, no warnings', async (t) => {
  const result = await validate(t, validDocument);
  t.same(result, {
    valid: true,
    errors: { count: 0, messages: [] },
    warnings: { count: 0, messages: [] },
  });
});

t.test('a wrong type is an error naming the field', async (t) => {
  const result = await validate(t, { ...validDocument, total: '12.5' });
  t.equal(result.valid, false);
  t.same(result.errors.messages, ['total: must be number']);
  t.equal(result.errors.count, 1);
});

t.test('nested paths are named with dots and [index]', async (t) => {
  const result = await validate(t, {
    ...validDocument,
    customer: { name: 42 },
    items: [{ description: 'Pens', price: 'cheap' }, { description: 'Paper' }],
  });
  t.equal(result.valid, false);
  t.ok(result.errors.messages.includes('items[0].price: must be number'), JSON.stringify(result.errors.messages));
  t.ok(result.errors.messages.includes('customer.name: must be string'));
  t.ok(
    result.errors.messages.some((message) => message.startsWith('items[1].price') && /required/.test(message)),
    'a missing nested required field names its path',
  );
  t.equal(result.errors.count, 3);
});

t.test('a missing required field is reported', async (t) => {
  const { invoice_number: _dropped, ...rest } = validDocument;
  const result = await validate(t, rest);
  t.equal(result.valid, false);
  t.equal(result.errors.count, 1);
  t.match(result.errors.messages[0], /^invoice_number\b.*required/);
});

t.test('every error is reported, not just the first', async (t) => {
  const result = await validate(t, {
    total: 'a lot',
    issue_date: 'yesterday',
    paid: 'no',
    customer: {},
    items: 'none',
  });
  t.equal(result.valid, false);
  const expectations: [string, RegExp][] = [
    ['invoice_number', /^invoice_number\b.*required/],
    ['total', /^total: must be number$/],
    ['issue_date', /^issue_date\b.*date/],
    ['paid', /^paid: must be boolean$/],
    ['customer.name', /^customer\.name\b.*required/],
    ['items', /^items: must be array$/],
  ];
  for (const [field, pattern] of expectations) {
    t.ok(
      result.errors.messages.some((message) => pattern.test(message)),
      `${field} is reported: ${JSON.stringify(result.errors.messages)}`,
    );
  }
  t.equal(result.errors.count, expectations.length);
});

t.test('formats are checked', async (t) => {
  const bad = await validate(t, { ...validDocument, issue_date: '01/03/2024' });
  t.equal(bad.valid, false);
  t.match(bad.errors.messages, [/^issue_date\b/]);
  const good = await validate(t, { ...validDocument, issue_date: '2024-02-29' });
  t.equal(good.valid, true);
});

t.test('undeclared fields are warnings, not errors', async (t) => {
  const result = await validate(t, {
    ...validDocument,
    notes: 'pay soon',
    customer: { name: 'ACME', email: 'a@acme.test' },
    items: [{ price: 1, sku: 'X1' }],
  });
  t.equal(result.valid, true, 'warnings do not make the document invalid');
  t.equal(result.errors.count, 0);
  t.equal(result.warnings.count, 3);
  for (const field of ['notes', 'customer.email', 'items[0].sku']) {
    t.ok(
      result.warnings.messages.some((message) => message.startsWith(`${field}:`)),
      `${field} is named: ${JSON.stringify(result.warnings.messages)}`,
    );
  }
  t.ok(result.warnings.messages.includes('notes: is not declared by the schema'));
});

t.test('errors and warnings together', async (t) => {
  const result = await validate(t, { invoice_number: 7, total: 1, extra: true });
  t.equal(result.valid, false);
  t.same(result.errors.messages, ['invoice_number: must be string']);
  t.equal(result.warnings.count, 1);
  t.match(result.warnings.messages[0], /^extra:/);
});

t.test('additionalProperties false makes an extra field an error', async (t) => {
  const strict = await createType(app, owner, {
    jsonSchema: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
  });
  const result = await validate(t, { a: 'x', b: 'y' }, strict.id);
  t.equal(result.valid, false);
  t.equal(result.errors.count, 1);
  t.match(result.errors.messages[0], /^b\b/);
});

t.test('an empty body validates {}', async (t) => {
  const result = await validate(t);
  t.equal(result.valid, false, 'the required fields are missing');
  t.equal(result.errors.count, 2);
  t.ok(result.errors.messages.some((message) => /^invoice_number\b.*required/.test(message)));
  t.ok(result.errors.messages.some((message) => /^total\b.*required/.test(message)));
  t.equal(result.warnings.count, 0);
  t.same(await validate(t, {}), result, 'the same as sending {}');

  const open = await createType(app, owner, {
    jsonSchema: { type: 'object', properties: { note: { type: 'string' } } },
  });
  t.same(await validate(t, undefined, open.id), {
    valid: true,
    errors: { count: 0, messages: [] },
    warnings: { count: 0, messages: [] },
  });
});

t.test('a body that is not an object is checked like any other data', async (t) => {
  for (const document of [[], [validDocument], 42, true, 'text', null]) {
    const result = await validate(t, document);
    t.equal(result.valid, false, `${JSON.stringify(document)} is not a valid invoice`);
    t.ok(result.errors.count >= 1);
    t.equal(result.warnings.count, 0);
  }
});

t.test('a JSON string or null body is validated as that value, naming the root', async (t) => {
  for (const document of ['text', null]) {
    const result = await validate(t, document);
    t.same(result.errors.messages, ['(root): must be object'], JSON.stringify(document));
  }
});

t.test('validation is read-only and works on drafts, for every member', async (t) => {
  const member = await addActor(app.db, owner.organization, { role: 'member' });
  const draft = await createType(app, owner, { isDraft: true });
  const res = await api.validate(member.headers, draft.id, { invoice_number: 'F-1' });
  t.equal(res.statusCode, 200);
  t.equal(res.body.valid, true);
  const read = (await api.get(owner.headers, draft.id)).body.data;
  t.equal(read.updatedAt, draft.updatedAt, 'the type is untouched');
  t.equal((await api.versions(owner.headers, draft.id)).body.pagination.total, 0, 'no snapshot');
});

t.test('a public type validates for every organization; private, deleted and missing ones answer 404', async (t) => {
  const admin = await createActor(app.db, { slug: 'platform', platformAdmin: true });
  const outsider = await createActor(app.db, { slug: 'outsider' });
  const shared = (
    await api.create(
      admin.headers,
      documentTypeBody('platform', {
        codeType: 'shared_payslip',
        isPublic: true,
        jsonSchema: { type: 'object', properties: { gross: { type: 'number' } }, required: ['gross'] },
      }),
    )
  ).body.data;
  const fromOutside = await api.validate(outsider.headers, shared.id, { gross: 'x' });
  t.equal(fromOutside.statusCode, 200);
  t.same(fromOutside.body.errors.messages, ['gross: must be number']);

  const missing = await api.validate(owner.headers, MISSING_ID, {});
  t.equal(missing.statusCode, 404);
  const foreign = await api.validate(outsider.headers, invoice.id, validDocument);
  t.equal(foreign.statusCode, 404);
  t.same(foreign.body, missing.body);
  t.equal((await api.validate(owner.headers, 'not-a-uuid', {})).statusCode, 404);
  const deleted = await createType(app, owner);
  await api.remove(owner.headers, deleted.id);
  t.equal((await api.validate(owner.headers, deleted.id, {})).statusCode, 404);
});

t.test('validation always uses the stored schema, even when two versions share an updatedAt', async (t) => {
  const created = await createType(app, owner, {
    jsonSchema: { type: 'object', properties: { total: { type: 'number' } } },
  });
  t.equal((await validate(t, { total: 'ten' }, created.id)).valid, false);
  // Two updates within one millisecond leave equal updatedAt values; stand for that directly.
  await app
    .db('document_types')
    .where({ id: created.id })
    .update({ json_schema: { type: 'object', properties: { total: { type: 'string' } } } });
  t.equal((await validate(t, { total: 'ten' }, created.id)).valid, true, 'not a stale compiled schema');
});

t.test('malformed JSON in the body answers 400', async (t) => {
  const res = await app.inject({
    method: 'POST',
    url: `/api/document-types/${invoice.id}/validate`,
    headers: { ...owner.headers, 'content-type': 'application/json' },
    payload: '{"total": ',
  });
  t.equal(res.statusCode, 400);
  t.type(res.body.message, 'string');
});

t.test('patterns run in linear time: a catastrophic pattern cannot stall the server', async (t) => {
  // On JavaScript's backtracking engine `^(a+)+$` against 60 "a"s and a "!" takes longer than
  // the age of the universe; on the linear-time engine it is an ordinary mismatch.
  const type = await createType(app, owner, {
    jsonSchema: {
      type: 'object',
      properties: {
        code: { type: 'string', pattern: '^(a+)+$' },
        reference: { type: 'string', pattern: '[A-Z]{3}-\\d+' },
      },
      patternProperties: { '^x-(a|aa)+$': {} },
    },
  });
  const res = await api.validate(owner.headers, type.id, {
    code: `${'a'.repeat(60)}!`,
    reference: 'see ABC-123 here',
    [`x-${'a'.repeat(60)}b`]: 1,
  });
  t.equal(res.statusCode, 200);
  t.same(res.body.errors.messages, ['code: must match pattern "^(a+)+$"']);
  t.same(res.body.warnings.messages, [`x-${'a'.repeat(60)}b: is not declared by the schema`]);
  const matching = await api.validate(owner.headers, type.id, { code: 'aaaa', reference: 'ABC-1' });
  t.equal(matching.body.valid, true, 'patterns still match, unanchored unless anchored');
});

t.test('a pattern the linear-time engine cannot run is refused with a 400 naming it', async (t) => {
  for (const pattern of ['^(?=.*\\d)\\w+$', '(a)\\1']) {
    const res = await api.create(
      owner.headers,
      documentTypeBody('acme', { jsonSchema: { type: 'object', properties: { p: { type: 'string', pattern } } } }),
    );
    t.equal(res.statusCode, 400, `${pattern} answers 400`);
    t.match(res.body.errors[0], 'is not supported');
    t.ok(res.body.errors[0].includes(pattern));
  }
});

t.test('a POST with no body and no Content-Type (what the Node SDK sends) validates {}', async (t) => {
  for (const headers of [
    {},
    { 'content-length': '0' },
    { 'transfer-encoding': 'chunked' },
    { 'content-type': 'text/plain;charset=UTF-8', 'content-length': '0' },
  ]) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/document-types/${invoice.id}/validate`,
      headers: { ...owner.headers, ...headers },
    });
    t.equal(res.statusCode, 200, JSON.stringify(headers));
    t.equal(res.body.errors.count, 2, 'the required fields of {} are missing');
  }
  const started = await app.server.start().then(() => app.server.info.uri);
  t.teardown(() => app.server.stop());
  const fetched = await fetch(`${started}/api/document-types/${invoice.id}/validate`, {
    method: 'POST',
    headers: owner.headers,
  });
  t.equal(fetched.status, 200, 'over a real connection (fetch sends content-length: 0)');
  const emptyText = await fetch(`${started}/api/document-types/${invoice.id}/validate`, {
    method: 'POST',
    headers: owner.headers,
    body: '',
  });
  t.equal(emptyText.status, 200, 'an empty string body (fetch labels it text/plain)');
  const chunked = await new Promise<number>((resolve, reject) => {
    const request = httpRequest(`${started}/api/document-types/${invoice.id}/validate`, {
      method: 'POST',
      headers: owner.headers,
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.flushHeaders();
    request.end();
  });
  t.equal(chunked, 200, 'chunked with no chunks and no Content-Type');
});
