import { PDFDocument, StandardFonts } from 'pdf-lib';
import t from 'tap';
import { createProcessingTypes, eventsOf, INVOICE_TEXT, multipartBody, processingApi } from '../helpers/executions.js';
import { createActor } from '../helpers/factories.js';
import { childEnv, sleep, start } from '../helpers/processes.js';
import { buildTestApp } from '../helpers/server.js';
import { createStep } from '../helpers/steps.js';

/*
 * The crash test of the job loop: a `quire worker` process is killed with SIGKILL in the middle
 * of a run; another worker reclaims the expired lease and finishes it. Nothing stays in
 * PROCESSING and nothing is run to completion twice (one STEP_COMPLETED, one result).
 */

const LEASE_MS = 2000;

// The API process here runs no workers: only the child processes do.
const app = await buildTestApp(t);
const owner = await createActor(app.db);
const { invoice } = await createProcessingTypes(app, owner);
const step = await createStep(app, owner, { identification: { types: [invoice.codeType] } });

/** A long text PDF: converting it keeps a worker busy for a few seconds, long enough to kill it. */
async function longPdf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = INVOICE_TEXT.split('\n');
  for (let page = 0; page < pages; page++) {
    const sheet = pdf.addPage([612, 792]);
    for (let row = 0; row < 40; row++) {
      const line = row < lines.length ? lines[row] : `Line ${row} of page ${page + 1}: paper, toner and staples 12.50`;
      sheet.drawText(line as string, { x: 40, y: 760 - row * 18, size: 10, font });
    }
  }
  return Buffer.from(await pdf.save());
}

const workerEnv = childEnv({
  DATABASE_URL: app.config.databaseUrl as string,
  JOB_LEASE_MS: String(LEASE_MS),
  JOB_POLL_MS: '200',
  LOG_LEVEL: 'info',
});

function startWorker() {
  const child = start(['bin/quire.js', 'worker'], workerEnv);
  t.teardown(async () => {
    if (!child.hasExited()) {
      child.process.kill('SIGKILL');
      await child.exited;
    }
  });
  return child;
}

async function statusOf(id: string): Promise<string> {
  const row = await app.db('executions').where('id', id).first('status');
  return row.status as string;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(20);
  }
}

t.test('a worker killed mid-run: another one finishes the run, once', async (t) => {
  const form = await multipartBody({ bytes: await longPdf(400), filename: 'long.pdf', type: 'application/pdf' });
  const accepted = await processingApi(app, owner).multipart(`/api/steps-async/${step.id}`, form);
  t.equal(accepted.statusCode, 202, accepted.payload);
  const id = accepted.body.id as string;

  const first = startWorker();
  await until('the first worker starts the run', async () => (await statusOf(id)) !== 'ENQUEUED', 60_000);
  t.equal(await statusOf(id), 'PROCESSING', 'the run is in the middle when the worker is killed');
  first.process.kill('SIGKILL');
  const exit = await first.exited;
  t.equal(exit.signal, 'SIGKILL');
  t.equal(await statusOf(id), 'PROCESSING', 'the killed worker left the run unfinished');

  const second = startWorker();
  await until(
    'the second worker finishes the run',
    async () => ['SUCCESS', 'ERROR'].includes(await statusOf(id)),
    90_000,
  );
  const finished = await app.db('executions').where('id', id).first();
  t.equal(finished.status, 'SUCCESS', finished.error ?? '');
  t.equal(finished.data.invoice_number, 'INV-2024-001');

  const events = (await eventsOf(app.db, id)).map((e) => e.event);
  t.same(
    events,
    ['STEP_STARTED', 'IDENTIFICATION_STARTED', 'IDENTIFICATION_COMPLETED', 'STEP_COMPLETED'],
    'started once, completed once',
  );
  t.equal(
    (await app.db('executions').where('status', 'PROCESSING').count<{ count: number }[]>({ count: '*' }))[0]?.count,
    0,
  );
  t.equal((await app.db('jobs').count<{ count: number }[]>({ count: '*' }))[0]?.count, 0, 'the job is done and gone');

  second.process.kill('SIGTERM');
  const stopped = await second.exited;
  t.equal(stopped.code, 0, 'SIGTERM stops an idle worker cleanly');
});
