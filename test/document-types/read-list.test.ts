import t from 'tap';
import {
  createType,
  documentTypesApi,
  FULL_KEYS,
  LIST_ITEM_KEYS,
  MISSING_ID,
  visibleIds,
} from '../helpers/document-types.js';
import { type Actor, addActor, createActor, documentTypeBody } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';

/** Reading and listing document types. */

const app = await buildTestApp(t);
const api = documentTypesApi(app);

const alpha = await createActor(app.db, { slug: 'alpha' });
const beta = await createActor(app.db, { slug: 'beta' });
const admin = await createActor(app.db, { slug: 'platform', platformAdmin: true });

const alphaPrivate = await createType(app, alpha, { name: 'Alpha private', isPublic: true });
const alphaPublished = await createType(app, alpha, { name: 'Alpha published', isDraft: false });
const alphaDeleted = await createType(app, alpha, { name: 'Alpha deleted' });
const betaPrivate = await createType(app, beta, { name: 'Beta private' });
const publicType = (
  await api.create(
    admin.headers,
    documentTypeBody('platform', {
      codeType: 'shared_receipt',
      name: 'Shared receipt',
      description: 'Receipts shared by the platform',
      isPublic: true,
    }),
  )
).body.data;
const adminPrivate = (
  await api.create(admin.headers, documentTypeBody('platform', { codeType: 'admin_private', name: 'Admin private' }))
).body.data;
await api.remove(alpha.headers, alphaDeleted.id);

t.test('the list holds the organization’s own types and every public one, nothing else', async (t) => {
  const asAlpha = await visibleIds(app, alpha);
  t.ok(asAlpha.includes(alphaPrivate.id), 'own type (isPublic was forced false)');
  t.ok(asAlpha.includes(alphaPublished.id), 'own published type');
  t.ok(asAlpha.includes(publicType.id), 'a public type from another organization');
  t.notOk(asAlpha.includes(betaPrivate.id), 'not another organization’s private type');
  t.notOk(asAlpha.includes(adminPrivate.id), 'not a platform admin’s private type');
  t.notOk(asAlpha.includes(alphaDeleted.id), 'never a deleted type');
  t.equal(asAlpha.length, 3);

  const asBeta = await visibleIds(app, beta);
  t.same(asBeta.sort(), [betaPrivate.id, publicType.id].sort());

  const asAdmin = await visibleIds(app, admin);
  t.same(asAdmin.sort(), [publicType.id, adminPrivate.id].sort(), 'an admin lists its own organization’s too');
});

t.test('drafts are listed for their own organization', async (t) => {
  const list = await api.list(alpha.headers, 'limit=100');
  const own = list.body.data.find((item: { id: string }) => item.id === alphaPrivate.id);
  t.equal(own.status, 'draft');
  t.equal(own.isDraft, true);
});

t.test('list items carry every field but jsonSchema', async (t) => {
  const res = await api.list(alpha.headers);
  t.equal(res.statusCode, 200);
  t.same(Object.keys(res.body).sort(), ['data', 'pagination']);
  t.ok(res.body.data.length > 0);
  for (const item of res.body.data) {
    t.same(Object.keys(item).sort(), LIST_ITEM_KEYS, `item ${item.codeType}`);
    t.notOk('jsonSchema' in item);
  }
  const published = res.body.data.find((item: { id: string }) => item.id === alphaPublished.id);
  t.match(published, {
    codeType: alphaPublished.codeType,
    name: 'Alpha published',
    description: 'Supplier invoices',
    isPublic: false,
    isDraft: false,
    status: 'published',
    source: 'USER',
    promptHints: null,
    identifyPromptHints: null,
    conversionMode: 'json',
    keepPropertyOrdering: false,
  });
  const shared = res.body.data.find((item: { id: string }) => item.id === publicType.id);
  t.equal(shared.source, 'ADMIN');
  t.equal(shared.isPublic, true);
});

t.test('GET one answers the type with its full JSON schema', async (t) => {
  const jsonSchema = {
    type: 'object',
    properties: {
      number: { type: 'string', description: 'Invoice number' },
      date: { type: 'string', format: 'date' },
      lines: {
        type: 'array',
        items: { type: 'object', properties: { text: { type: 'string' }, amount: { type: 'number' } } },
      },
      supplier: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    },
    required: ['number'],
  };
  const created = await createType(app, alpha, { jsonSchema, promptHints: 'hint', identifyPromptHints: 'id hint' });
  const res = await api.get(alpha.headers, created.id);
  t.equal(res.statusCode, 200);
  t.same(Object.keys(res.body), ['data']);
  t.same(Object.keys(res.body.data).sort(), FULL_KEYS);
  t.same(res.body.data.jsonSchema, jsonSchema);
  t.match(res.body.data, {
    ...created,
    promptHints: 'hint',
    identifyPromptHints: 'id hint',
    source: 'USER',
  });
  await api.remove(alpha.headers, created.id);
});

t.test('GET: public types read from any organization; private, deleted and missing ones answer 404', async (t) => {
  t.equal((await api.get(beta.headers, publicType.id)).statusCode, 200);
  t.equal((await api.get(beta.headers, publicType.id)).body.data.jsonSchema.type, 'object');
  const missing = await api.get(alpha.headers, MISSING_ID);
  t.equal(missing.statusCode, 404);
  t.type(missing.body.message, 'string');
  t.same((await api.get(alpha.headers, betaPrivate.id)).body, missing.body);
  t.same((await api.get(alpha.headers, alphaDeleted.id)).body, missing.body, 'own deleted type: 404');
  t.same((await api.get(alpha.headers, adminPrivate.id)).body, missing.body);
});

t.test('any member of the organization reads and lists its types', async (t) => {
  const member = await addActor(app.db, alpha.organization, { role: 'member' });
  t.equal((await api.get(member.headers, alphaPrivate.id)).statusCode, 200);
  t.same((await visibleIds(app, member)).sort(), (await visibleIds(app, alpha)).sort());
});

t.test('search', async (t) => {
  const searcher = await createActor(app.db, { slug: 'search' });
  const invoice = await createType(app, searcher, {
    codeType: 'search_invoice_eu',
    name: 'European Invoice',
    description: 'VAT invoices from suppliers',
  });
  const receipt = await createType(app, searcher, {
    codeType: 'search_receipt',
    name: 'Till Receipt',
    description: 'Shop receipts',
  });
  const percent = await createType(app, searcher, {
    codeType: 'search_discount',
    name: 'Discount 50% off',
    description: 'Promotions',
  });
  const near = await createType(app, searcher, {
    codeType: 'search_coupon',
    name: 'Discount 500 off',
    description: 'Coupons',
  });
  const underscore = await createType(app, searcher, {
    codeType: 'search_memo',
    name: 'Memo',
    description: 'the a_c kind',
  });
  const lookalike = await createType(app, searcher, {
    codeType: 'search_note',
    name: 'Note',
    description: 'the abc kind',
  });
  const backslash = await createType(app, searcher, {
    codeType: 'search_path',
    name: 'Path',
    description: 'folder C:\\docs',
  });

  async function found(search: string): Promise<string[]> {
    const res = await api.list(searcher.headers, `search=${encodeURIComponent(search)}&limit=100`);
    t.equal(res.statusCode, 200);
    t.equal(res.body.pagination.total, res.body.data.length, `total counts only matches for "${search}"`);
    return res.body.data.map((item: { id: string }) => item.id).sort();
  }

  t.same(await found('invoice'), [invoice.id], 'by name (and code), case-insensitively');
  t.same(await found('TILL'), [receipt.id], 'by name, upper case');
  t.same(await found('RECEIPT_'), [], 'no code ends with receipt_');
  t.same(await found('receipt'), [receipt.id, publicType.id].sort(), 'by name, code and description');
  t.same(await found('search_invoice_e'), [invoice.id], 'by part of the code');
  t.same(await found('vat INVOICES'), [invoice.id], 'by description, case-insensitively');
  t.same(await found('shop'), [receipt.id], 'by description only');
  t.same(await found('50%'), [percent.id], '% matches itself, not any run of characters');
  t.same(await found('%'), [percent.id], 'a lone % is not a wildcard');
  t.same(await found('a_c'), [underscore.id], '_ matches itself, not any character');
  t.same(await found('C:\\docs'), [backslash.id], 'a backslash matches itself');
  t.same(await found('nothing like this'), [], 'no match: an empty page');
  t.same((await found('discount')).sort(), [percent.id, near.id].sort());
  t.same(await found('beta private'), [], 'search stays within what the organization sees');
  t.same(await found('SHARED'), [publicType.id], 'public types are searched too');
  const all = await found('');
  t.ok(all.includes(lookalike.id), 'an empty search lists everything');
});

t.test('a search longer than 200 characters answers 400', async (t) => {
  const res = await api.list(alpha.headers, `search=${'x'.repeat(201)}`);
  t.equal(res.statusCode, 400);
  t.ok(res.body.errors?.some((error: string) => error.includes('search')));
});

t.test('pagination', async (t) => {
  const pager: Actor = await createActor(app.db, { slug: 'pager' });
  const created: string[] = [];
  for (let index = 0; index < 5; index++) {
    created.push((await createType(app, pager, { name: `Page type ${index}` })).id);
  }
  const everything = [...created, publicType.id];

  const defaults = await api.list(pager.headers);
  t.equal(defaults.statusCode, 200);
  t.same(defaults.body.pagination, { total: 6, page: 1, limit: 20 }, 'defaults: page 1, limit 20');
  t.same(
    defaults.body.data.slice(0, 5).map((item: { id: string }) => item.id),
    [...created].reverse(),
    'newest first',
  );

  const seen: string[] = [];
  for (const page of [1, 2, 3]) {
    const res = await api.list(pager.headers, `page=${page}&limit=2`);
    t.equal(res.statusCode, 200);
    t.same(res.body.pagination, { total: 6, page, limit: 2 });
    t.equal(res.body.data.length, 2);
    seen.push(...res.body.data.map((item: { id: string }) => item.id));
  }
  t.same([...seen].sort(), [...everything].sort(), 'pages neither overlap nor skip');

  const beyond = await api.list(pager.headers, 'page=4&limit=2');
  t.equal(beyond.statusCode, 200);
  t.same(beyond.body.data, []);
  t.same(beyond.body.pagination, { total: 6, page: 4, limit: 2 });

  const last = await api.list(pager.headers, 'page=2&limit=4');
  t.equal(last.body.data.length, 2, 'a partial last page');

  t.equal((await api.list(pager.headers, 'limit=1')).body.data.length, 1, 'limit 1 is allowed');
  const max = await api.list(pager.headers, 'limit=100');
  t.equal(max.statusCode, 200, 'limit 100 is allowed');
  t.equal(max.body.pagination.limit, 100);
});

t.test('invalid pagination answers 400 naming the parameter', async (t) => {
  const cases: [string, string][] = [
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=', 'limit'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=2.5', 'page'],
    ['page=first', 'page'],
  ];
  for (const [query, parameter] of cases) {
    const res = await api.list(alpha.headers, query);
    t.equal(res.statusCode, 400, `${query} answers 400`);
    t.type(res.body.message, 'string');
    t.ok(
      res.body.errors?.some((error: string) => error.includes(parameter)),
      `${query}: an error names ${parameter}: ${JSON.stringify(res.body.errors)}`,
    );
  }
});

t.test('query parameters the operation does not declare are ignored, like unknown body fields', async (t) => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/document-types?limit=5&isActive=true&_=12345',
    headers: (await createActor(app.db)).headers,
  });
  t.equal(res.statusCode, 200);
  t.equal(res.body.pagination.limit, 5);
});
