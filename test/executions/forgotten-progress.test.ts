import t from 'tap';
import type { Knex } from '../../src/db/knex.js';
import { createJobContext, createRunningJob } from '../../src/jobs/running-job.js';
import { type LeaseGuard, LeaseLostError } from '../../src/jobs/types.js';
import { createLogger } from '../../src/logger.js';
import { findExecutionToRun } from '../../src/modules/executions/repository.js';
import {
  completeExecutionLeased,
  keepIdentificationLeased,
  startExecutionLeased,
} from '../../src/modules/executions/transitions.js';
import { base64Body, createProcessingTypes, eventsOf, processingApi } from '../helpers/executions.js';
import { createActor } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';
import { createStep } from '../helpers/steps.js';

/*
 * A run's state changes (its start, a kept identification, its completion) commit without waiting
 * for their WAL flush, so a database crash may forget the last of them. The changes that build on it require it in their lease
 * check: on top of forgotten progress they write nothing and leave the job to run again. The
 * crash is played here by putting the row back as it was before the progress.
 */

// No workers: the test plays the run's state changes itself under a claim it makes.
const app = await buildTestApp(t);
const owner = await createActor(app.db);
const { invoice } = await createProcessingTypes(app, owner);
const step = await createStep(app, owner, { identification: { types: [invoice.codeType] } });
const logger = createLogger('silent');
const LEASE_MS = 60_000;

/** A step execution submitted, its job claimed by hand: the execution and the claimed job's context. */
async function claimedRun() {
  const accepted = await processingApi(app, owner).json(`/api/steps-async/${step.id}`, base64Body('Invoice INV-1'));
  const executionId = accepted.body.id as string;
  const [row] = await app
    .db('jobs')
    .whereRaw(`payload->>'executionId' = ?`, [executionId])
    .update({ lock_token: app.db.raw('gen_random_uuid()'), locked_by: 'test', attempts: 1 })
    .returning(['id', 'kind', 'payload', 'attempts', 'max_attempts', 'lock_token', 'last_error']);
  const job = createRunningJob(
    { ...row, id: String(row.id), lease_expired: false },
    'cpu',
    3,
    logger,
    performance.now() + LEASE_MS,
  );
  const context = createJobContext(job, app.db, LEASE_MS);
  const found = await findExecutionToRun(app.db, executionId);
  return { executionId, jobId: String(row.id), context, execution: found!.execution };
}

const identification = {
  document_type: { code: invoice.codeType, name: 'Invoice', confidence: 0.9 },
  confidence: 0.9,
  alternatives: [],
};
const outcome = {
  data: { invoice_number: 'INV-1' },
  validation: { valid: true, errors: [] },
  documentTypeCode: invoice.codeType,
  pageCount: 1,
};

t.test('a completion on top of a forgotten start writes nothing and leaves the job', async (t) => {
  const { executionId, jobId, context, execution } = await claimedRun();
  await context.leased('renew', (db, guard) => startExecutionLeased(db, guard, execution, true));
  t.equal((await app.db('executions').where('id', executionId).first()).status, 'PROCESSING');
  // The crash forgot the start and its events.
  await app.db('events').where('execution_id', executionId).delete();
  await app.db('executions').where('id', executionId).update({ status: 'ENQUEUED', started_at: null });

  const completing = context.leased('delete', (db, guard) =>
    completeExecutionLeased(db, guard, execution, { ...outcome, identification }, identification, {
      identificationEvent: true,
    }),
  );
  await t.rejects(completing, LeaseLostError);
  t.equal((await app.db('executions').where('id', executionId).first()).status, 'ENQUEUED');
  t.same(await eventsOf(app.db, executionId), [], 'no event');
  t.ok(await app.db('jobs').where('id', jobId).first(), 'the job is left to run again');
});

t.test(
  'keeping an identification requires the start; the completion requires the identification it kept',
  async (t) => {
    const { executionId, jobId, context, execution } = await claimedRun();
    await context.leased('renew', (db, guard) => startExecutionLeased(db, guard, execution, true));
    const started = { ...execution, status: 'PROCESSING' as const };
    await context.leased('renew', (db, guard) => keepIdentificationLeased(db, guard, started, identification));
    // The crash forgot the kept identification (and its event).
    await app.db('events').where({ execution_id: executionId, event: 'IDENTIFICATION_COMPLETED' }).delete();
    await app.db('executions').where('id', executionId).update({ identification: null, document_type_code: null });
    const kept = (db: Knex, guard: LeaseGuard) =>
      completeExecutionLeased(db, guard, started, outcome, identification, { identificationKept: true });
    await t.rejects(context.leased('delete', kept), LeaseLostError);
    t.equal((await app.db('executions').where('id', executionId).first()).status, 'PROCESSING');
    t.ok(await app.db('jobs').where('id', jobId).first(), 'the job is left to run again');

    // Kept (again) and remembered: the completion writes, and deletes the job.
    await context.leased('renew', (db, guard) => keepIdentificationLeased(db, guard, started, identification));
    await context.leased('delete', kept);
    t.equal((await app.db('executions').where('id', executionId).first()).status, 'SUCCESS');
    t.same(
      (await eventsOf(app.db, executionId)).map((event) => event.event),
      ['STEP_STARTED', 'IDENTIFICATION_STARTED', 'IDENTIFICATION_COMPLETED', 'STEP_COMPLETED'],
    );
    t.notOk(await app.db('jobs').where('id', jobId).first(), 'the job is deleted with the completion');

    // Without its start, an identification is not kept.
    const second = await claimedRun();
    await t.rejects(
      second.context.leased('renew', (db, guard) =>
        keepIdentificationLeased(db, guard, second.execution, identification),
      ),
      LeaseLostError,
    );
    t.equal((await app.db('executions').where('id', second.executionId).first()).identification, null);
  },
);
