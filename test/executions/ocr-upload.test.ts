import t from 'tap';
import { createProcessingTypes, multipartBody, pathOf, processingApi, TERMINAL } from '../helpers/executions.js';
import { createActor } from '../helpers/factories.js';
import { buildTestApp, sharedPipeline } from '../helpers/server.js';
import { createStep } from '../helpers/steps.js';
import { textImage } from '../pipeline/image-fixtures.js';

// A photo of an invoice goes through the whole service: upload, OCR in a bounded worker thread,
// identification, extraction, validation.

const app = await buildTestApp(t, {}, { workers: true });
t.teardown(() => sharedPipeline().close());
const owner = await createActor(app.db);
const { invoice, receipt } = await createProcessingTypes(app, owner);
const step = await createStep(app, owner, {
  name: 'Scanned invoices',
  identification: { types: [invoice.codeType, receipt.codeType] },
});
const api = processingApi(app, owner);

/** Polls until the run ends; OCR on a busy machine may take a while, so the wait is long. */
async function waitForEnd(statusPath: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await api.status(statusPath);
    if (res.statusCode !== 200 || TERMINAL.includes(res.body.status) || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

t.test('a PNG of an invoice uploaded to a step comes back identified with its data extracted', async (t) => {
  const png = await textImage([
    'ACME Supplies Ltd.',
    'INVOICE',
    'Invoice Number: INV-2024-001',
    'Invoice Date: 2024-03-15',
    'Total: 123.45',
  ]).encode('png');
  const body = await multipartBody({ bytes: png, filename: 'invoice-photo.png', type: 'image/png' });
  const accepted = await api.multipart(`/api/steps-async/${step.id}`, body);
  t.equal(accepted.statusCode, 202, JSON.stringify(accepted.body));
  const done = await waitForEnd(pathOf(accepted.body.status_url));
  t.equal(done.body.status, 'SUCCESS', done.body.error ?? '');
  t.equal(done.body.original_filename, 'invoice-photo.png');
  t.equal(done.body.document_type_code, invoice.codeType);
  t.equal(done.body.data.invoice_number, 'INV-2024-001');
  t.equal(done.body.data.total, 123.45);
});

t.test('a corrupt image ends in ERROR with the reason, not a retry loop', async (t) => {
  const png = await textImage(['Broken']).encode('png');
  const body = await multipartBody({ bytes: png.subarray(0, 200), filename: 'broken.png', type: 'image/png' });
  const accepted = await api.multipart(`/api/steps-async/${step.id}`, body);
  t.equal(accepted.statusCode, 202, JSON.stringify(accepted.body));
  const done = await waitForEnd(pathOf(accepted.body.status_url));
  t.equal(done.body.status, 'ERROR');
  t.match(done.body.error, /The PNG image is corrupt or truncated/);
});
