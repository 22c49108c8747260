import type { Test } from 'tap';
import t from 'tap';
import { convertDocument } from '../../src/pipeline/convert/convert.js';
import { PipelineError } from '../../src/pipeline/pipeline-error.js';
import { PAGE_SEPARATOR } from '../../src/pipeline/types.js';
import { docxBytes, source, storedZip } from './fixtures.js';

/** Rejects with a PipelineError of the conversion stage whose message matches. */
async function rejectsConversion(t: Test, promise: Promise<unknown>, message: RegExp) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  t.ok(error instanceof PipelineError, `a PipelineError (got ${String(error)})`);
  t.equal((error as PipelineError).stage, 'conversion');
  t.match((error as PipelineError).message, message);
}

t.test('plain text: UTF-8 with and without BOM, UTF-16 with a BOM, CRLF line endings', async (t) => {
  const plain = await convertDocument(source('Hola, señor\r\nTotal: 12,50 €\r\n'));
  t.equal(plain.format, 'text');
  t.equal(plain.contentType, 'text/plain');
  t.same(plain.pages, ['Hola, señor\nTotal: 12,50 €\n']);
  const bom = await convertDocument(source(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Año 2024')])));
  t.equal(bom.text, 'Año 2024');
  const utf16 = await convertDocument(
    source(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Fecha: 31/12/2024', 'utf16le')])),
  );
  t.equal(utf16.text, 'Fecha: 31/12/2024');
  const latin1 = await convertDocument(source(Buffer.from('Dirección: Calle Mayor', 'latin1'), 'text/plain'));
  t.equal(latin1.text, 'Dirección: Calle Mayor', 'Windows-1252 when the bytes are not UTF-8');
});

t.test('tabs expand to 8-column stops, so tab-separated columns stay aligned', async (t) => {
  const document = await convertDocument(source('Item\tQty\tPrice\nWidget blue\t2\t10.00\n', 'text/plain'));
  t.equal(document.text, 'Item    Qty     Price\nWidget blue     2       10.00\n');
});

t.test('form feeds split plain text into pages', async (t) => {
  const document = await convertDocument(source('page one\fpage two\f\npage three'));
  t.same(document.pages, ['page one', 'page two', 'page three']);
  t.equal(document.text, ['page one', 'page two', 'page three'].join(PAGE_SEPARATOR));
  await rejectsConversion(t, convertDocument(source('a\fb\fc'), { maxPages: 2 }), /3 pages; at most 2/);
});

t.test('HTML: markup removed, tables kept as aligned rows, no link targets or images', async (t) => {
  const html = `<!doctype html><html><head><style>p{color:red}</style><script>var x = 1;</script></head>
    <body><h1>Invoice</h1><p>Invoice Number: <b>INV-1</b>, see <a href="https://example.com/very/long">our site</a></p>
    <img src="logo.png" alt="logo"><table><tr><th>Description</th><th>Qty</th><th>Price</th></tr>
    <tr><td>Widget blue</td><td>2</td><td>10.00</td></tr><tr><td>Gadget</td><td>10</td><td>1,200.50</td></tr></table></body></html>`;
  const document = await convertDocument(source(html));
  t.equal(document.format, 'html');
  t.equal(document.contentType, 'text/html');
  t.match(document.text, /Invoice Number: INV-1, see our site/);
  t.notMatch(document.text, /example\.com|logo|color|var x/);
  t.match(document.text, /Description {3,}Qty {3,}Price\nWidget blue {3,}2 {3,}10\.00\nGadget {3,}10 {3,}1,200\.50/);
});

t.test('CSV: an aligned table, then each row as header: value lines', async (t) => {
  const csv = 'invoice_number;date;total\nINV-1;2024-12-31;"1.234,50"\nINV-2;2025-01-02;99\n';
  const document = await convertDocument(source(csv, null, 'export.csv'));
  t.equal(document.format, 'csv');
  t.equal(document.contentType, 'text/csv');
  t.match(document.text, /^invoice_number {3}date {9}total\nINV-1 {12}2024-12-31 {3}1\.234,50\nINV-2/);
  t.match(document.text, /invoice_number: INV-1\ndate: 2024-12-31\ntotal: 1\.234,50\n\ninvoice_number: INV-2/);
  const sniffed = await convertDocument(source('a,b,c\n1,2,3\n4,5,6\n'));
  t.equal(sniffed.format, 'csv', 'detected from consistent delimiter counts');
});

t.test('JSON: pretty-printed, then path: value lines and tables of flat objects', async (t) => {
  const json = JSON.stringify({ invoice: { number: 'INV-9', total: 10.5 }, items: [{ sku: 'A', qty: 2 }] });
  const document = await convertDocument(source(json, 'application/octet-stream'));
  t.equal(document.format, 'json');
  t.equal(document.contentType, 'application/json');
  t.match(document.text, /"number": "INV-9"/);
  t.match(document.text, /invoice\.number: INV-9\ninvoice\.total: 10\.5\nitems\[0\]\.sku: A/);
  t.match(document.text, /items:\nsku {3}qty\nA {5}2/);
  await rejectsConversion(t, convertDocument(source('{"a":', 'application/json')), /not valid JSON/);
});

t.test('the declared type wins when the bytes agree, and a mismatch is named', async (t) => {
  const asText = await convertDocument(source('{"a": 1}', 'text/plain; charset=utf-8'));
  t.equal(asText.format, 'text', 'declared text/plain is honoured even for JSON-looking text');
  await rejectsConversion(
    t,
    convertDocument(source('hello', 'application/pdf')),
    /declared as application\/pdf but is not a PDF/,
  );
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  await rejectsConversion(
    t,
    convertDocument(source(png, 'text/plain')),
    /declared as text\/plain but its content is image\/png/,
  );
});

t.test('images and DOCX go to their readers, which name what is wrong; other formats are unsupported', async (t) => {
  // A PNG signature and the start of a header, nothing more (OCR of real images: convert-image.test.ts).
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154', 'hex');
  await rejectsConversion(t, convertDocument(source(png)), /^The PNG image is corrupt or truncated/);
  await rejectsConversion(t, convertDocument(source('x', 'image/jpeg')), /^The JPEG image is corrupt or truncated/);
  await rejectsConversion(
    t,
    convertDocument(source('x', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')),
    /^The file is not a valid DOCX document/,
  );
  // A ZIP that file-type takes for a DOCX, but whose document part has no body.
  await rejectsConversion(
    t,
    convertDocument(source(docxBytes(), 'application/octet-stream', 'letter.docx')),
    /^The file is not a valid DOCX document \(Could not find the body element/,
  );
  await rejectsConversion(
    t,
    convertDocument(source(storedZip({ 'a.txt': 'hello' }))),
    /^Unsupported document format: application\/zip\./,
  );
  const gzip = Buffer.from('1f8b0800000000000003cb48cdc9c95728cf2fca490100c2a99b0c0d000000', 'hex');
  await rejectsConversion(
    t,
    convertDocument(source(gzip, 'application/octet-stream')),
    /^Unsupported document format: application\/gzip\. Supported: PDF, DOCX, PNG, JPEG, GIF, BMP, WEBP, TIFF, plain text, HTML, CSV, JSON$/,
  );
  await rejectsConversion(
    t,
    convertDocument(source(Buffer.from([0, 1, 2, 3, 0, 0, 7, 8]))),
    /Unsupported document format/,
  );
});

t.test('an empty document is an error, whatever its type', async (t) => {
  await rejectsConversion(t, convertDocument(source('')), /^The document is empty$/);
  await rejectsConversion(t, convertDocument(source('  \n\n ', 'text/plain')), /^The document is empty$/);
  await rejectsConversion(t, convertDocument(source('<html><body> </body></html>', 'text/html')), /empty/);
});
