import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { createLlmEngine } from '../../src/pipeline/llm/llm-engine.js';
import { PipelineError } from '../../src/pipeline/pipeline-error.js';
import type { ConversionMode, ExtractionType } from '../../src/pipeline/types.js';
import { chatAnswer, LLM_BASE_URL, mockLlmEndpoint, textDocument } from '../helpers/llm-endpoint.js';

const SCHEMA = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string', description: 'The number the issuer gave the invoice' },
    issue_date: { type: 'string', format: 'date' },
    total: { type: 'number' },
    currency: { type: 'string', enum: ['EUR', 'USD'] },
    vendor: { type: 'object', properties: { name: { type: 'string' }, vat_id: { type: 'string' } } },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { description: { type: 'string' }, amount: { type: 'number' } },
        required: ['description', 'amount'],
      },
    },
  },
  required: ['invoice_number', 'total'],
};

const DOCUMENT = textDocument(
  [
    'ACME Tools S.L.',
    'VAT ID: ESB12345678',
    'INVOICE',
    'Invoice no: INV-2024-001',
    'Date: 05/03/2024',
    '',
    'Description        Amount',
    'Hammer             12,50',
    'Saw             1.234,50',
  ].join('\n'),
  'Total: 1.247,00 EUR',
);

const ANSWER = {
  invoice_number: 'INV-2024-001',
  issue_date: '2024-03-05',
  total: 1247,
  currency: 'EUR',
  vendor: { name: 'ACME Tools S.L.', vat_id: 'ESB12345678' },
  items: [
    { description: 'Hammer', amount: 12.5 },
    { description: 'Saw', amount: 1234.5 },
  ],
};

function invoiceType(conversionMode: ConversionMode = 'json', keepPropertyOrdering = false): ExtractionType {
  return {
    code: 'invoice',
    name: 'Invoice',
    jsonSchema: SCHEMA,
    promptHints: 'Amounts are in euros; the total is printed on the last page.',
    keepPropertyOrdering,
    conversionMode,
  };
}

const engine = (options: { maxInputChars?: number } = {}) =>
  createLlmEngine({ baseUrl: LLM_BASE_URL, apiKey: null, model: 'test-model', retryBaseDelayMs: 1, ...options });

t.test('json mode: hints, schema, marked pages in the prompt; strict schema as response format', async (t) => {
  const endpoint = mockLlmEndpoint(() => chatAnswer(ANSWER));
  t.teardown(endpoint.close);
  const llm = engine();
  t.equal(llm.name, 'llm');
  const result = await llm.extract(DOCUMENT, invoiceType());
  t.same(result.data, ANSWER);
  t.equal(endpoint.requests.length, 1);
  const prompt = endpoint.userText(0);
  t.match(prompt, /"Invoice" \(document type invoice\)/);
  t.match(prompt, /Amounts are in euros; the total is printed on the last page\./);
  t.match(prompt, /as a JSON Schema:\n\{/);
  t.match(prompt, /"description": "The number the issuer gave the invoice"/);
  t.match(prompt, /=== Page 1 of 2 ===\nACME Tools S\.L\./);
  t.match(prompt, /=== Page 2 of 2 ===\nTotal: 1\.247,00 EUR/);
  const format = endpoint.requests[0]?.body.response_format;
  t.equal(format?.type, 'json_schema');
  t.equal(format?.json_schema?.name, 'invoice');
  t.equal(format?.json_schema?.strict, true);
  t.match(format?.json_schema?.schema, {
    additionalProperties: false,
    required: ['invoice_number', 'issue_date', 'total', 'currency', 'vendor', 'items'],
    properties: {
      issue_date: { type: ['string', 'null'], description: '(format: "date")' },
      currency: { enum: ['EUR', 'USD', null] },
      vendor: { additionalProperties: false, required: ['name', 'vat_id'] },
    },
  });
});

t.test('evidence: each leaf value with its page, UTF-16 span, text and confidence', async (t) => {
  const endpoint = mockLlmEndpoint(() =>
    chatAnswer({ ...ANSWER, vendor: { name: 'ACME Tools SL', vat_id: 'ESB12345678' } }),
  );
  t.teardown(endpoint.close);
  const { fields } = await engine().extract(DOCUMENT, invoiceType());
  const byPath = new Map(fields.map((field) => [field.path, field]));
  t.same(
    fields.map((field) => field.path),
    [
      '/invoice_number',
      '/issue_date',
      '/total',
      '/currency',
      '/vendor/name',
      '/vendor/vat_id',
      '/items/0/description',
      '/items/0/amount',
      '/items/1/description',
      '/items/1/amount',
    ],
  );
  const page1 = DOCUMENT.pages[0] as string;
  const number = byPath.get('/invoice_number');
  t.same(number, {
    path: '/invoice_number',
    confidence: 0.95,
    page: 1,
    start: page1.indexOf('INV-2024-001'),
    end: page1.indexOf('INV-2024-001') + 12,
    text: 'INV-2024-001',
  });
  t.match(byPath.get('/issue_date'), { page: 1, text: '05/03/2024', confidence: 0.85 });
  t.match(byPath.get('/total'), { page: 2, text: '1.247,00', confidence: 0.85 });
  t.match(byPath.get('/currency'), { page: 2, text: 'EUR', confidence: 0.95 });
  t.match(byPath.get('/items/1/amount'), { page: 1, text: '1.234,50' });
  t.same(byPath.get('/vendor/name'), {
    path: '/vendor/name',
    confidence: 0.5,
    page: null,
    start: null,
    end: null,
    text: null,
  });
});

t.test('toon mode: the field listing goes as a TOON table, not as JSON Schema', async (t) => {
  const endpoint = mockLlmEndpoint(() => chatAnswer(ANSWER));
  t.teardown(endpoint.close);
  const result = await engine().extract(DOCUMENT, invoiceType('toon'));
  t.same(result.data, ANSWER);
  const prompt = endpoint.userText(0);
  t.match(prompt, /as a TOON table/);
  t.match(prompt, /fields\[10\]\{path,type,required,description\}:/);
  t.match(prompt, /invoice_number,string,true,The number the issuer gave the invoice/);
  t.match(prompt, /"items\[\]\.amount",number,true,""/);
  t.match(prompt, /currency,"one of: EUR \| USD",false,""/);
  t.notMatch(prompt, /"properties"/);
  t.equal(endpoint.requests[0]?.body.response_format?.type, 'json_schema', 'the answer is still structured JSON');
});

t.test('multi_prompt: scalars together, each object and array alone, merged in schema order', async (t) => {
  const endpoint = mockLlmEndpoint((request) => {
    const properties = Object.keys(request.body.response_format?.json_schema?.schema.properties as object);
    // Answered in reverse order, so the merge has to restore the schema's.
    return chatAnswer(Object.fromEntries(properties.reverse().map((key) => [key, ANSWER[key as keyof typeof ANSWER]])));
  });
  t.teardown(endpoint.close);
  const result = await engine().extract(DOCUMENT, invoiceType('multi_prompt'));
  t.equal(endpoint.requests.length, 3);
  t.same(
    endpoint.requests.map((request) =>
      Object.keys(request.body.response_format?.json_schema?.schema.properties as object),
    ),
    [['invoice_number', 'issue_date', 'total', 'currency'], ['vendor'], ['items']],
  );
  t.match(endpoint.userText(1), /part 2 of 3\): vendor\./);
  t.match(endpoint.requests[0]?.body.response_format?.json_schema?.schema, {
    required: ['invoice_number', 'issue_date', 'total', 'currency'],
  });
  t.same(result.data, ANSWER);
  t.same(Object.keys(result.data), Object.keys(ANSWER));
  t.equal(result.fields.length, 10);
});

t.test('fenced answers with prose around them are read', async (t) => {
  const endpoint = mockLlmEndpoint(() =>
    chatAnswer(
      `Here is the data:\n\`\`\`json\n${JSON.stringify(ANSWER, null, 2)}\n\`\`\`\nLet me know if you need more.`,
    ),
  );
  t.teardown(endpoint.close);
  const result = await engine().extract(DOCUMENT, invoiceType());
  t.same(result.data, ANSWER);
  t.equal(endpoint.requests.length, 1);
});

t.test('an answer cut off at the token limit is closed and used', async (t) => {
  const endpoint = mockLlmEndpoint(() =>
    chatAnswer(
      '{"invoice_number": "INV-2024-001", "total": 1247, "items": [{"description": "Hammer", "amount": 12.5',
      'length',
    ),
  );
  t.teardown(endpoint.close);
  const result = await engine().extract(DOCUMENT, invoiceType());
  t.equal(endpoint.requests.length, 1);
  t.same(result.data, {
    invoice_number: 'INV-2024-001',
    total: 1247,
    items: [{ description: 'Hammer', amount: 12.5 }],
  });
});

t.test('an answer cut off inside an item is asked again, naming what is missing', async (t) => {
  const endpoint = mockLlmEndpoint((_request, attempt) =>
    attempt === 1
      ? chatAnswer(
          '{"invoice_number": "INV-2024-001", "total": 1247, "items": [{"description": "Hammer", "amount": 12.5}, {"description": "Sa',
          'length',
        )
      : chatAnswer(ANSWER),
  );
  t.teardown(endpoint.close);
  const result = await engine().extract(DOCUMENT, invoiceType());
  t.equal(endpoint.requests.length, 2);
  t.match(endpoint.userText(1), /- items\[1\]\.amount: is required/);
  t.same(result.data, ANSWER);
});

t.test('an answer that breaks the schema is asked again with the problems fed back', async (t) => {
  const endpoint = mockLlmEndpoint((_request, attempt) =>
    attempt === 1 ? chatAnswer({ total: 'a lot', currency: 'EUR' }) : chatAnswer(ANSWER),
  );
  t.teardown(endpoint.close);
  const result = await engine().extract(DOCUMENT, invoiceType());
  t.same(result.data, ANSWER);
  t.equal(endpoint.requests.length, 2);
  const retry = endpoint.requests[1]?.body.messages ?? [];
  t.same(retry.slice(0, 2), endpoint.requests[0]?.body.messages, 'the conversation goes on');
  t.equal(retry[2]?.role, 'assistant');
  t.equal(retry[2]?.content, JSON.stringify({ total: 'a lot', currency: 'EUR' }));
  t.equal(retry[3]?.role, 'user');
  t.match(retry[3]?.content, /invoice_number/);
  t.match(retry[3]?.content, /total/);
  t.match(retry[3]?.content, /corrected JSON object only/);
});

t.test('numbers as strings in either decimal style become numbers, with a lower confidence', async (t) => {
  const endpoint = mockLlmEndpoint(() =>
    chatAnswer({
      ...ANSWER,
      total: '1.247,00 €',
      issue_date: '05/03/2024',
      items: [
        { description: 'Hammer', amount: '12,50' },
        { description: 'Saw', amount: 'EUR 1,234.50' },
      ],
    }),
  );
  t.teardown(endpoint.close);
  const result = await engine().extract(DOCUMENT, invoiceType());
  t.same(result.data, ANSWER);
  t.equal(endpoint.requests.length, 1, 'coercion is enough, no second request');
  const total = result.fields.find((field) => field.path === '/total');
  t.match(total, { page: 2, text: '1.247,00', confidence: 0.75 });
  t.match(
    result.fields.find((field) => field.path === '/invoice_number'),
    { confidence: 0.95 },
  );
});

t.test('keepPropertyOrdering puts keys in schema order; null optional values are dropped', async (t) => {
  const reversed = Object.fromEntries(Object.entries({ ...ANSWER, issue_date: null }).reverse());
  const endpoint = mockLlmEndpoint(() => chatAnswer(reversed));
  t.teardown(endpoint.close);
  const ordered = await engine().extract(DOCUMENT, invoiceType('json', true));
  t.same(Object.keys(ordered.data), ['invoice_number', 'total', 'currency', 'vendor', 'items']);
  const asAnswered = await engine().extract(DOCUMENT, invoiceType('json', false));
  t.same(Object.keys(asAnswered.data), ['items', 'vendor', 'currency', 'total', 'invoice_number']);
});

t.test('answers that never hold JSON: a PipelineError after the bounded retries', async (t) => {
  const endpoint = mockLlmEndpoint(() => chatAnswer('Sorry, I cannot read this document.'));
  t.teardown(endpoint.close);
  const error = await engine()
    .extract(DOCUMENT, invoiceType())
    .catch((caught: Error) => caught);
  t.ok(error instanceof PipelineError);
  t.equal((error as PipelineError).stage, 'extraction');
  t.match((error as Error).message, /no usable answer in 3 attempts: The answer holds no JSON object/);
  t.equal(endpoint.requests.length, 3);
});

t.test('answers that keep breaking the schema: the best one, every confidence at most 0.5', async (t) => {
  const endpoint = mockLlmEndpoint((_request, attempt) =>
    attempt === 2 ? chatAnswer({ invoice_number: 'INV-2024-001' }) : chatAnswer({ currency: 'GBP' }),
  );
  t.teardown(endpoint.close);
  const result = await engine().extract(DOCUMENT, invoiceType());
  t.equal(endpoint.requests.length, 3);
  t.same(result.data, { invoice_number: 'INV-2024-001' }, 'one problem (no total) beats three');
  const start = (DOCUMENT.pages[0] as string).indexOf('INV-2024-001');
  t.same(result.fields, [
    { path: '/invoice_number', confidence: 0.5, page: 1, start, end: start + 12, text: 'INV-2024-001' },
  ]);
});

t.test('a document over the input budget keeps its start and end, with a note', async (t) => {
  const endpoint = mockLlmEndpoint(() => chatAnswer(ANSWER));
  t.teardown(endpoint.close);
  const page = (n: number) => `Page ${n} text.\n${'filler line of the document\n'.repeat(120)}`;
  await engine({ maxInputChars: 3_000 }).extract(textDocument(page(1), page(2), page(3)), invoiceType());
  const prompt = endpoint.userText(0);
  const documentPart = prompt.slice(prompt.indexOf('The document:\n'));
  t.ok(documentPart.length < 3_400, `${documentPart.length} characters sent`);
  t.match(documentPart, /=== Page 1 of 3 ===\nPage 1 text\./);
  t.match(
    documentPart,
    /characters of the document are left out here: it is longer than the 3000-character input limit/,
  );
  t.match(documentPart, /=== Page 3 of 3 \(continued\) ===\n/);
  t.notMatch(documentPart, /Page 2 text/);
});

t.test('the engine takes config.llm as it is', async (t) => {
  const endpoint = mockLlmEndpoint(() => chatAnswer(ANSWER));
  t.teardown(endpoint.close);
  const config = loadConfig({ LLM_BASE_URL: `${LLM_BASE_URL}/`, LLM_API_KEY: 'sk-config', LLM_MODEL: 'qwen2.5' });
  t.ok(config.llm);
  const llm = createLlmEngine(config.llm as NonNullable<typeof config.llm>);
  t.same((await llm.extract(DOCUMENT, invoiceType())).data, ANSWER);
  t.equal(endpoint.requests[0]?.body.model, 'qwen2.5');
  t.equal(endpoint.requests[0]?.authorization, 'Bearer sk-config');
});
