import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import { NotFoundError } from '../../src/errors.js';
import { createStepExecution } from '../../src/modules/executions/repository.js';
import { addActor, createActor } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';
import { createStep, executionCount, insertExecution, stepsApi } from '../helpers/steps.js';

/**
 * What executions do to a step: executions30d and lastRunAt, and DELETE's 409 while executions
 * are in flight. Executions are written straight to the table here; the
 * execution engine creates them through `createStepExecution`, which is exercised at the end.
 */

const app = await buildTestApp(t);
const api = stepsApi(app);
const acme = await createActor(app.db, { slug: 'acme' });
const member = await addActor(app.db, acme.organization, { role: 'member' });
const other = await createActor(app.db, { slug: 'other' });
const organizationId = acme.organization.id;

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

t.test('executions30d counts executions started in the last 30 days; lastRunAt is the latest start', async (t) => {
  const step = await createStep(app, acme);
  const latest = ago(2 * MINUTE);
  await insertExecution(app.db, { id: step.id, organizationId }, { createdAt: ago(40 * DAY) });
  await insertExecution(app.db, { id: step.id, organizationId }, { createdAt: ago(31 * DAY) });
  await insertExecution(app.db, { id: step.id, organizationId }, { createdAt: ago(29 * DAY), status: 'ERROR' });
  await insertExecution(app.db, { id: step.id, organizationId }, { createdAt: ago(DAY) });
  await insertExecution(app.db, { id: step.id, organizationId }, { createdAt: latest, status: 'PROCESSING' });

  const read = (await api.get(member.headers, step.id)).body.data;
  t.equal(read.executions30d, 3, 'the two older than 30 days are not counted, whatever the status');
  t.equal(read.lastRunAt, latest.toISOString());
  const listed = (await api.list(member.headers, 'limit=100')).body.data.find(
    (item: { id: string }) => item.id === step.id,
  );
  t.equal(listed.executions30d, 3);
  t.equal(listed.lastRunAt, latest.toISOString());

  const old = await createStep(app, acme, { name: 'Old runs only' });
  const oldest = ago(90 * DAY);
  await insertExecution(app.db, { id: old.id, organizationId }, { createdAt: oldest });
  const readOld = (await api.get(member.headers, old.id)).body.data;
  t.equal(readOld.executions30d, 0);
  t.equal(readOld.lastRunAt, oldest.toISOString(), 'lastRunAt is not limited to 30 days');
});

t.test('DELETE is 409 with activeExecutions while executions are enqueued, processing or uploading', async (t) => {
  const step = await createStep(app, acme);
  const ids = { id: step.id, organizationId };
  await insertExecution(app.db, ids, { status: 'SUCCESS' });
  await insertExecution(app.db, ids, { status: 'ERROR' });
  await insertExecution(app.db, ids, { status: 'ENQUEUED', createdAt: ago(3 * DAY) });
  await insertExecution(app.db, ids, { status: 'PROCESSING' });
  await insertExecution(app.db, ids, { status: 'ENQUEUED', uploadingSince: ago(14 * MINUTE) });

  const res = await api.remove(acme.headers, step.id);
  t.equal(res.statusCode, 409);
  t.equal(res.body.activeExecutions, 3, 'enqueued (even old), processing and a 14-minute upload');
  t.match(res.body.message, /execution/);
  t.equal((await api.get(acme.headers, step.id)).statusCode, 200, 'the step is still there');
  t.equal(await executionCount(app.db, step.id), 5, 'and all of its history');
});

t.test('an upload that started more than 15 minutes ago no longer blocks the delete', async (t) => {
  const step = await createStep(app, acme);
  const ids = { id: step.id, organizationId };
  await insertExecution(app.db, ids, { status: 'ENQUEUED', uploadingSince: ago(16 * MINUTE) });
  await insertExecution(app.db, ids, { status: 'SUCCESS' });
  const res = await api.remove(acme.headers, step.id);
  t.equal(res.statusCode, 200);
  t.same(res.body, { data: { id: step.id, deleted: true } });
});

t.test('DELETE removes the step with its whole execution history', async (t) => {
  const step = await createStep(app, acme);
  const keep = await createStep(app, acme, { name: 'Neighbour' });
  for (const status of ['SUCCESS', 'ERROR', 'SUCCESS']) {
    await insertExecution(app.db, { id: step.id, organizationId }, { status });
  }
  await insertExecution(app.db, { id: keep.id, organizationId }, { status: 'SUCCESS' });
  t.equal((await api.remove(acme.headers, step.id)).statusCode, 200);
  t.equal(await executionCount(app.db, step.id), 0, 'no execution of the deleted step remains');
  t.equal(await executionCount(app.db, keep.id), 1, 'other steps keep theirs');
});

t.test('an inactive step keeps its history and still counts its executions', async (t) => {
  const step = await createStep(app, acme);
  await insertExecution(app.db, { id: step.id, organizationId }, { status: 'SUCCESS' });
  const off = await api.update(acme.headers, step.id, { isActive: false });
  t.equal(off.body.data.executions30d, 1);
  t.not(off.body.data.lastRunAt, null);
  t.equal(await executionCount(app.db, step.id), 1);
});

t.test('createStepExecution: only for an active step of the organization', async (t) => {
  const step = await createStep(app, acme);
  const created = await createStepExecution(app.db, {
    organizationId,
    stepId: step.id,
    createdBy: acme.user.id,
    uploading: true,
    originalFilename: 'invoice.pdf',
    documentMetadata: { ref: 42 },
  });
  t.equal(created.status, 'ENQUEUED');
  t.equal(created.kind, 'step');
  t.ok(created.uploading_since instanceof Date, 'starts in its uploading phase');
  t.same(created.document_metadata, { ref: 42 });
  t.equal((await api.get(acme.headers, step.id)).body.data.executions30d, 1);

  await t.rejects(
    createStepExecution(app.db, {
      organizationId: other.organization.id,
      stepId: step.id,
      createdBy: null,
      uploading: false,
    }),
    NotFoundError,
    'another organization’s step',
  );
  await api.update(acme.headers, step.id, { isActive: false });
  await t.rejects(
    createStepExecution(app.db, { organizationId, stepId: step.id, createdBy: null, uploading: false }),
    NotFoundError,
    'an inactive step',
  );
});

t.test(
  'delete and execution creation race: never a deleted step with executions, never a lost execution',
  async (t) => {
    // Each round starts a delete in the middle of a burst of execution creations. Whatever the
    // interleaving, exactly one of two worlds must result: the delete won (200, the step and
    // every execution gone, every creation after it refused with 404) or an execution won
    // (409, the step kept with every execution that was created).
    let deletedRounds = 0;
    let refusedRounds = 0;
    for (let round = 0; round < 12; round++) {
      const step = await createStep(app, acme, { name: `Race ${round}` });
      const create = () =>
        createStepExecution(app.db, {
          organizationId,
          stepId: step.id,
          createdBy: null,
          uploading: round % 2 === 0,
        }).then(
          () => 'created' as const,
          (error: { status?: number }) => {
            if (error.status === 404) return 'refused' as const;
            throw error;
          },
        );
      const before = Array.from({ length: round % 4 }, create);
      const deletion = api.remove(acme.headers, step.id);
      // Later creations start after growing delays, so rounds land on both sides of the delete.
      const after = Array.from({ length: 4 }, (_, i) => sleep(round * 2 + i).then(create));
      const [outcomes, res] = await Promise.all([Promise.all([...before, ...after]), deletion]);
      const created = outcomes.filter((outcome) => outcome === 'created').length;

      t.ok([200, 409].includes(res.statusCode), `round ${round}: delete answered ${res.statusCode}`);
      if (res.statusCode === 200) {
        deletedRounds++;
        t.equal(await executionCount(app.db, step.id), 0, `round ${round}: no execution survives the delete`);
        t.equal((await app.db('steps').where('id', step.id)).length, 0);
        t.equal(created, 0, `round ${round}: a delete succeeds only when no execution was created`);
      } else {
        refusedRounds++;
        t.ok(res.body.activeExecutions === undefined || res.body.activeExecutions >= 1);
        t.equal(await executionCount(app.db, step.id), created, `round ${round}: every created execution is kept`);
        t.equal((await api.get(acme.headers, step.id)).statusCode, 200);
      }
      if (res.statusCode === 200) {
        await t.rejects(
          createStepExecution(app.db, { organizationId, stepId: step.id, createdBy: null, uploading: false }),
          NotFoundError,
          `round ${round}: no execution can be created for a deleted step`,
        );
      }
    }
    t.comment(`delete won ${deletedRounds} rounds, executions won ${refusedRounds}`);
    t.equal(deletedRounds + refusedRounds, 12);
  },
);

t.test('a step kept locked by executions being created answers 409 without a count', async (t) => {
  // An execution insert in progress holds a KEY SHARE lock on its step. If the delete cannot
  // lock the step within its lock timeout, it gives up with a 409 without a count.
  const step = await createStep(app, acme);
  const holder = await app.db.transaction();
  try {
    await holder('steps').where('id', step.id).forKeyShare().first('id');
    const res = await api.remove(acme.headers, step.id);
    t.equal(res.statusCode, 409);
    t.equal(res.body.activeExecutions, undefined);
    t.match(res.body.message, /retry/);
  } finally {
    await holder.rollback();
  }
  t.equal((await api.remove(acme.headers, step.id)).statusCode, 200, 'once the lock is gone the delete succeeds');
});
