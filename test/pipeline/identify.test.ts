import t from 'tap';
import { identifyDocument } from '../../src/pipeline/identify/identify.js';
import { PipelineError } from '../../src/pipeline/pipeline-error.js';
import type { CandidateType } from '../../src/pipeline/types.js';
import {
  CANDIDATES,
  CONTRACT_TEXT,
  INVOICE_TEXT,
  RECEIPT_TEXT,
  RESUME_TEXT,
  textDocument,
  UNRELATED_TEXT,
} from './fixtures.js';

t.test('each document is identified as its type with a high confidence', async (t) => {
  for (const [text, code] of [
    [INVOICE_TEXT, 'invoice'],
    [RECEIPT_TEXT, 'receipt'],
    [CONTRACT_TEXT, 'contract'],
    [RESUME_TEXT, 'resume'],
  ] as const) {
    const result = identifyDocument(textDocument(text), CANDIDATES);
    t.equal(result.documentType.code, code, code);
    t.ok(result.documentType.confidence > 0.6, `${code}: ${result.documentType.confidence} > 0.6`);
    t.equal(result.alternatives.length, CANDIDATES.length - 1);
    t.notOk(result.alternatives.some((alternative) => alternative.code === code));
    for (const alternative of result.alternatives) {
      t.ok(alternative.confidence < result.documentType.confidence, `${alternative.code} ranks below ${code}`);
    }
  }
});

t.test('a document like none of the candidates gets a low confidence', async (t) => {
  const result = identifyDocument(textDocument(UNRELATED_TEXT), CANDIDATES);
  t.ok(result.documentType.confidence < 0.3, `${result.documentType.confidence} < 0.3`);
  const alone = identifyDocument(textDocument(UNRELATED_TEXT), CANDIDATES.slice(0, 1));
  t.ok(alone.documentType.confidence < 0.3, 'also when it is the only candidate');
  t.same(alone.alternatives, []);
});

t.test('a single matching candidate keeps its confidence; two equal ones share it', async (t) => {
  const invoice = CANDIDATES[0] as CandidateType;
  const alone = identifyDocument(textDocument(INVOICE_TEXT), [invoice]);
  t.ok(alone.documentType.confidence > 0.6);
  const twin = { ...invoice, code: 'invoice_2' };
  const shared = identifyDocument(textDocument(INVOICE_TEXT), [twin, invoice]);
  t.equal(shared.documentType.confidence, shared.alternatives[0]?.confidence, 'equal evidence, equal confidence');
  t.ok(shared.documentType.confidence <= 0.5, 'an even split is not a confident answer');
  t.equal(shared.documentType.code, 'invoice', 'ties are broken by code, so results are deterministic');
});

t.test('hints and labels in Spanish count: accents and plurals are folded', async (t) => {
  const factura: CandidateType = {
    code: 'factura',
    name: 'Factura',
    description: null,
    identifyPromptHints: 'Número de factura, fecha de emisión, importe total, IVA',
    jsonSchema: {
      type: 'object',
      properties: {
        numeroFactura: { type: 'string' },
        fechaEmision: { type: 'string' },
        importeTotal: { type: 'number' },
      },
    },
  };
  const text =
    'FACTURA\nNumero factura: F-2024-7\nFecha emision: 31 de diciembre de 2024\nIVA 21%\nImporte total: 121,00 €';
  const result = identifyDocument(textDocument(text), [factura, ...CANDIDATES]);
  t.equal(result.documentType.code, 'factura');
  // An English invoice type is offered too: a clear lead over a type of the same kind, not a certainty.
  t.ok(result.documentType.confidence > 0.5);
});

t.test('confidences are rounded to 4 decimals, alternatives capped at 5, results deterministic', async (t) => {
  const many = Array.from({ length: 8 }, (_, index) => ({
    ...(CANDIDATES[index % 4] as CandidateType),
    code: `t${index}`,
  }));
  const first = identifyDocument(textDocument(RECEIPT_TEXT), many);
  t.equal(first.alternatives.length, 5);
  for (const match of [first.documentType, ...first.alternatives]) {
    t.equal(Math.round(match.confidence * 10_000) / 10_000, match.confidence);
    t.ok(match.confidence >= 0 && match.confidence <= 1);
  }
  t.same(identifyDocument(textDocument(RECEIPT_TEXT), many), first);
});

t.test('no candidates is an identification error', async (t) => {
  t.throws(() => identifyDocument(textDocument(INVOICE_TEXT), []), PipelineError);
  try {
    identifyDocument(textDocument(INVOICE_TEXT), []);
  } catch (error) {
    t.equal((error as PipelineError).stage, 'identification');
  }
});

t.test('alternatives carry meaningful confidences, ranked, and an off-topic text stays low', async (t) => {
  // A bill is close to an invoice: a plausible second answer, not a ~0 one.
  const supplierBill: CandidateType = {
    code: 'supplier_bill',
    name: 'Supplier bill',
    description: 'A bill from a supplier asking for payment',
    identifyPromptHints: null,
    jsonSchema: {
      type: 'object',
      properties: { billNumber: { type: 'string' }, dueDate: { type: 'string' }, total: { type: 'number' } },
    },
  };
  const result = identifyDocument(textDocument(INVOICE_TEXT), [...CANDIDATES, supplierBill]);
  t.equal(result.documentType.code, 'invoice');
  const runnerUp = result.alternatives[0];
  t.equal(runnerUp?.code, 'supplier_bill');
  t.ok(runnerUp && runnerUp.confidence >= 0.2, `a plausible runner-up is not reported as ~0: ${runnerUp?.confidence}`);
  t.ok(runnerUp && runnerUp.confidence < result.documentType.confidence);
  const confidences = result.alternatives.map((alternative) => alternative.confidence);
  t.same(
    confidences,
    [...confidences].sort((a, b) => b - a),
    'alternatives best first',
  );
  const poem =
    'The kettle sings beside the door,\nAnd rain comes tapping on the pane,\nThe cat is sleeping on the floor';
  const offTopic = identifyDocument(textDocument(poem), [...CANDIDATES, supplierBill]);
  t.ok(offTopic.documentType.confidence < 0.2, `a poem is none of them: ${offTopic.documentType.confidence}`);
});

t.test('a document titled in another language is identified by its type name', async (t) => {
  const text = 'FACTUUR\nFactuurnummer: 572019384\nFactuurdatum: 22 april 2014\nTotaal € 642,35\nBTW 21% € 111,48';
  const result = identifyDocument(textDocument(text), CANDIDATES);
  t.equal(result.documentType.code, 'invoice');
});
