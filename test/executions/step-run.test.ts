import http from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { configureStepIdentification } from '../../src/modules/steps/configure.js';
import {
  base64Body,
  createProcessingTypes,
  eventsOf,
  INVOICE_TEXT,
  multipartBody,
  pathOf,
  processingApi,
  textPdf,
  waitForTerminal,
} from '../helpers/executions.js';
import { createActor } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';
import { createStep, stepsApi } from '../helpers/steps.js';

const app = await buildTestApp(t, { URL_FETCH_ALLOW_PRIVATE_TARGETS: 'true' }, { workers: true });
const owner = await createActor(app.db);
const { invoice, receipt } = await createProcessingTypes(app, owner);
const step = await createStep(app, owner, {
  name: 'Invoices',
  identification: { types: [invoice.codeType, receipt.codeType] },
});
const api = processingApi(app, owner);
const submitPath = `/api/steps-async/${step.id}`;

// A local document server for the URL source.
const pdf = await textPdf(INVOICE_TEXT.split('\n'));
const documents = http.createServer((request, response) => {
  if (request.url === '/invoice.pdf') {
    response.writeHead(200, { 'content-type': 'application/pdf' });
    response.end(pdf);
    return;
  }
  response.writeHead(404).end();
});
await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
t.teardown(() => new Promise<void>((resolve) => documents.close(() => resolve())));
const documentsOrigin = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;

/** Submits, checks the 202, waits, and checks the finished status of an invoice run. */
async function runToSuccess(
  t: Test,
  submit: () => Promise<{ statusCode: number; body: any }>,
  filename: string | null,
) {
  const accepted = await submit();
  t.equal(accepted.statusCode, 202, JSON.stringify(accepted.body));
  t.same(Object.keys(accepted.body).sort(), ['execution_id', 'id', 'status', 'status_url', 'step_id', 'step_name']);
  t.equal(accepted.body.status, 'ENQUEUED');
  t.equal(accepted.body.execution_id, accepted.body.id);
  t.equal(accepted.body.step_id, step.id);
  t.equal(accepted.body.step_name, 'Invoices');
  t.equal(pathOf(accepted.body.status_url), `/api/steps-async/status/${accepted.body.id}`);

  const done = await waitForTerminal(app, owner, pathOf(accepted.body.status_url));
  t.equal(done.body.status, 'SUCCESS', done.body.error ?? '');
  t.equal(done.body.conversion_id, accepted.body.id);
  t.equal(done.body.original_filename, filename);
  t.equal(done.body.document_type_code, invoice.codeType);
  t.equal(done.body.identification.document_type.code, invoice.codeType);
  t.ok(done.body.identification.confidence > 0 && done.body.identification.confidence <= 1);
  t.equal(done.body.data.invoice_number, 'INV-2024-001');
  t.equal(done.body.data.total, 123.45);
  t.equal(done.body.validation.errors.count, 0);
  t.equal(done.body.extraction.engine, 'offline');
  t.ok(Array.isArray(done.body.extraction.fields));
  t.ok(Date.parse(done.body.response_timestamp) >= Date.parse(done.body.request_timestamp));
  return done.body;
}

t.test('JSON base64 (raw), with metadata returned as sent', async (t) => {
  const done = await runToSuccess(
    t,
    () => api.json(submitPath, base64Body(INVOICE_TEXT, { document_metadata: { batch: 7 } })),
    null,
  );
  t.same(done.document_metadata, { batch: 7 });
});

t.test('JSON image_base64 as a data URI, no content type', async (t) => {
  const dataUri = `data:application/pdf;base64,${pdf.toString('base64')}`;
  await runToSuccess(t, () => api.json(submitPath, { image_base64: dataUri }), null);
});

t.test('JSON url and image_url', async (t) => {
  await runToSuccess(t, () => api.json(submitPath, { url: `${documentsOrigin}/invoice.pdf` }), 'invoice.pdf');
  await runToSuccess(t, () => api.json(submitPath, { image_url: `${documentsOrigin}/invoice.pdf` }), 'invoice.pdf');
});

t.test('multipart with the part named file, metadata as a JSON string after the file', async (t) => {
  const body = await multipartBody({ field: 'file', bytes: INVOICE_TEXT, filename: 'march.txt', type: 'text/plain' });
  const withMetadata = await multipartBody(
    { field: 'file', bytes: INVOICE_TEXT, filename: 'march.txt', type: 'text/plain' },
    { document_metadata: '{"source":"scanner"}' },
  );
  await runToSuccess(t, () => api.multipart(submitPath, body), 'march.txt');
  const done = await runToSuccess(t, () => api.multipart(submitPath, withMetadata), 'march.txt');
  t.same(done.document_metadata, { source: 'scanner' });
});

t.test('multipart with the part named image (the SDKs), a PDF', async (t) => {
  const body = await multipartBody({ field: 'image', bytes: pdf, filename: 'invoice.pdf', type: 'application/pdf' });
  await runToSuccess(t, () => api.multipart(submitPath, body), 'invoice.pdf');
});

t.test('the same document twice runs twice; the step counts its executions', async (t) => {
  const first = await api.json(submitPath, base64Body(INVOICE_TEXT));
  const second = await api.json(submitPath, base64Body(INVOICE_TEXT));
  t.not(first.body.id, second.body.id);
  await waitForTerminal(app, owner, pathOf(first.body.status_url));
  await waitForTerminal(app, owner, pathOf(second.body.status_url));
  const read = await stepsApi(app).get(owner.headers, step.id);
  t.ok(read.body.data.executions30d >= 2);
  t.ok(read.body.data.lastRunAt !== null);
});

t.test('events: started, identification, completed, in order, with full payloads', async (t) => {
  const accepted = await api.json(submitPath, base64Body(INVOICE_TEXT, { document_metadata: { ref: 'a' } }));
  await waitForTerminal(app, owner, pathOf(accepted.body.status_url));
  const events = await eventsOf(app.db, accepted.body.id);
  t.same(
    events.map((e) => e.event),
    ['STEP_STARTED', 'IDENTIFICATION_STARTED', 'IDENTIFICATION_COMPLETED', 'STEP_COMPLETED'],
  );
  const [started, idStarted, idCompleted, completed] = events.map((e) => e.payload);
  t.equal(started.status, 'PROCESSING');
  t.equal(started.step_execution_id, accepted.body.id);
  t.same(started.document_metadata, { ref: 'a' });
  t.equal(idStarted.status, 'PROCESSING');
  t.equal(idStarted.identification_id, accepted.body.id);
  t.equal(idCompleted.status, 'SUCCESS');
  t.equal(idCompleted.document_type.code, invoice.codeType);
  t.ok(Array.isArray(idCompleted.alternatives));
  t.equal(completed.status, 'SUCCESS');
  t.equal(completed.data.invoice_number, 'INV-2024-001');
  t.equal(completed.validation.errors.count, 0);
  t.equal(completed.identification.document_type.code, invoice.codeType);
  t.ok(completed.response_timestamp);
});

t.test('a format quire cannot read ends in ERROR with the reason and the FAILED events', async (t) => {
  const zip = Buffer.from('504b0304140000000800', 'hex');
  const accepted = await api.json(submitPath, { base64: zip.toString('base64'), content_type: 'application/zip' });
  t.equal(accepted.statusCode, 202);
  const done = await waitForTerminal(app, owner, pathOf(accepted.body.status_url));
  t.equal(done.body.status, 'ERROR');
  t.match(done.body.error, /format|support/i);
  t.equal(done.body.data, null);
  const events = (await eventsOf(app.db, accepted.body.id)).map((e) => e.event);
  t.same(events, ['STEP_STARTED', 'IDENTIFICATION_STARTED', 'IDENTIFICATION_FAILED', 'STEP_FAILED']);
});

t.test('status of an unknown, malformed or foreign execution is 404', async (t) => {
  t.equal((await api.status('/api/steps-async/status/00000000-0000-4000-8000-000000000000')).statusCode, 404);
  t.equal((await api.status('/api/steps-async/status/not-a-uuid')).statusCode, 404);
  const accepted = await api.json(submitPath, base64Body(INVOICE_TEXT));
  const stranger = await createActor(app.db);
  const res = await processingApi(app, stranger).status(pathOf(accepted.body.status_url));
  t.equal(res.statusCode, 404);
  t.equal(res.body.message, 'Execution not found');
});

t.test('a fixed-type step extracts without identifying; one switched off without a type ends in ERROR', async (t) => {
  const fixed = await createStep(app, owner, { name: 'Fixed', identification: { types: [receipt.codeType] } });
  await configureStepIdentification(app.db, fixed.id, { fixedDocumentTypeCode: invoice.codeType });
  const accepted = await api.json(`/api/steps-async/${fixed.id}`, base64Body(INVOICE_TEXT));
  const done = await waitForTerminal(app, owner, pathOf(accepted.body.status_url));
  t.equal(done.body.status, 'SUCCESS');
  t.equal(done.body.identification, null, 'no identification ran');
  t.equal(done.body.document_type_code, invoice.codeType);
  t.equal(done.body.data.total, 123.45);
  t.same(
    (await eventsOf(app.db, accepted.body.id)).map((e) => e.event),
    ['STEP_STARTED', 'STEP_COMPLETED'],
  );

  const off = await createStep(app, owner, { name: 'Off', identification: { types: [invoice.codeType] } });
  await configureStepIdentification(app.db, off.id, { autoIdentify: false });
  const refused = await api.json(`/api/steps-async/${off.id}`, base64Body(INVOICE_TEXT));
  const failed = await waitForTerminal(app, owner, pathOf(refused.body.status_url));
  t.equal(failed.body.status, 'ERROR');
  t.match(failed.body.error, /quire step configure/);
  t.same(
    (await eventsOf(app.db, refused.body.id)).map((e) => e.event),
    ['STEP_STARTED', 'STEP_FAILED'],
    'started precedes failed even when the run could not start',
  );
});

t.test('deleting a step deletes its executions, their status and their events', async (t) => {
  const doomed = await createStep(app, owner, { name: 'Doomed' });
  // Enqueued and finished: the delete is allowed once nothing is in flight.
  const accepted = await api.json(`/api/steps-async/${doomed.id}`, base64Body(INVOICE_TEXT));
  await waitForTerminal(app, owner, pathOf(accepted.body.status_url));
  t.equal((await stepsApi(app).remove(owner.headers, doomed.id)).statusCode, 200);
  t.equal((await api.status(pathOf(accepted.body.status_url))).statusCode, 404, 'its history went with it');
  t.equal(
    Number(
      (await app.db('events').where('execution_id', accepted.body.id).count<{ count: number }[]>({ count: '*' }))[0]
        ?.count,
    ),
    0,
  );
});
