import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import t from 'tap';
import {
  base64Body,
  createProcessingTypes,
  INVOICE_TEXT,
  pathOf,
  processingApi,
  waitForTerminal,
} from '../helpers/executions.js';
import { createActor } from '../helpers/factories.js';
import { chatAnswer, LLM_BASE_URL, mockLlmEndpoint } from '../helpers/llm-endpoint.js';
import { buildTestApp } from '../helpers/server.js';
import { createStep } from '../helpers/steps.js';

/*
 * Which engine identifies and extracts is a process setting: LLM_BASE_URL. These tests run a
 * step through the HTTP API with each, and check that the offline one sends nothing anywhere.
 */

t.test('without LLM_BASE_URL: the offline engine, and not one outbound request', async (t) => {
  const outbound: string[] = [];
  const network = setupServer(
    http.all('*', ({ request }) => {
      outbound.push(request.url);
      return HttpResponse.error();
    }),
  );
  network.listen({ onUnhandledRequest: 'bypass' });
  t.teardown(() => network.close());

  const app = await buildTestApp(t, {}, { workers: true });
  const owner = await createActor(app.db);
  const { invoice, receipt } = await createProcessingTypes(app, owner);
  const step = await createStep(app, owner, {
    name: 'Offline',
    identification: { types: [invoice.codeType, receipt.codeType] },
  });
  const api = processingApi(app, owner);
  const accepted = await api.json(`/api/steps-async/${step.id}`, base64Body(INVOICE_TEXT));
  const done = await waitForTerminal(app, owner, pathOf(accepted.body.status_url));
  t.equal(done.body.status, 'SUCCESS', done.body.error ?? '');
  t.equal(done.body.extraction.engine, 'offline');
  t.equal(done.body.data.invoice_number, 'INV-2024-001');
  const number = done.body.extraction.fields.find((field: { path: string }) => field.path === '/invoice_number');
  t.equal(number.page, 1);
  t.equal(INVOICE_TEXT.slice(number.start, number.end), 'INV-2024-001', 'the span is where the number is printed');
  t.ok(number.confidence > 0.5 && number.confidence <= 1, 'a labelled value is trusted');
  t.same(outbound, [], 'nothing was sent anywhere');
});

t.test('with LLM_BASE_URL: the model identifies and extracts; evidence points into the text', async (t) => {
  const app = await buildTestApp(t, { LLM_BASE_URL, LLM_API_KEY: 'sk-test', LLM_MODEL: 'small' }, { workers: true });
  const owner = await createActor(app.db);
  const { invoice, receipt } = await createProcessingTypes(app, owner);
  const step = await createStep(app, owner, {
    name: 'With a model',
    identification: { types: [invoice.codeType, receipt.codeType] },
  });
  const endpoint = mockLlmEndpoint((request) => {
    const schema = request.body.response_format?.json_schema?.schema as { properties?: Record<string, unknown> };
    if (schema?.properties && 'alternatives' in schema.properties) {
      return chatAnswer({ code: invoice.codeType, confidence: 0.93, alternatives: [] });
    }
    return chatAnswer({ invoice_number: 'INV-2024-001', issue_date: '2024-03-15', total: '123.45' });
  });
  t.teardown(endpoint.close);

  const api = processingApi(app, owner);
  const accepted = await api.json(`/api/steps-async/${step.id}`, base64Body(INVOICE_TEXT));
  const done = await waitForTerminal(app, owner, pathOf(accepted.body.status_url));
  t.equal(done.body.status, 'SUCCESS', done.body.error ?? '');
  t.equal(done.body.identification.document_type.code, invoice.codeType);
  t.equal(done.body.identification.confidence, 0.93);
  t.same(done.body.data, { invoice_number: 'INV-2024-001', issue_date: '2024-03-15', total: 123.45 });
  t.equal(done.body.validation.errors.count, 0);
  t.equal(done.body.extraction.engine, 'llm');
  const total = done.body.extraction.fields.find((field: { path: string }) => field.path === '/total');
  t.equal(total.page, 1);
  t.equal(INVOICE_TEXT.slice(total.start, total.end), '123.45', 'the span is where the total is printed');

  t.equal(endpoint.requests.length, 2, 'one identification request, one extraction request');
  t.equal(endpoint.requests[0]?.authorization, 'Bearer sk-test');
  t.equal(endpoint.requests[1]?.body.model, 'small');
  t.match(endpoint.userText(1), /INV-2024-001/, 'the document text is in the prompt');
});

t.test('with LLM_BASE_URL and a refused key: the run ends in ERROR naming the setting, not the key', async (t) => {
  const app = await buildTestApp(t, { LLM_BASE_URL, LLM_API_KEY: 'sk-secret-key' }, { workers: true });
  const owner = await createActor(app.db);
  const { invoice } = await createProcessingTypes(app, owner);
  const endpoint = mockLlmEndpoint(() =>
    HttpResponse.json({ error: { message: 'bad key sk-secret-key' } }, { status: 401 }),
  );
  t.teardown(endpoint.close);

  const res = await processingApi(app, owner).json(
    '/api/convert',
    base64Body(INVOICE_TEXT, { document_type_code: invoice.codeType }),
  );
  t.equal(res.statusCode, 422);
  t.equal(res.body.status, 'ERROR');
  t.match(res.body.error, /LLM_BASE_URL/);
  t.notMatch(res.body.error, /sk-secret-key/);
});
