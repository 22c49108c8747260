import t from 'tap';
import { MISSING_ID } from '../helpers/document-types.js';
import { addActor, createActor } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';
import { createStep, STEP_KEYS, type StepBody, stepsApi } from '../helpers/steps.js';

/** Reading and listing steps: order, search, pagination, tenancy. */

const app = await buildTestApp(t);
const api = stepsApi(app);
const acme = await createActor(app.db, { slug: 'acme' });
const member = await addActor(app.db, acme.organization, { role: 'member' });
const other = await createActor(app.db, { slug: 'other' });

const names = ['First', 'Second 100%', 'Third under_score', 'Fourth', 'Fifth'];
const created: StepBody[] = [];
for (const name of names)
  created.push(await createStep(app, acme, { name, description: `About ${name.toLowerCase()}` }));
const foreign = await createStep(app, other, { name: 'Foreign step' });

t.test('the list is newest first, in {data, pagination}, with the full step fields', async (t) => {
  const res = await api.list(member.headers);
  t.equal(res.statusCode, 200);
  t.same(
    res.body.data.map((step: { name: string }) => step.name),
    [...names].reverse(),
  );
  t.same(res.body.pagination, { total: 5, page: 1, limit: 20 });
  for (const step of res.body.data) t.same(Object.keys(step).sort(), STEP_KEYS);
  const one = await api.get(member.headers, created[0]?.id as string);
  t.same(
    res.body.data.find((step: { id: string }) => step.id === created[0]?.id),
    one.body.data,
    'a list entry has the same fields as GET one',
  );
});

t.test('another organization’s steps are neither listed nor readable', async (t) => {
  const res = await api.list(acme.headers, 'limit=100');
  t.notOk(res.body.data.some((step: { id: string }) => step.id === foreign.id));
  const read = await api.get(acme.headers, foreign.id);
  t.equal(read.statusCode, 404);
  t.equal(read.body.message, 'Step not found');
  const missing = await api.get(acme.headers, MISSING_ID);
  t.equal(missing.statusCode, 404);
  t.same(missing.body, read.body, 'foreign and missing answer alike');
  const malformed = await api.get(acme.headers, 'not-a-uuid');
  t.equal(malformed.statusCode, 404);
});

t.test('search matches name or description, case-insensitively, % and _ literally', async (t) => {
  const search = async (text: string) =>
    (await api.list(acme.headers, `search=${encodeURIComponent(text)}`)).body.data.map(
      (step: { name: string }) => step.name,
    );
  t.same(await search('FOURTH'), ['Fourth'], 'case-insensitive on name');
  t.same(await search('about fif'), ['Fifth'], 'matches the description');
  t.same(await search('%'), ['Second 100%'], '% is literal');
  t.same(await search('_'), ['Third under_score'], '_ is literal');
  t.same(await search('fi_th'), [], '_ does not match any character');
  t.same(await search('\\'), [], 'a backslash is literal too');
  t.same(await search('nothing like this'), []);
  const res = await api.list(acme.headers, 'search=i&limit=2');
  t.equal(res.body.pagination.total, 3, 'the total counts every match, not the page');
});

t.test('pagination: page from 1, limit 1-100', async (t) => {
  const first = await api.list(acme.headers, 'page=1&limit=2');
  const second = await api.list(acme.headers, 'page=2&limit=2');
  const third = await api.list(acme.headers, 'page=3&limit=2');
  const beyond = await api.list(acme.headers, 'page=9&limit=2');
  t.same(
    [...first.body.data, ...second.body.data, ...third.body.data].map((step: { name: string }) => step.name),
    [...names].reverse(),
  );
  t.same(third.body.pagination, { total: 5, page: 3, limit: 2 });
  t.same(beyond.body.data, []);
  t.same(beyond.body.pagination, { total: 5, page: 9, limit: 2 }, 'a page past the end still has the total');
  t.equal((await api.list(acme.headers, 'limit=100')).statusCode, 200);

  for (const query of ['page=0', 'page=-1', 'page=abc', 'limit=0', 'limit=101', 'limit=1.5', 'page=1.5']) {
    const res = await api.list(acme.headers, query);
    t.equal(res.statusCode, 400, `${query} answers 400`);
    t.ok(res.body.errors.some((error: string) => error.startsWith(`query.${query.split('=')[0]}`)));
  }
});

t.test('reads need a key of the organization', async (t) => {
  t.equal((await api.list({})).statusCode, 401);
  t.equal((await api.get({}, created[0]?.id as string)).statusCode, 401);
});
