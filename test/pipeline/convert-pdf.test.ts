import type { Test } from 'tap';
import t from 'tap';
import { convertDocument } from '../../src/pipeline/convert/convert.js';
import { closeOcr } from '../../src/pipeline/convert/ocr.js';
import { PipelineError } from '../../src/pipeline/pipeline-error.js';
import { invoicePdf, multiPagePdf, noTextPdf, passwordProtectedPdf, source } from './fixtures.js';

/** Before pdf.js is loaded (the first PDF loads it): its legacy build's core-js replaces this. */
const nativePush = Array.prototype.push;

async function conversionError(t: Test, promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  t.ok(error instanceof PipelineError, `a PipelineError (got ${String(error)})`);
  t.equal((error as PipelineError).stage, 'conversion');
  return (error as Error).message;
}

t.test('layout text keeps two columns side by side and table columns aligned', async (t) => {
  const document = await convertDocument(source(await invoicePdf(), 'application/pdf', 'invoice.pdf'));
  t.equal(document.format, 'pdf');
  t.equal(document.contentType, 'application/pdf');
  t.equal(document.pages.length, 1);
  const lines = document.text.split('\n');
  t.equal(lines[0], 'INVOICE');
  t.match(document.text, /^Vendor: Acme Supplies Ltd {3,}Invoice Number: INV-2024-0042$/m);
  t.match(document.text, /^123 Market Street {3,}Invoice Date: December 31, 2024$/m);
  const header = lines.find((line) => line.startsWith('Description')) ?? '';
  const row = lines.find((line) => line.startsWith('Gadget deluxe')) ?? '';
  t.match(header, /^Description {3,}Qty {3,}Unit Price {3,}Amount$/);
  for (const [label, value] of [
    ['Qty', '1'],
    ['Unit Price', '1,200.50'],
    ['Amount', '1,200.50'],
  ] as const) {
    t.equal(row.indexOf(value, header.indexOf(label) - 2), header.indexOf(label), `${label} column aligned`);
  }
  t.match(
    document.text,
    /\n\n {10,}Subtotal {3,}1,235\.50\n {10,}Total {3,}USD 1,359\.05$/,
    'a blank line before the totals',
  );
});

t.test('one string per page, joined by a form-feed line; detected without a declared type', async (t) => {
  const document = await convertDocument(source(await multiPagePdf(3)));
  t.equal(document.format, 'pdf');
  t.same(document.pages, [
    'Page 1 of 3\n\nSection 1 body text',
    'Page 2 of 3\n\nSection 2 body text',
    'Page 3 of 3\n\nSection 3 body text',
  ]);
  t.equal(document.text, document.pages.join('\n\f\n'));
});

t.test('more pages than the limit is an error naming both numbers', async (t) => {
  const bytes = await multiPagePdf(3);
  t.match(await conversionError(t, convertDocument(source(bytes), { maxPages: 2 })), /3 pages; at most 2 pages/);
  t.equal((await convertDocument(source(bytes), { maxPages: 3 })).pages.length, 3);
});

t.test('a PDF without a text layer or legible text says so', async (t) => {
  t.teardown(closeOcr);
  t.match(
    await conversionError(t, convertDocument(source(await noTextPdf()))),
    /^The PDF has no text layer and OCR found no legible text on its pages/,
  );
});

t.test('truncated and garbage PDFs are reported as invalid PDFs', async (t) => {
  const bytes = await invoicePdf();
  const truncated = bytes.subarray(0, Math.floor(bytes.length * 0.6));
  t.match(
    await conversionError(t, convertDocument(source(truncated, 'application/pdf'))),
    /^The file is not a valid PDF: /,
  );
  const garbage = Buffer.from('%PDF-1.7\nthis is not a PDF at all\n%%EOF\n');
  t.match(await conversionError(t, convertDocument(source(garbage))), /^The file is not a valid PDF: /);
});

t.test('a password-protected PDF asks for a copy without a password', async (t) => {
  t.match(
    await conversionError(t, convertDocument(source(await passwordProtectedPdf()))),
    /^The PDF is password-protected/,
  );
});

t.test('the caller’s buffer is left intact (pdf.js detaches what it is given)', async (t) => {
  const bytes = await multiPagePdf(1);
  const copy = Buffer.from(bytes);
  await convertDocument({ bytes, contentType: 'application/pdf', filename: null });
  t.equal(bytes.length, copy.length);
  t.ok(bytes.equals(copy));
});

t.test('one pdf.js worker reads every document of a thread, also after documents it refused', async (t) => {
  await conversionError(t, convertDocument(source(Buffer.from('%PDF-1.7\nnot really'), 'application/pdf')));
  await conversionError(t, convertDocument(source(await passwordProtectedPdf())));
  const documents = await Promise.all(
    [1, 2, 3].map(async (pages) => convertDocument(source(await multiPagePdf(pages)))),
  );
  t.same(
    documents.map((document) => document.pages.length),
    [1, 2, 3],
  );
});

t.test('after pdf.js is loaded, arrays push with the native push again', async (t) => {
  await convertDocument(source(await multiPagePdf(1)));
  t.equal(Array.prototype.push, nativePush);
});
