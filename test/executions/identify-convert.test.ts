import t from 'tap';
import { createType } from '../helpers/document-types.js';
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

const app = await buildTestApp(t, {}, { workers: true });
const owner = await createActor(app.db);
const { invoice, receipt } = await createProcessingTypes(app, owner);
const api = processingApi(app, owner);
const options = [invoice.codeType, receipt.codeType];

t.test('POST /api/identify answers the best type and the alternatives, not enveloped', async (t) => {
  const res = await api.json('/api/identify', base64Body(INVOICE_TEXT, { document_type_code_options: options }));
  t.equal(res.statusCode, 200, res.payload);
  t.equal(res.body.document_type.code, invoice.codeType);
  t.equal(res.body.document_type.name, 'Invoice');
  t.ok(res.body.document_type.confidence > 0.5);
  t.same(
    res.body.alternatives.map((a: { code: string }) => a.code),
    [receipt.codeType],
  );
  const events = (await eventsOf(app.db, res.body.identification_id)).map((e) => e.event);
  t.same(events, ['IDENTIFICATION_STARTED', 'IDENTIFICATION_COMPLETED']);
});

t.test('identify by multipart with options as a JSON string, and without options (all types)', async (t) => {
  const form = await multipartBody(
    { field: 'image', bytes: await textPdf(INVOICE_TEXT.split('\n')), filename: 'a.pdf', type: 'application/pdf' },
    { document_type_code_options: JSON.stringify(options) },
  );
  const res = await api.multipart('/api/identify', form);
  t.equal(res.statusCode, 200, res.payload);
  t.equal(res.body.document_type.code, invoice.codeType);
  const all = await api.json('/api/identify', base64Body(INVOICE_TEXT));
  t.equal(all.statusCode, 200);
  t.equal(all.body.document_type.code, invoice.codeType);
});

t.test('identify-async: 202, then the status with every field', async (t) => {
  const accepted = await api.json(
    '/api/identify-async',
    base64Body(INVOICE_TEXT, { document_type_code_options: options, document_metadata: { k: 1 } }),
  );
  t.equal(accepted.statusCode, 202);
  t.equal(accepted.body.identification_id, accepted.body.id);
  t.same(accepted.body.document_type_code_options, options);
  const done = await waitForTerminal(app, owner, pathOf(accepted.body.status_url));
  t.equal(done.body.status, 'SUCCESS');
  t.equal(done.body.document_type.code, invoice.codeType);
  t.same(done.body.document_metadata, { k: 1 });
  t.equal(done.body.data, null);
  t.equal(done.body.extraction, null, 'an identification extracts nothing');
  t.equal(done.body.step_id, null);
});

t.test('codes the organization may not use are 403, named; nothing is kept', async (t) => {
  const stranger = await createActor(app.db);
  const foreign = await createType(app, stranger, { isDraft: false });
  const draft = await createType(app, owner, { isDraft: true });
  const before = await app.db('executions').count<{ count: number }[]>({ count: '*' });
  const res = await api.json(
    '/api/identify',
    base64Body(INVOICE_TEXT, { document_type_code_options: [invoice.codeType, foreign.codeType, draft.codeType] }),
  );
  t.equal(res.statusCode, 403);
  t.equal(
    res.body.message,
    `You do not have permission to use the following document types: ${foreign.codeType}, ${draft.codeType}`,
  );
  const after = await app.db('executions').count<{ count: number }[]>({ count: '*' });
  t.same(after, before);
});

t.test('POST /api/convert answers {data} with the validation', async (t) => {
  const res = await api.json('/api/convert', base64Body(INVOICE_TEXT, { document_type_code: invoice.codeType }));
  t.equal(res.statusCode, 200, res.payload);
  t.equal(res.body.data.invoice_number, 'INV-2024-001');
  t.equal(res.body.data.total, 123.45);
  t.equal(res.body.validation.errors.count, 0);
  const events = (await eventsOf(app.db, res.body.conversion_id)).map((e) => e.event);
  t.same(events, ['CONVERSION_STARTED', 'CONVERSION_COMPLETED']);
});

t.test('convert-async by multipart, then its status', async (t) => {
  const form = await multipartBody(
    { field: 'file', bytes: INVOICE_TEXT, filename: 'inv.txt', type: 'text/plain' },
    { document_type_code: invoice.codeType },
  );
  const accepted = await api.multipart('/api/convert-async', form);
  t.equal(accepted.statusCode, 202, accepted.payload);
  t.equal(accepted.body.conversion_id, accepted.body.id);
  t.equal(accepted.body.document_type_code, invoice.codeType);
  const done = await waitForTerminal(app, owner, pathOf(accepted.body.status_url));
  t.equal(done.body.status, 'SUCCESS');
  t.equal(done.body.original_filename, 'inv.txt');
  t.equal(done.body.data.total, 123.45);
  t.equal(done.body.document_type_code, invoice.codeType);
});

t.test('convert: a missing type code is 400, an unknown one 404; an own draft may be tried', async (t) => {
  const missing = await api.json('/api/convert', base64Body(INVOICE_TEXT));
  t.equal(missing.statusCode, 400);
  t.match(missing.body.errors.join(' '), /document_type_code/);
  const unknown = await api.json('/api/convert', base64Body(INVOICE_TEXT, { document_type_code: 'nope_nothing' }));
  t.equal(unknown.statusCode, 404);
  const draft = await createType(app, owner, {
    isDraft: true,
    jsonSchema: { type: 'object', properties: { total: { type: 'number' } } },
  });
  const tried = await api.json('/api/convert', base64Body(INVOICE_TEXT, { document_type_code: draft.codeType }));
  t.equal(tried.statusCode, 200, tried.payload);
  t.equal(tried.body.data.total, 123.45);
});

t.test('a document quire cannot read: the sync forms answer 422 with the reason', async (t) => {
  const noText = await api.json('/api/convert', {
    base64: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]).toString('base64'),
    document_type_code: invoice.codeType,
  });
  t.equal(noText.statusCode, 422, noText.payload);
  t.equal(noText.body.status, 'ERROR');
  t.equal(noText.body.message, noText.body.error);
  const events = (await eventsOf(app.db, noText.body.id)).map((e) => e.event);
  t.same(events, ['CONVERSION_STARTED', 'CONVERSION_FAILED']);
  const identify = await api.json('/api/identify', { base64: 'AAAA', content_type: 'application/zip' });
  t.equal(identify.statusCode, 422);
  const identifyEvents = (await eventsOf(app.db, identify.body.id)).map((e) => e.event);
  t.same(identifyEvents, ['IDENTIFICATION_STARTED', 'IDENTIFICATION_FAILED']);
});

t.test('status endpoints answer only their own kind', async (t) => {
  const accepted = await api.json(
    '/api/convert-async',
    base64Body(INVOICE_TEXT, { document_type_code: invoice.codeType }),
  );
  t.equal((await api.status(`/api/identify-async/status/${accepted.body.id}`)).statusCode, 404);
  t.equal((await api.status(`/api/steps-async/status/${accepted.body.id}`)).statusCode, 404);
  t.equal((await api.status(`/api/convert-async/status/${accepted.body.id}`)).statusCode, 200);
});

t.test("GET /api/usage counts this month's successful executions and their pages", async (t) => {
  const now = new Date();
  const succeeded = async () =>
    Number(
      (await app.db('executions').where('status', 'SUCCESS').count<{ count: number }[]>({ count: '*' }))[0]?.count,
    );
  // Runs of earlier tests may still be finishing: compare with a count that did not move meanwhile.
  let res = await api.status('/api/usage');
  let before = -1;
  let after = -2;
  for (let attempt = 0; attempt < 20 && before !== after; attempt++) {
    before = await succeeded();
    res = await api.status('/api/usage');
    after = await succeeded();
    if (before !== after) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  t.equal(res.statusCode, 200);
  t.equal(res.body.year, now.getUTCFullYear());
  t.equal(res.body.month, now.getUTCMonth() + 1);
  t.equal(res.body.successful_conversions, after);
  t.ok(res.body.successful_pages >= res.body.successful_conversions, 'every document has a page at least');
  const past = await api.status('/api/usage?year=2001&month=1');
  t.same(past.body, { year: 2001, month: 1, successful_pages: 0, successful_conversions: 0 });
  t.equal((await api.status('/api/usage?year=2026')).statusCode, 400);
  t.equal((await api.status('/api/usage?year=2026&month=13')).statusCode, 400);
});

t.test('extracted data keeps the schema property order in responses, status and events', async (t) => {
  const ordered = await createType(app, owner, {
    isDraft: false,
    keepPropertyOrdering: true,
    jsonSchema: {
      type: 'object',
      properties: {
        total: { type: 'number' },
        invoice_number: { type: 'string' },
        invoice_date: { type: 'string', format: 'date' },
      },
    },
  });
  const res = await api.json('/api/convert', base64Body(INVOICE_TEXT, { document_type_code: ordered.codeType }));
  t.equal(res.statusCode, 200, res.payload);
  t.same(Object.keys(JSON.parse(res.payload).data), ['total', 'invoice_number', 'invoice_date']);
  const status = await api.status(`/api/convert-async/status/${res.body.conversion_id}`);
  t.same(Object.keys(JSON.parse(status.payload).data), ['total', 'invoice_number', 'invoice_date']);
  const [, completed] = await eventsOf(app.db, res.body.conversion_id);
  t.same(Object.keys(completed?.payload.data ?? {}), ['total', 'invoice_number', 'invoice_date']);
});

t.test('older Node SDKs: camelCase field names are read as the snake_case ones', async (t) => {
  const res = await api.json('/api/convert', {
    base64: Buffer.from(INVOICE_TEXT).toString('base64'),
    documentTypeCode: invoice.codeType,
    documentMetadata: { from: 'node-0.1.0' },
  });
  t.equal(res.statusCode, 200, res.payload);
  const status = await api.status(`/api/convert-async/status/${res.body.conversion_id}`);
  t.same(status.body.document_metadata, { from: 'node-0.1.0' });
  const form = await multipartBody(
    { field: 'image', bytes: INVOICE_TEXT, filename: 'a.txt', type: 'text/plain' },
    { documentTypeCodeOptions: JSON.stringify(options) },
  );
  const identified = await api.multipart('/api/identify', form);
  t.equal(identified.statusCode, 200, identified.payload);
  t.equal(identified.body.document_type.code, invoice.codeType);
});
