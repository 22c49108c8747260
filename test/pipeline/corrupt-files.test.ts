import { Document, Packer, Paragraph } from 'docx';
import t from 'tap';
import { convertDocument } from '../../src/pipeline/convert/convert.js';
import { DOCX_TYPE } from '../../src/pipeline/convert/detect-format.js';
import { PipelineError } from '../../src/pipeline/pipeline-error.js';
import { invoicePdf, passwordProtectedPdf, source } from './fixtures.js';
import { bmpOf, textImage, tiffOf } from './image-fixtures.js';

/** The conversion error of a document, failing the test if there is none or it is not a PipelineError. */
async function conversionError(bytes: Buffer, contentType: string | null, filename: string | null): Promise<string> {
  try {
    await convertDocument(source(bytes, contentType, filename));
  } catch (error) {
    if (error instanceof PipelineError && error.stage === 'conversion') return error.message;
    throw error;
  }
  throw new Error('the document was converted');
}

const image = textImage(['Corrupt files fail cleanly']);
const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Hello')] }] }));

const FORMATS = [
  { name: 'PNG', type: 'image/png', file: 'scan.png', bytes: await image.encode('png') },
  { name: 'JPEG', type: 'image/jpeg', file: 'scan.jpg', bytes: await image.encode('jpeg') },
  { name: 'GIF', type: 'image/gif', file: 'scan.gif', bytes: await image.encode('gif') },
  { name: 'BMP', type: 'image/bmp', file: 'scan.bmp', bytes: bmpOf(image) },
  { name: 'WEBP', type: 'image/webp', file: 'scan.webp', bytes: await image.encode('webp') },
  { name: 'TIFF', type: 'image/tiff', file: 'scan.tiff', bytes: tiffOf([image]) },
  { name: 'PDF', type: 'application/pdf', file: 'invoice.pdf', bytes: await invoicePdf() },
  { name: 'DOCX', type: DOCX_TYPE, file: 'letter.docx', bytes: docx },
] as const;

const EXPECTED: Record<string, RegExp> = {
  PDF: /^The file is not a valid PDF: /,
  DOCX: /^The file is not a valid DOCX document \(/,
};

for (const format of FORMATS) {
  t.test(`a truncated ${format.name} and one of garbage after its magic bytes fail with a clear error`, async (t) => {
    const expected = EXPECTED[format.name] ?? new RegExp(`^The ${format.name} image is corrupt or truncated`);
    const truncated = format.bytes.subarray(0, Math.floor(format.bytes.length / 2));
    // Garbage with the right start: the format's first 16 bytes (its magic), then noise.
    const garbage = Buffer.concat([format.bytes.subarray(0, 16), Buffer.alloc(4096, 0x5a)]);
    // Declared by content type, by file name only, and not at all: each reaches the format's reader.
    t.match(await conversionError(truncated, format.type, null), expected, 'declared type');
    t.match(await conversionError(truncated, 'application/octet-stream', format.file), expected, 'file name');
    t.match(
      await conversionError(garbage, null, format.file),
      format.name === 'BMP' ? /^The image is \d+ x \d+ pixels/ : expected,
      'garbage',
    );
  });
}

t.test('an encrypted PDF asks for a copy without a password', async (t) => {
  t.equal(
    await conversionError(await passwordProtectedPdf(), 'application/pdf', null),
    'The PDF is password-protected; send a copy without a password',
  );
});

t.test('an encrypted DOCX (an OLE compound file, as Word writes it) says it is password-protected', async (t) => {
  // The OLE compound-file signature and a minimal header, as at the start of every encrypted Office file.
  const header = Buffer.alloc(1024);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x003e, 24);
  header.writeUInt16LE(0x0003, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  const expected = 'The Word document is password-protected (encrypted); send a copy without a password';
  t.equal(await conversionError(header, DOCX_TYPE, null), expected);
  t.equal(await conversionError(header, 'application/octet-stream', 'secret.docx'), expected);
});

t.test('an image over the pixel limit is refused before it is decoded', async (t) => {
  const huge = bmpOf(textImage(['x'], 16));
  huge.writeInt32LE(100_000, 18);
  huge.writeInt32LE(100_000, 22);
  t.match(await conversionError(huge, 'image/bmp', null), /100000 x 100000 pixels; at most 60 megapixels/);
});
