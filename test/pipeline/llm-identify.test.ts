import t from 'tap';
import { NONE_OF_THESE } from '../../src/pipeline/llm/identify-with-model.js';
import { createLlmEngine } from '../../src/pipeline/llm/llm-engine.js';
import { PipelineError } from '../../src/pipeline/pipeline-error.js';
import type { CandidateType } from '../../src/pipeline/types.js';
import { chatAnswer, LLM_BASE_URL, mockLlmEndpoint, textDocument } from '../helpers/llm-endpoint.js';

const CANDIDATES: CandidateType[] = [
  {
    code: 'invoice',
    name: 'Invoice',
    description: 'A bill for goods or services',
    identifyPromptHints: 'Has an invoice number and a total due',
    jsonSchema: {
      type: 'object',
      properties: {
        invoice_number: { type: 'string', description: 'Number of the invoice' },
        items: { type: 'array', items: { type: 'object', properties: { amount: { type: 'number' } } } },
      },
    },
  },
  {
    code: 'receipt',
    name: 'Receipt',
    description: null,
    identifyPromptHints: null,
    jsonSchema: { type: 'object', properties: { paid_at: { type: 'string' } } },
  },
  {
    code: 'contract',
    name: 'Contract',
    description: 'An agreement between parties',
    identifyPromptHints: null,
    jsonSchema: { type: 'object', properties: { parties: { type: 'array', items: { type: 'string' } } } },
  },
];

const DOCUMENT = textDocument('INVOICE\nInvoice no: 7\nTotal due: 12.00 EUR');
const engine = () => createLlmEngine({ baseUrl: LLM_BASE_URL, apiKey: 'k', model: 'test-model', retryBaseDelayMs: 1 });

t.test('one request listing every candidate; the answer schema enumerates their codes and "none"', async (t) => {
  const endpoint = mockLlmEndpoint(() =>
    chatAnswer({
      code: 'invoice',
      confidence: 0.9,
      alternatives: [
        { code: 'made-up', confidence: 0.8 },
        { code: 'receipt', confidence: 0.3 },
      ],
    }),
  );
  t.teardown(endpoint.close);
  const result = await engine().identify(DOCUMENT, CANDIDATES);
  t.same(result, {
    documentType: { code: 'invoice', name: 'Invoice', confidence: 0.9 },
    alternatives: [
      { code: 'receipt', name: 'Receipt', confidence: 0.3 },
      { code: 'contract', name: 'Contract', confidence: 0 },
    ],
  });
  t.equal(endpoint.requests.length, 1);
  const prompt = endpoint.userText(0);
  t.match(prompt, /"code": "invoice"/);
  t.match(prompt, /"description": "A bill for goods or services"/);
  t.match(prompt, /"howToRecognise": "Has an invoice number and a total due"/);
  t.match(prompt, /"invoice_number: Number of the invoice"/);
  t.match(prompt, /"items\[\]\.amount"/);
  t.match(prompt, /=== Page 1 of 1 ===\nINVOICE/);
  const format = endpoint.requests[0]?.body.response_format;
  t.equal(format?.json_schema?.name, 'document_identification');
  t.match(format?.json_schema?.schema, {
    properties: { code: { enum: ['invoice', 'receipt', 'contract', NONE_OF_THESE] } },
    required: ['code', 'confidence', 'alternatives'],
  });
});

t.test('"none of these": every confidence is low, the likeliest candidate still first', async (t) => {
  const endpoint = mockLlmEndpoint(() =>
    chatAnswer({ code: NONE_OF_THESE, confidence: 0.95, alternatives: [{ code: 'receipt', confidence: 0.6 }] }),
  );
  t.teardown(endpoint.close);
  const result = await engine().identify(DOCUMENT, CANDIDATES);
  t.same(result.documentType, { code: 'receipt', name: 'Receipt', confidence: 0.2 });
  t.same(
    result.alternatives.map((match) => [match.code, match.confidence]),
    [
      ['invoice', 0],
      ['contract', 0],
    ],
  );
});

t.test('a code that is not a candidate is asked again, then discarded', async (t) => {
  const endpoint = mockLlmEndpoint(() => chatAnswer({ code: 'purchase_order', confidence: 0.99, alternatives: [] }));
  t.teardown(endpoint.close);
  const result = await engine().identify(DOCUMENT, CANDIDATES);
  t.equal(endpoint.requests.length, 3);
  t.match(
    endpoint.userText(1),
    /"code" must be one of \["invoice","receipt","contract","\(none\)"\], got "purchase_order"/,
  );
  t.same(result.documentType, { code: 'invoice', name: 'Invoice', confidence: 0 });
});

t.test('confidences are kept in 0..1; alternatives never above the chosen type; percentages read', async (t) => {
  const endpoint = mockLlmEndpoint(() =>
    chatAnswer({
      code: 'contract',
      confidence: 85,
      alternatives: [
        { code: 'invoice', confidence: 0.95 },
        { code: 'receipt', confidence: -2 },
      ],
    }),
  );
  t.teardown(endpoint.close);
  const result = await engine().identify(DOCUMENT, CANDIDATES);
  t.same(result.documentType, { code: 'contract', name: 'Contract', confidence: 0.85 });
  t.same(
    result.alternatives.map((match) => [match.code, match.confidence]),
    [
      ['invoice', 0.85],
      ['receipt', 0],
    ],
  );
});

t.test('identification sends at most the first 12 000 characters of a long document', async (t) => {
  const endpoint = mockLlmEndpoint(() => chatAnswer({ code: 'invoice', confidence: 0.8, alternatives: [] }));
  t.teardown(endpoint.close);
  const long = textDocument(`INVOICE\n${'line of text\n'.repeat(3_000)}`, 'Total due: 12.00 EUR');
  await engine().identify(long, CANDIDATES);
  const prompt = endpoint.userText(0);
  const documentPart = prompt.slice(prompt.indexOf('The document:\n'));
  t.ok(documentPart.length < 12_400, `${documentPart.length} characters sent`);
  t.match(documentPart, /=== Page 1 of 2 ===\nINVOICE/);
  t.match(documentPart, /12000-character input limit/);
  t.match(documentPart, /Total due: 12\.00 EUR/);
});

t.test('no candidates: a PipelineError, and nothing is sent', async (t) => {
  const endpoint = mockLlmEndpoint(() => chatAnswer({}));
  t.teardown(endpoint.close);
  const error = await engine()
    .identify(DOCUMENT, [])
    .catch((caught: Error) => caught);
  t.ok(error instanceof PipelineError);
  t.equal((error as PipelineError).stage, 'identification');
  t.equal(endpoint.requests.length, 0);
});
