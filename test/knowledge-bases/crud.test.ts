import t from 'tap';
import { ISO_DATE_TIME, MISSING_ID, UUID } from '../helpers/document-types.js';
import { addActor, createActor } from '../helpers/factories.js';
import {
  article,
  createKnowledgeBase,
  dataMessages,
  knowledgeBaseBody,
  knowledgeBasesApi,
} from '../helpers/knowledge-bases.js';
import { buildTestApp } from '../helpers/server.js';

/** Knowledge bases: create, list, read, update, delete. */

const app = await buildTestApp(t);
const api = knowledgeBasesApi(app);
const owner = await createActor(app.db, { slug: 'acme' });
const admin = await addActor(app.db, owner.organization, { role: 'admin' });
const member = await addActor(app.db, owner.organization, { role: 'member' });
const outsider = await createActor(app.db, { slug: 'outsider' });

const CREATE_KEYS = ['createdAt', 'description', 'id', 'isActive', 'name', 'schema'];
const LIST_KEYS = ['createdAt', 'description', 'documentCount', 'id', 'isActive', 'name'];
const FULL_KEYS = [...CREATE_KEYS, 'documentCount', 'indexingPreferences', 'updatedAt'].sort();

t.test('create answers 201 with exactly the spec shape; get answers the full shape', async (t) => {
  const body = knowledgeBaseBody({ name: 'Handbook' });
  const res = await api.create(owner.headers, body);
  t.equal(res.statusCode, 201);
  t.same(Object.keys(res.body), ['data']);
  const data = res.body.data;
  t.same(Object.keys(data).sort(), CREATE_KEYS);
  t.match(data.id, UUID);
  t.equal(data.name, 'Handbook');
  t.equal(data.description, body.description);
  t.same(data.schema, body.schema);
  t.equal(data.isActive, true);
  t.match(data.createdAt, ISO_DATE_TIME);

  const read = await api.get(member.headers, data.id);
  t.equal(read.statusCode, 200, 'any member reads');
  t.same(Object.keys(read.body.data).sort(), FULL_KEYS);
  t.equal(read.body.data.documentCount, 0);
  t.same(read.body.data.indexingPreferences, {
    contentFields: null,
    chunkSize: 2000,
    chunkOverlap: 200,
    embeddingProvider: 'local',
    embeddingModel: 'quire-lexical-v1',
  });
});

t.test('name, description and schema are required: 400 {message, errors} naming each', async (t) => {
  for (const field of ['name', 'description', 'schema']) {
    const body: Record<string, unknown> = knowledgeBaseBody();
    delete body[field];
    const res = await api.create(owner.headers, body);
    t.equal(res.statusCode, 400, `without ${field}`);
    t.equal(res.body.message, 'Validation error');
    t.ok(
      res.body.errors.some((error: string) => error.includes(field)),
      `names ${field}: ${res.body.errors}`,
    );
  }
  const blank = await api.create(owner.headers, knowledgeBaseBody({ name: '   ' }));
  t.equal(blank.statusCode, 400, 'a blank name is refused');
  t.ok(blank.body.errors.some((error: string) => error.startsWith('name:')));
  const wrongType = await api.create(owner.headers, knowledgeBaseBody({ schema: 'not an object' }));
  t.equal(wrongType.statusCode, 400);
  t.ok(wrongType.body.errors.some((error: string) => error.startsWith('schema')));
});

t.test('schema must compile as a JSON Schema of an object', async (t) => {
  const broken = await api.create(
    owner.headers,
    knowledgeBaseBody({ schema: { type: 'object', properties: { a: { type: 'no-such-type' } } } }),
  );
  t.equal(broken.statusCode, 400);
  t.match(broken.body.errors[0], /^schema: is not a valid JSON Schema/);
  const notObject = await api.create(owner.headers, knowledgeBaseBody({ schema: { type: 'string' } }));
  t.equal(notObject.statusCode, 400);
  t.match(notObject.body.errors[0], /^schema: the root of the schema must have "type": "object"/);
});

t.test('names are unique per organization: 409 {message}', async (t) => {
  await createKnowledgeBase(app, owner, { name: 'Contracts' });
  const again = await api.create(owner.headers, knowledgeBaseBody({ name: '  Contracts ' }));
  t.equal(again.statusCode, 409);
  t.same(again.body, { message: 'A knowledge base with this name already exists' });
  const elsewhere = await api.create(outsider.headers, knowledgeBaseBody({ name: 'Contracts' }));
  t.equal(elsewhere.statusCode, 201, 'another organization may use the name');
});

t.test('indexingPreferences are validated and stored complete', async (t) => {
  const custom = await createKnowledgeBase(app, owner, {
    indexingPreferences: { contentFields: ['title', 'text', 'title'], chunkSize: 500, chunkOverlap: 50 },
  });
  const read = await api.get(owner.headers, custom.id);
  t.same(read.body.data.indexingPreferences, {
    contentFields: ['title', 'text'],
    chunkSize: 500,
    chunkOverlap: 50,
    embeddingProvider: 'local',
    embeddingModel: 'quire-lexical-v1',
  });
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ chunkSize: 500, chunkOverlap: 500 }, /chunkOverlap: must be smaller than chunkSize/],
    [{ chunkSize: 50 }, /chunkSize/],
    [{ chunkOverlap: -1 }, /chunkOverlap/],
    [{ embeddingProvider: 'magic' }, /embeddingProvider/],
    [{ embeddingModel: 'text-embedding-3-large' }, /local provider has only the model/],
    [{ embeddingProvider: 'openai-compatible' }, /needs EMBEDDINGS_BASE_URL/],
    [{ unknownField: true }, /unknownField/],
    [{ contentFields: 'title' }, /contentFields/],
  ];
  for (const [preferences, pattern] of cases) {
    const res = await api.create(owner.headers, knowledgeBaseBody({ indexingPreferences: preferences }));
    t.equal(res.statusCode, 400, JSON.stringify(preferences));
    t.match(res.body.errors.join('\n'), pattern);
  }
});

t.test('list: isActive (default true), search on name or description, pagination, documentCount', async (t) => {
  const org = await createActor(app.db, { slug: 'lister' });
  const alpha = await createKnowledgeBase(app, org, { name: 'Alpha', description: 'first 100% base' });
  const beta = await createKnowledgeBase(app, org, { name: 'Beta', description: 'about invoices' });
  const gamma = await createKnowledgeBase(app, org, { name: 'Gamma', description: 'retired' });
  t.equal((await api.update(org.headers, gamma.id, { isActive: false })).statusCode, 200);
  const upload = await api.bulkUpload(org.headers, beta.id, {
    documents: [article('one', 'One', 'first'), article('two', 'Two', 'second')],
  });
  t.equal(dataMessages(upload.payload).at(-1).type, 'complete');

  const active = await api.list(org.headers);
  t.equal(active.statusCode, 200);
  t.same(
    active.body.data.map((kb: { name: string }) => kb.name),
    ['Beta', 'Alpha'],
    'active only, newest first',
  );
  t.same(active.body.pagination, { total: 2, page: 1, limit: 20 });
  for (const item of active.body.data) t.same(Object.keys(item).sort(), LIST_KEYS);
  t.equal(active.body.data[0].documentCount, 2);
  t.equal(active.body.data[1].documentCount, 0);

  const inactive = await api.list(org.headers, 'isActive=false');
  t.same(
    inactive.body.data.map((kb: { id: string }) => kb.id),
    [gamma.id],
  );
  t.same(
    (await api.list(org.headers, 'search=INVOICE')).body.data.map((kb: { id: string }) => kb.id),
    [beta.id],
    'search matches the description, case-insensitively',
  );
  t.same(
    (await api.list(org.headers, 'search=alp')).body.data.map((kb: { id: string }) => kb.id),
    [alpha.id],
    'search matches the name',
  );
  t.same(
    (await api.list(org.headers, 'search=100%25')).body.data.map((kb: { id: string }) => kb.id),
    [alpha.id],
    '% is literal',
  );
  const second = await api.list(org.headers, 'limit=1&page=2');
  t.same(second.body.pagination, { total: 2, page: 2, limit: 1 });
  t.same(
    second.body.data.map((kb: { id: string }) => kb.id),
    [alpha.id],
  );
  for (const query of ['limit=0', 'limit=101', 'page=0', 'isActive=maybe']) {
    const res = await api.list(org.headers, query);
    t.equal(res.statusCode, 400, query);
    t.equal(res.body.message, 'Validation error');
  }
  t.equal((await api.list(org.headers, 'limit=100')).statusCode, 200);
  const others = await api.list(outsider.headers, 'limit=100');
  t.notOk(
    others.body.data.some((kb: { id: string }) => [alpha.id, beta.id].includes(kb.id)),
    'never another organization',
  );
});

t.test('update is partial; a taken name is 409; an empty update is 400', async (t) => {
  const kb = await createKnowledgeBase(app, owner, { name: 'Drafts' });
  await createKnowledgeBase(app, owner, { name: 'Taken' });
  const renamed = await api.update(admin.headers, kb.id, { name: 'Drafts 2' });
  t.equal(renamed.statusCode, 200, 'an admin may update');
  t.same(Object.keys(renamed.body.data).sort(), FULL_KEYS);
  t.equal(renamed.body.data.name, 'Drafts 2');
  t.equal(renamed.body.data.description, 'Answers for the support team', 'other fields kept');
  t.ok(Date.parse(renamed.body.data.updatedAt) >= Date.parse(renamed.body.data.createdAt));

  const schema = { type: 'object', properties: { body: { type: 'string' } } };
  const changed = await api.update(owner.headers, kb.id, { description: 'New', schema, isActive: false });
  t.equal(changed.body.data.description, 'New');
  t.same(changed.body.data.schema, schema);
  t.equal(changed.body.data.isActive, false);

  const taken = await api.update(owner.headers, kb.id, { name: 'Taken' });
  t.equal(taken.statusCode, 409);
  t.same(taken.body, { message: 'A knowledge base with this name already exists' });
  const empty = await api.update(owner.headers, kb.id, {});
  t.equal(empty.statusCode, 400);
  t.match(empty.body.errors[0], /send at least one of/);
  const badSchema = await api.update(owner.headers, kb.id, { schema: { type: 'object', required: 'x' } });
  t.equal(badSchema.statusCode, 400);
  t.equal((await api.update(owner.headers, MISSING_ID, { name: 'x' })).statusCode, 404);
});

t.test('changing indexingPreferences re-indexes stored documents', async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  await api.bulkUpload(owner.headers, kb.id, {
    documents: [article('p1', 'Passwords', 'How to reset a password')],
  });
  const before = await api.search(owner.headers, kb.id, 'query=reset&similarityThreshold=0.5');
  t.equal(before.body.resultsCount, 1, 'found through the text field');
  const res = await api.update(owner.headers, kb.id, { indexingPreferences: { contentFields: ['title'] } });
  t.equal(res.statusCode, 200);
  t.same(res.body.data.indexingPreferences.contentFields, ['title']);
  t.equal(res.body.data.indexingPreferences.chunkSize, 2000, 'other preferences kept');
  const after = await api.search(owner.headers, kb.id, 'query=reset&similarityThreshold=0.5');
  t.equal(after.body.resultsCount, 0, 'the text field is no longer indexed');
  const byTitle = await api.search(owner.headers, kb.id, 'query=passwords&similarityThreshold=0.5');
  t.equal(byTitle.body.resultsCount, 1);
});

t.test('delete removes the base and its documents', async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  await api.bulkUpload(owner.headers, kb.id, { documents: [article('d1', 'T', 'x'), article('d2', 'T', 'y')] });
  const res = await api.remove(owner.headers, kb.id);
  t.equal(res.statusCode, 200);
  t.same(res.body, { data: { id: kb.id, deleted: true } });
  t.equal((await api.get(owner.headers, kb.id)).statusCode, 404);
  const [left] = await app.db('knowledge_base_documents').where('knowledge_base_id', kb.id).count({ n: '*' });
  t.equal(Number(left?.n), 0, 'documents deleted with it');
  t.equal((await api.remove(owner.headers, kb.id)).statusCode, 404);
});

t.test("another organization's base answers 404 like a missing one", async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  for (const res of [
    await api.get(outsider.headers, kb.id),
    await api.update(outsider.headers, kb.id, { name: 'mine' }),
    await api.remove(outsider.headers, kb.id),
    await api.get(owner.headers, MISSING_ID),
    await api.get(owner.headers, 'not-a-uuid'),
  ]) {
    t.equal(res.statusCode, 404);
    t.same(res.body, { message: 'Knowledge base not found' });
  }
  t.equal((await api.get(owner.headers, kb.id)).statusCode, 200, 'untouched');
});

t.test('members read; only owners and admins write (403)', async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  t.equal((await api.get(member.headers, kb.id)).statusCode, 200);
  t.equal((await api.list(member.headers)).statusCode, 200);
  for (const res of [
    await api.create(member.headers, knowledgeBaseBody()),
    await api.update(member.headers, kb.id, { name: 'x' }),
    await api.remove(member.headers, kb.id),
  ]) {
    t.equal(res.statusCode, 403);
    t.match(res.body.message, /owner or admin/);
  }
  t.equal((await api.create(admin.headers, knowledgeBaseBody())).statusCode, 201);
});

t.test('no key is 401', async (t) => {
  const res = await api.list({});
  t.equal(res.statusCode, 401);
  t.equal(typeof res.body.message, 'string');
});
