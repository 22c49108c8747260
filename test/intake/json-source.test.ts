import t from 'tap';
import { PayloadTooLargeError, ValidationError } from '../../src/errors.js';
import { jsonDocumentSource } from '../../src/intake/json-source.js';

const MAX = 1000;
const pdf = Buffer.from('%PDF-1.7\nhello world\n');

function rejection(body: Record<string, unknown>, maxBytes = MAX): unknown {
  try {
    jsonDocumentSource(body, maxBytes);
  } catch (error) {
    return error;
  }
  return undefined;
}

t.test('raw base64 under either name, with or without line breaks', async (t) => {
  const encoded = pdf.toString('base64');
  for (const field of ['base64', 'image_base64']) {
    const source = jsonDocumentSource({ [field]: encoded }, MAX);
    t.same(source, { kind: 'base64', bytes: pdf, contentType: null }, field);
  }
  const wrapped = `${encoded.slice(0, 10)}\n${encoded.slice(10, 20)}\r\n  ${encoded.slice(20)}\n`;
  t.ok((jsonDocumentSource({ base64: wrapped }, MAX) as { bytes: Buffer }).bytes.equals(pdf));
  // Unpadded base64 is unambiguous and accepted.
  t.same(jsonDocumentSource({ base64: 'YWJjZA' }, MAX), {
    kind: 'base64',
    bytes: Buffer.from('abcd'),
    contentType: null,
  });
  t.same(jsonDocumentSource({ base64: encoded, content_type: 'Application/PDF' }, MAX).contentType, 'application/pdf');
});

t.test('a data URI gives its media type unless content_type is sent', async (t) => {
  const uri = `data:application/pdf;base64,${pdf.toString('base64')}`;
  t.same(jsonDocumentSource({ image_base64: uri }, MAX), {
    kind: 'base64',
    bytes: pdf,
    contentType: 'application/pdf',
  });
  t.equal(jsonDocumentSource({ image_base64: uri, image_content_type: 'text/plain' }, MAX).contentType, 'text/plain');
  const withParameters = `DATA:image/PNG;name=a.png;base64,${pdf.toString('base64')}`;
  t.equal(jsonDocumentSource({ base64: withParameters }, MAX).contentType, 'image/png');
  t.equal(jsonDocumentSource({ base64: `data:;base64,${pdf.toString('base64')}` }, MAX).contentType, null);
  t.match(rejection({ base64: 'data:text/plain,hello' }), {
    status: 400,
    extra: { errors: [/^base64: the data URI must be base64-encoded/] },
  });
});

t.test('no source, or more than one (the two spellings of one count as two): 400 naming them', async (t) => {
  const none = rejection({ content_type: 'application/pdf' });
  t.ok(none instanceof ValidationError);
  t.match(none, {
    status: 400,
    message: 'Validation error',
    extra: {
      errors: ['Send exactly one document source: a file part, url, image_url, base64 or image_base64 (none was sent)'],
    },
  });
  t.match(rejection({ url: 'https://a.example/x.pdf', base64: 'YWJj' }), {
    extra: { errors: [/\(got url and base64\)$/] },
  });
  t.match(rejection({ base64: 'YWJj', image_base64: 'YWJj' }), {
    extra: { errors: [/\(got base64 and image_base64\)$/] },
  });
  t.match(rejection({ url: 'https://a.example/', image_url: 'https://a.example/' }), {
    extra: { errors: [/\(got url and image_url\)$/] },
  });
  // null is "not sent", so clients that serialise unset options as null still work.
  t.equal(jsonDocumentSource({ url: null, base64: 'YWJj' }, MAX).kind, 'base64');
});

t.test('invalid base64, empty documents and non-strings: 400', async (t) => {
  for (const bad of ['YWJj!', 'YW=Jj', 'YWJjZ', 'YWJjZA=', 'YQ===', 'ÿÿÿÿ', 'YWJj-_']) {
    t.match(rejection({ base64: bad }), { status: 400, extra: { errors: ['base64: is not valid base64'] } }, bad);
  }
  t.match(rejection({ image_base64: '%%%' }), { extra: { errors: ['image_base64: is not valid base64'] } });
  t.match(rejection({ base64: '' }), { extra: { errors: ['base64: the document is empty'] } });
  t.match(rejection({ base64: 'data:application/pdf;base64,' }), {
    extra: { errors: ['base64: the document is empty'] },
  });
  t.match(rejection({ base64: 123 }), { extra: { errors: ['base64: must be a string'] } });
});

t.test('a decoded size over maxBytes: 413 (checked before decoding)', async (t) => {
  const exactly = Buffer.alloc(MAX, 1).toString('base64');
  t.equal((jsonDocumentSource({ base64: exactly }, MAX) as { bytes: Buffer }).bytes.length, MAX);
  const over = rejection({ base64: Buffer.alloc(MAX + 1, 1).toString('base64') });
  t.ok(over instanceof PayloadTooLargeError);
  t.match(over, { status: 413, message: 'File exceeds maximum allowed size (1000 bytes)' });
  t.match(rejection({ base64: Buffer.alloc(3 * 1024 * 1024).toString('base64') }, 2 * 1024 * 1024), {
    message: 'File exceeds maximum allowed size (2MB)',
  });
});

t.test('url: http and https only', async (t) => {
  const source = jsonDocumentSource(
    { image_url: 'https://files.example.com/a%20b.pdf?x=1', image_content_type: 'application/pdf' },
    MAX,
  );
  t.equal(source.kind, 'url');
  t.equal(source.kind === 'url' && source.url.href, 'https://files.example.com/a%20b.pdf?x=1');
  t.equal(source.contentType, 'application/pdf');
  t.equal(jsonDocumentSource({ url: ' http://a.example/x ' }, MAX).kind, 'url');
  for (const bad of ['ftp://a.example/x.pdf', 'file:///etc/passwd', 'data:text/plain,hi', 'javascript:alert(1)']) {
    t.match(rejection({ url: bad }), { status: 400, extra: { errors: [/^url: must be an http or https URL/] } }, bad);
  }
  t.match(rejection({ url: 'not a url' }), { extra: { errors: ['url: is not a valid URL'] } });
  t.match(rejection({ image_url: ['https://a.example'] }), { extra: { errors: ['image_url: must be a string'] } });
});
