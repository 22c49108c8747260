import t from 'tap';
import { offerRetentionRun } from '../../src/jobs/kinds/enforce-retention.js';
import { enforceRetention } from '../../src/modules/retention/enforce.js';
import {
  base64Body,
  createProcessingTypes,
  eventsOf,
  INVOICE_TEXT,
  pathOf,
  processingApi,
  waitForTerminal,
} from '../helpers/executions.js';
import { addActor, createActor } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';

/** Per-organization retention: the policy API, the job that deletes, the status that says so. */

const app = await buildTestApp(t, {}, { workers: true });
const owner = await createActor(app.db, { slug: 'acme' });
const admin = await addActor(app.db, owner.organization, { role: 'admin' });
const other = await createActor(app.db, { slug: 'other' });
const { invoice } = await createProcessingTypes(app, owner);
const othersTypes = await createProcessingTypes(app, other);

const policy = (headers: Record<string, string>, payload?: object) =>
  app.inject({ method: payload ? 'PUT' : 'GET', url: '/api/retention', headers, ...(payload ? { payload } : {}) });

/** A finished conversion of the invoice text, its status path. */
async function convertedInvoice(actor = owner, codeType = invoice.codeType): Promise<string> {
  const accepted = await processingApi(app, actor).json(
    '/api/convert-async',
    base64Body(INVOICE_TEXT, { document_type_code: codeType }),
  );
  const path = pathOf(accepted.body.status_url);
  const done = await waitForTerminal(app, actor, path);
  t.equal(done.body.status, 'SUCCESS');
  return path;
}

/** Moves an execution into the past, as if it had been created and finished `days` days ago. */
async function endedDaysAgo(executionId: string, days: number): Promise<void> {
  await app.db.raw(
    `update executions
        set created_at = created_at - make_interval(days => ?),
            started_at = started_at - make_interval(days => ?),
            completed_at = now() - make_interval(days => ?)
      where id = ?`,
    [days, days, days, executionId],
  );
}

async function storedBytes(executionId: string): Promise<number> {
  const [row] = await app.db('execution_document_chunks').where('execution_id', executionId).count({ n: '*' });
  return Number(row?.n);
}

async function waitFor(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

t.test('the policy: keep everything by default; owner only; days validated', async (t) => {
  const initial = await policy(owner.headers);
  t.equal(initial.statusCode, 200);
  t.same(initial.body.data, { documentRetentionDays: null, resultRetentionDays: null, updatedAt: null });
  t.equal((await policy(admin.headers)).statusCode, 403, 'an admin may not read it');
  t.equal((await policy(admin.headers, { documentRetentionDays: 1 })).statusCode, 403, 'nor set it');
  const zero = await policy(owner.headers, { documentRetentionDays: 0 });
  t.equal(zero.statusCode, 400);
  t.match(zero.body.errors.join(), /documentRetentionDays/);
  const set = await policy(owner.headers, { documentRetentionDays: 30 });
  t.equal(set.statusCode, 200);
  t.match(set.body.data, { documentRetentionDays: 30, resultRetentionDays: null, updatedAt: String });
  t.same((await policy(owner.headers)).body.data, set.body.data);
  const cleared = await policy(owner.headers, {});
  t.same(cleared.body.data.documentRetentionDays, null, 'left out: kept for good');
});

t.test('the job deletes documents and results past their days; the status says the content expired', async (t) => {
  await policy(owner.headers, { documentRetentionDays: 30, resultRetentionDays: 90 });
  const [old, middle, recent] = [await convertedInvoice(), await convertedInvoice(), await convertedInvoice()];
  const idOf = (path: string) => path.split('/').pop() as string;
  const othersPath = await convertedInvoice(other, othersTypes.invoice.codeType);
  await endedDaysAgo(idOf(old), 91);
  await endedDaysAgo(idOf(middle), 31);
  await endedDaysAgo(idOf(recent), 29);
  await endedDaysAgo(idOf(othersPath), 400);
  t.ok((await storedBytes(idOf(old))) > 0, 'bytes are stored before the run');

  t.equal(await offerRetentionRun(app.db), true, 'a run is queued');
  await waitFor(async () => (await app.db('jobs').where('kind', 'enforce-retention').first()) === undefined, 'the run');

  t.equal(await storedBytes(idOf(old)), 0);
  t.equal(await storedBytes(idOf(middle)), 0);
  t.ok((await storedBytes(idOf(recent))) > 0, 'a document inside its 30 days is kept');
  t.ok((await storedBytes(idOf(othersPath))) > 0, 'an organization without a policy keeps everything');

  const api = processingApi(app, owner);
  const oldStatus = await api.status(old);
  t.equal(oldStatus.statusCode, 200, 'the status still answers');
  t.equal(oldStatus.body.status, 'SUCCESS');
  t.equal(oldStatus.body.data, null, 'results past 90 days are gone');
  t.same(oldStatus.body.extraction.fields, []);
  t.match(oldStatus.body.content_expired, {
    document_deleted_at: String,
    results_deleted_at: String,
    message: /content has expired: its document was deleted on .* and its results were deleted on/,
  });
  const completed = (await eventsOf(app.db, idOf(old))).find((event) => event.event === 'CONVERSION_COMPLETED');
  t.equal(completed?.payload.data, null, 'the stored event no longer carries the data');

  const middleStatus = await api.status(middle);
  t.equal(middleStatus.body.data.total, 123.45, 'results inside their 90 days are kept');
  t.match(middleStatus.body.content_expired, { document_deleted_at: String, results_deleted_at: null });
  const recentStatus = await api.status(recent);
  t.notOk('content_expired' in recentStatus.body, 'nothing expired: no content_expired field');

  const metrics = await app.inject({ method: 'GET', url: '/metrics' });
  t.match(metrics.payload, /quire_retention_expired_executions\{content="document"\} 2/);
  t.match(metrics.payload, /quire_retention_expired_executions\{content="results"\} 1/);

  t.same(await enforceRetention(app.db), { documents: 0, bytes: 0, results: 0 }, 'a second run finds nothing');
});

t.test('one run is queued at a time, however many workers offer one', async (t) => {
  const offers = await Promise.all([1, 2, 3, 4].map(() => offerRetentionRun(app.db)));
  t.ok(offers.filter(Boolean).length <= 1, `offers accepted: ${offers}`);
  await waitFor(async () => (await app.db('jobs').where('kind', 'enforce-retention').first()) === undefined, 'the run');
});
