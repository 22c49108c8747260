import { crc32 } from 'node:zlib';
import t from 'tap';
import { DOCX_TYPE } from '../../src/pipeline/convert/detect-format.js';
import { PipelineError } from '../../src/pipeline/pipeline-error.js';
import { PipelineWorkers } from '../../src/pipeline/stages/bounded-stages.js';
import { rejection, source } from './fixtures.js';
import { docxOf, zipOf } from './zip-fixtures.js';

/**
 * Documents built to exhaust the converter: each ends at once with a conversion error naming the
 * problem (the document's fault, so not retried), inside the bounded stage threads.
 */

const workers = new PipelineWorkers({ threads: 1 });
t.teardown(() => workers.close());

async function conversionError(bytes: Buffer | string, contentType: string | null, filename: string | null = null) {
  const error = await rejection(workers.convert(source(bytes, contentType, filename)));
  if (error instanceof PipelineError && error.stage === 'conversion') return error.message;
  throw error;
}

const LEVELS = 100_000;

t.test('JSON nested 100,000 levels deep is refused before it is walked', async (t) => {
  const json = `${'{"a":['.repeat(LEVELS / 2)}1${']}'.repeat(LEVELS / 2)}`;
  t.equal(
    await conversionError(json, 'application/json'),
    `The JSON document nests ${LEVELS} levels deep; at most 1000 levels can be read`,
  );
  const brackets = `["${'['.repeat(5000)}"]`;
  t.notOk(
    await workers.convert(source(brackets, 'application/json')).then(() => null),
    'brackets inside strings do not count',
  );
});

t.test('HTML nested 100,000 levels deep fails as the document being too deep', async (t) => {
  const closed = `<html><body>${'<div>'.repeat(LEVELS)}Total: 5${'</div>'.repeat(LEVELS)}</body></html>`;
  t.equal(await conversionError(closed, 'text/html'), 'The HTML document is nested too deeply to be read');
  const unclosed = `<html><body>${'<b>'.repeat(LEVELS)}Total: 5`;
  t.equal(await conversionError(unclosed, 'text/html'), 'The HTML document is nested too deeply to be read');
});

const MIB = 1024 * 1024;

t.test('a DOCX made this way converts: the hand-made ZIP is a real Word document', async (t) => {
  const document = await workers.convert(source(docxOf('Invoice Number: 42'), DOCX_TYPE, 'ok.docx'));
  t.equal(document.text, 'Invoice Number: 42');
});

t.test('a DOCX zip bomb is refused from its directory, before anything is inflated', async (t) => {
  // 200 MB of text that deflates to about 200 KB.
  const bomb = docxOf(Buffer.alloc(200 * MIB, 0x20));
  t.ok(bomb.length < 1 * MIB, `the bomb is ${bomb.length} bytes`);
  t.equal(
    await conversionError(bomb, DOCX_TYPE, 'bomb.docx'),
    "The document's ZIP container unpacks to 201 MB of text; at most 128 MB are read; it is refused before it is unpacked",
  );
});

t.test('a DOCX part that inflates past the size it declares is refused while inflating', async (t) => {
  const liar = docxOf(Buffer.alloc(64 * MIB, 0x20), 1000);
  t.equal(
    await conversionError(liar, DOCX_TYPE, 'liar.docx'),
    "The document's ZIP container has a part (word/document.xml) that inflates past the 1000 bytes it declares; it is refused before it is unpacked",
  );
});

t.test('a ZIP with more entries than any Word document is refused', async (t) => {
  const parts = Array.from({ length: 10_001 }, (_, index) => ({
    name: `word/p${index}.xml`,
    content: Buffer.from('x'),
  }));
  t.equal(
    await conversionError(zipOf(parts), DOCX_TYPE, 'many.docx'),
    "The document's ZIP container has 10001 entries; at most 10000 are read; it is refused before it is unpacked",
  );
});

/** A PNG that is only a header: it claims `width` x `height` pixels and holds none. */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(6, 9); // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.alloc(0)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

t.test('a PNG whose header claims 100,000 x 100,000 pixels is refused from its header', async (t) => {
  t.equal(
    await conversionError(pngHeader(100_000, 100_000), 'image/png', 'huge.png'),
    'The image is 100000 x 100000 pixels; at most 60 megapixels can be read',
  );
});
