import t, { type Test } from 'tap';
import {
  base64Body,
  createProcessingTypes,
  INVOICE_TEXT,
  multipartBody,
  processingApi,
  storedCounts,
} from '../helpers/executions.js';
import { createActor } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';
import { createStep, stepsApi } from '../helpers/steps.js';

// No workers: these requests must be refused before anything runs. 4 KiB documents at most.
const app = await buildTestApp(t, { MAX_UPLOAD_BYTES: '4096' });
const owner = await createActor(app.db);
const { invoice } = await createProcessingTypes(app, owner);
const step = await createStep(app, owner, { identification: { types: [invoice.codeType] } });
const api = processingApi(app, owner);
const submitPath = `/api/steps-async/${step.id}`;

async function nothingKept(t: Test) {
  t.same(await storedCounts(app.db), { executions: 0, chunks: 0, jobs: 0 }, 'nothing kept');
}

t.test('missing, malformed, foreign and inactive steps are 404 for every encoding', async (t) => {
  const stranger = await createActor(app.db);
  const foreign = await createStep(app, stranger);
  const inactive = await createStep(app, owner, { isActive: false });
  const multipart = await multipartBody({ bytes: INVOICE_TEXT });
  for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', foreign.id, inactive.id]) {
    const json = await api.json(`/api/steps-async/${id}`, base64Body(INVOICE_TEXT));
    t.equal(json.statusCode, 404, `json ${id}`);
    t.equal(json.body.message, 'Step not found');
    const form = await api.multipart(`/api/steps-async/${id}`, multipart);
    t.equal(form.statusCode, 404, `multipart ${id}`);
  }
  await nothingKept(t);
  // Re-activated, the same step runs again.
  await stepsApi(app).update(owner.headers, inactive.id, { isActive: true });
  t.equal((await api.json(`/api/steps-async/${inactive.id}`, base64Body(INVOICE_TEXT))).statusCode, 202);
  await app.db('executions').delete();
  await app.db('jobs').delete();
});

t.test('exactly one source', async (t) => {
  const none = await api.json(submitPath, { document_metadata: {} });
  t.equal(none.statusCode, 400);
  t.match(none.body.errors.join(' '), /exactly one/i);
  const two = await api.json(submitPath, { base64: 'aGk=', url: 'https://example.com/a.pdf' });
  t.equal(two.statusCode, 400);
  const aliases = await api.json(submitPath, { base64: 'aGk=', image_base64: 'aGk=' });
  t.equal(aliases.statusCode, 400);
  const noFile = await api.multipart(submitPath, await multipartBody(null, { document_metadata: '{}' }));
  t.equal(noFile.statusCode, 400);
  t.match(noFile.body.message + JSON.stringify(noFile.body.errors ?? []), /file is required/i);
  const empty = await app.inject({ method: 'POST', url: submitPath, headers: owner.headers });
  t.equal(empty.statusCode, 400);
  await nothingKept(t);
});

t.test('a multipart file part and a url or base64 field are two sources: 400 naming both', async (t) => {
  for (const [field, value] of [
    ['url', 'https://example.com/a.pdf'],
    ['image_url', 'https://example.com/a.pdf'],
    ['base64', 'aGk='],
  ] as const) {
    const form = await api.multipart(submitPath, await multipartBody({ bytes: INVOICE_TEXT }, { [field]: value }));
    t.equal(form.statusCode, 400, field);
    t.match(form.body.errors, [
      `Send exactly one document source: a file part, url, image_url, base64 or image_base64 (got file and ${field})`,
    ]);
  }
  const image = await api.multipart(
    '/api/identify-async',
    await multipartBody({ field: 'image', bytes: INVOICE_TEXT }, { url: 'https://example.com/a.pdf' }),
  );
  t.equal(image.statusCode, 400);
  t.match(image.body.errors, [/got image and url/]);
  await nothingKept(t);
});

t.test('bad fields name the problem', async (t) => {
  const badBase64 = await api.json(submitPath, { base64: '***not base64***' });
  t.equal(badBase64.statusCode, 400);
  t.match(JSON.stringify(badBase64.body), /base64/);
  const badMetadata = await api.json(submitPath, base64Body(INVOICE_TEXT, { document_metadata: '[1,2]' }));
  t.equal(badMetadata.statusCode, 400);
  t.match(JSON.stringify(badMetadata.body), /document_metadata/);
  const badUrl = await api.json(submitPath, { url: 'ftp://example.com/x.pdf' });
  t.equal(badUrl.statusCode, 400);
  const badFormMetadata = await api.multipart(
    submitPath,
    await multipartBody({ bytes: INVOICE_TEXT }, { document_metadata: '{oops' }),
  );
  t.equal(badFormMetadata.statusCode, 400);
  t.match(JSON.stringify(badFormMetadata.body), /document_metadata/);
  await nothingKept(t);
});

t.test('over MAX_UPLOAD_BYTES is 413 and nothing is kept', async (t) => {
  const big = 'x'.repeat(5000);
  const json = await api.json(submitPath, base64Body(big));
  t.equal(json.statusCode, 413);
  t.match(json.body.message, /maximum allowed size/);
  const form = await api.multipart(submitPath, await multipartBody({ bytes: big }));
  t.equal(form.statusCode, 413);
  t.match(form.body.message, /maximum allowed size/);
  await nothingKept(t);
});

t.test('private URL targets are refused unless allowed', async (t) => {
  for (const url of ['http://127.0.0.1:9/x.pdf', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x']) {
    const res = await api.json(submitPath, { url });
    t.equal(res.statusCode, 400, url);
    t.match(res.body.message, /private|local/i);
  }
  await nothingKept(t);
});

t.test('a body that is neither multipart nor JSON is 415', async (t) => {
  const res = await app.inject({
    method: 'POST',
    url: submitPath,
    headers: { ...owner.headers, 'content-type': 'text/plain' },
    payload: INVOICE_TEXT,
  });
  t.equal(res.statusCode, 415);
  t.match(res.body.message, /multipart\/form-data or application\/json/);
  await nothingKept(t);
});

t.test('authentication comes first', async (t) => {
  const res = await app.inject({ method: 'POST', url: submitPath, payload: base64Body(INVOICE_TEXT) });
  t.equal(res.statusCode, 401);
  const form = await multipartBody({ bytes: INVOICE_TEXT });
  const anonymous = await app.inject({
    method: 'POST',
    url: submitPath,
    headers: { 'content-type': form.contentType },
    payload: form.payload,
  });
  t.equal(anonymous.statusCode, 401);
  await nothingKept(t);
});
