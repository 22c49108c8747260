import sharp from 'sharp';
import t from 'tap';
import { convertDocument } from '../../src/pipeline/convert/convert.js';
import { closeOcr } from '../../src/pipeline/convert/ocr.js';
import { PAGE_SEPARATOR } from '../../src/pipeline/types.js';
import { source } from './fixtures.js';
import { bmpOf, pdfWithPages, textImage, tiffOf } from './image-fixtures.js';

// One OCR engine serves the whole file; it is a worker thread that would keep the process alive.
t.teardown(closeOcr);

const INVOICE = textImage([
  ['Invoice Number:', 'INV-4711'],
  ['Total Amount:', '1,234.50 EUR'],
  'Fecha de emisión: 12/03/2024',
]);

/** The words of the text, for assertions that do not depend on OCR's exact spacing. */
function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

t.test('a PNG is read by OCR, its columns and lines laid out like a PDF text layer', async (t) => {
  const document = await convertDocument(source(await INVOICE.encode('png')));
  t.equal(document.format, 'image');
  t.equal(document.contentType, 'image/png');
  t.equal(document.pages.length, 1);
  const lines = document.text.split('\n');
  t.equal(lines.length, 3, document.text);
  t.match(lines[0], /^Invoice Number: {3,}INV-4711$/);
  t.match(lines[1], /^Total Amount: {3,}1,234\.50 EUR$/);
  // Spanish is read with its accents (the spa model is loaded by default).
  t.equal(lines[2], 'Fecha de emisión: 12/03/2024');
  // The second column starts at the same place on both lines.
  t.equal(lines[0]?.indexOf('INV-4711'), lines[1]?.indexOf('1,234.50'));
});

t.test('JPEG, GIF, BMP and WEBP are read too, the format named by the content type', async (t) => {
  const image = textImage(['Receipt 2024 Total 58.20']);
  const cases = [
    ['image/jpeg', await image.encode('jpeg')],
    ['image/gif', await image.encode('gif')],
    ['image/bmp', bmpOf(image)],
    ['image/webp', await image.encode('webp')],
  ] as const;
  for (const [type, bytes] of cases) {
    const document = await convertDocument(source(bytes));
    t.equal(document.contentType, type);
    t.same(words(document.text), ['Receipt', '2024', 'Total', '58.20'], type);
  }
});

t.test('a multi-page TIFF becomes one page each, in order', async (t) => {
  const bytes = tiffOf([textImage(['First page of the fax']), textImage(['Second page signed'])]);
  const document = await convertDocument(source(bytes, 'image/tiff'));
  t.equal(document.contentType, 'image/tiff');
  t.same(document.pages.map(words), [
    ['First', 'page', 'of', 'the', 'fax'],
    ['Second', 'page', 'signed'],
  ]);
  t.equal(document.text, document.pages.join(PAGE_SEPARATOR));
  await t.rejects(convertDocument(source(bytes, 'image/tiff'), { maxPages: 1 }), {
    name: 'PipelineError',
    message: 'The TIFF has 2 pages; at most 1 pages can be processed',
  });
});

t.test('a scanned PDF page (an image, no text layer) is read by OCR', async (t) => {
  const bytes = await pdfWithPages([{ image: await INVOICE.encode('png') }]);
  const document = await convertDocument(source(bytes, 'application/pdf'));
  t.equal(document.format, 'pdf');
  t.match(document.text, /Invoice Number: {3,}INV-4711/);
  t.match(document.text, /Total Amount: {3,}1,234\.50 EUR/);
});

t.test('a mixed PDF keeps its text layer where it has one and reads scanned pages by OCR', async (t) => {
  const bytes = await pdfWithPages([
    { text: ['Contract 77', 'Party: Acme Ltd'] },
    { image: await textImage(['Signed by both parties']).encode('png') },
    { text: ['Annex A'] },
  ]);
  const document = await convertDocument(source(bytes));
  t.same(document.pages.map(words), [
    ['Contract', '77', 'Party:', 'Acme', 'Ltd'],
    ['Signed', 'by', 'both', 'parties'],
    ['Annex', 'A'],
  ]);
});

t.test('a scan with a stamped line of text (a page number) is still read by OCR', async (t) => {
  const bytes = await pdfWithPages([{ image: await textImage(['Delivery note 5521']).encode('png'), stamp: 'p. 1' }]);
  const document = await convertDocument(source(bytes));
  // The picture's text is read (the 8-point stamp may or may not be, as OCR goes).
  t.same(words(document.text).slice(0, 3), ['Delivery', 'note', '5521']);
});

t.test('transparency is flattened onto white, so dark text on a transparent PNG is read', async (t) => {
  const { createCanvas } = await import('@napi-rs/canvas');
  const opaque = textImage(['Transparent background']);
  const canvas = createCanvas(opaque.width, opaque.height);
  const context = canvas.getContext('2d');
  // Keep only the dark pixels, fully transparent elsewhere.
  const data = context.createImageData(opaque.width, opaque.height);
  for (let index = 0; index < opaque.rgba.length; index += 4) {
    data.data[index + 3] = 255 - (opaque.rgba[index] ?? 255);
  }
  context.putImageData(data, 0, 0);
  const document = await convertDocument(source(Buffer.from(await canvas.encode('png'))));
  t.same(words(document.text), ['Transparent', 'background']);
});

t.test('an image without legible text is an error saying so', async (t) => {
  const blank = textImage([]);
  await t.rejects(convertDocument(source(await blank.encode('png'))), {
    name: 'PipelineError',
    message: /OCR found no legible text in the image/,
  });
});

t.test('a small photo is enlarged before OCR, so letters a few pixels tall are read', async (t) => {
  const lines = ['SUNSET GRILL', '1875 AMSTERDAM AVE', 'New York, NY 10032', 'TOTAL 48.40', 'Date 03/15/2017'];
  // A phone photo of a receipt held at arm's length: 250 pixels wide, letters about 10 pixels tall.
  const small = await sharp(await textImage(lines, 1000).encode('png'))
    .resize(250)
    .jpeg({ quality: 90 })
    .toBuffer();
  const document = await convertDocument(source(small, 'image/jpeg'));
  t.same(
    document.text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => words(line).join(' ')),
    lines,
  );
});
