import t from 'tap';
import { convertDocument } from '../../src/pipeline/convert/convert.js';
import { extractFields } from '../../src/pipeline/extract/extract.js';
import { identifyDocument } from '../../src/pipeline/identify/identify.js';
import { PipelineError } from '../../src/pipeline/pipeline-error.js';
import { PipelineWorkers } from '../../src/pipeline/stages/bounded-stages.js';
import type { ExtractionType } from '../../src/pipeline/types.js';
import { CANDIDATES, INVOICE_SCHEMA, INVOICE_TEXT, invoicePdf, rejection, source, textDocument } from './fixtures.js';
import { textImage } from './image-fixtures.js';

const INVOICE_TYPE: ExtractionType = {
  code: 'invoice',
  name: 'Invoice',
  jsonSchema: INVOICE_SCHEMA,
  promptHints: null,
  keepPropertyOrdering: false,
  conversionMode: 'json',
};

t.test('stages in worker threads return what the functions return in-process', async (t) => {
  const workers = new PipelineWorkers({ threads: 1 });
  t.teardown(() => workers.close());
  const pdf = source(await invoicePdf(), 'application/pdf', 'invoice.pdf');
  t.same(await workers.convert(pdf), await convertDocument(pdf));

  const scan = await workers.convert(source(await textImage(['Invoice Number: 99']).encode('png')));
  t.equal(scan.text, 'Invoice Number: 99', 'OCR runs inside the thread too');

  const document = textDocument(INVOICE_TEXT);
  t.same(await workers.identify(document, CANDIDATES), identifyDocument(document, CANDIDATES));
  const type = INVOICE_TYPE;
  t.same(await workers.extract(document, type), extractFields(document, type));
});

t.test("a document's own errors cross the thread as PipelineErrors with their stage", async (t) => {
  const workers = new PipelineWorkers({ threads: 1 });
  t.teardown(() => workers.close());
  const error = await rejection(workers.convert(source('%PDF-1.7 not really', 'application/pdf')));
  t.ok(error instanceof PipelineError, String(error));
  t.equal((error as PipelineError).stage, 'conversion');
  t.match((error as PipelineError).message, /^The file is not a valid PDF: /);
  t.same(await workers.convert(source('Total: 5')).then((document) => document.text), 'Total: 5');
});

t.test('a stage that runs past its time is stopped and named', async (t) => {
  // No conversion finishes in 50 ms: starting the thread alone takes longer.
  const workers = new PipelineWorkers({ threads: 1, timeoutMs: 50 });
  t.teardown(() => workers.close());
  const error = await rejection(workers.convert(source(await textImage(['Slow']).encode('png'))));
  t.ok(error instanceof PipelineError, String(error));
  t.equal((error as PipelineError).message, 'Conversion took longer than 50 ms');
  const identifying = await rejection(workers.identify(textDocument('x'), CANDIDATES));
  t.equal((identifying as PipelineError).message, 'Identification took longer than 50 ms');
  t.equal((identifying as PipelineError).stage, 'identification');
});

t.test('a stage whose heap outgrows the limit is stopped and named', async (t) => {
  const workers = new PipelineWorkers({ threads: 1, memoryMb: 256, timeoutMs: 300_000 });
  t.teardown(() => workers.close());
  // A million CSV rows: parsed and rendered, they need far more than 256 MB of heap.
  const rows = Array.from({ length: 1_000_000 }, (_, index) => `row ${index},value ${index},${index * 3}`);
  const csv = Buffer.from(`name,value,count\n${rows.join('\n')}\n`);
  const error = await rejection(workers.convert(source(csv, 'text/csv')));
  t.ok(error instanceof PipelineError, String(error));
  t.equal((error as PipelineError).message, 'Conversion needed more than 256 MB');
  // The pool replaces the thread it lost.
  t.equal((await workers.convert(source('Total: 7'))).text, 'Total: 7');
});

t.test('understand converts, identifies and extracts in one task, as the stages one by one do', async (t) => {
  const workers = new PipelineWorkers({ threads: 1 });
  t.teardown(() => workers.close());
  const text = source(INVOICE_TEXT);
  const document = await convertDocument(text);
  const invoice = INVOICE_TYPE;
  const identification = identifyDocument(document, CANDIDATES);
  const chosen = { ...invoice, code: identification.documentType.code };

  const both = await workers.understand(text, { candidates: CANDIDATES, extractWith: [chosen] });
  t.same(both.identification, identification);
  t.same(both.extraction, extractFields(document, chosen));
  t.equal(both.pageCount, document.pages.length);
  t.equal(both.document, null, 'the converted document stays in the thread');
  t.equal(both.extractionError, null);

  const fixed = await workers.understand(text, { candidates: null, extractWith: invoice });
  t.same(fixed, {
    pageCount: document.pages.length,
    identification: null,
    extraction: extractFields(document, invoice),
    document: null,
    extractionError: null,
  });

  const identifyOnly = await workers.understand(text, { candidates: CANDIDATES, extractWith: null });
  t.same(identifyOnly.identification, identification);
  t.equal(identifyOnly.extraction, null);

  // The identified type is not among the types given: the document comes back for the caller to extract.
  const elsewhere = await workers.understand(text, {
    candidates: CANDIDATES,
    extractWith: [{ ...invoice, code: 'not-a-candidate' }],
  });
  t.equal(elsewhere.extraction, null);
  t.same(elsewhere.document, document);

  const error = await rejection(
    workers.understand(source('%PDF-1.7 not really', 'application/pdf'), { candidates: CANDIDATES, extractWith: null }),
  );
  t.equal((error as PipelineError).stage, 'conversion', 'a conversion failure is named as the stage alone is');
});

t.test('understand times each stage it reaches and names the one running', async (t) => {
  // Starting the thread alone takes longer than 50 ms: conversion is the stage named.
  const workers = new PipelineWorkers({ threads: 1, timeoutMs: 50 });
  t.teardown(() => workers.close());
  const error = await rejection(workers.understand(source('Total: 5'), { candidates: CANDIDATES, extractWith: null }));
  t.equal((error as PipelineError).message, 'Conversion took longer than 50 ms');
  t.equal((error as PipelineError).stage, 'conversion');
});
