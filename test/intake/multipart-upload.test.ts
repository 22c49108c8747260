import { randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import t from 'tap';
import { BadRequestError, PayloadTooLargeError } from '../../src/errors.js';
import { FILE_REQUIRED, type MultipartFile, readMultipartUpload } from '../../src/intake/multipart-upload.js';

const BOUNDARY = '----quire-test-boundary';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

type Part = { name: string; value: string | Buffer; filename?: string; type?: string };

function partHead(part: Part): string {
  const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
  return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
}

/** A multipart body built by hand, so every byte (and every mistake) is under the test's control. */
function multipart(parts: Part[]): Buffer {
  const pieces = parts.flatMap((part) => [Buffer.from(partHead(part)), Buffer.from(part.value), Buffer.from('\r\n')]);
  return Buffer.concat([...pieces, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

/** The body in small pieces, as a socket would deliver it. */
function streamOf(bytes: Buffer, pieceSize = 999): Readable {
  const pieces: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += pieceSize)
    pieces.push(bytes.subarray(offset, offset + pieceSize));
  return Readable.from(pieces, { objectMode: false });
}

async function collect(file: MultipartFile): Promise<{ bytes: Buffer; info: Omit<MultipartFile, 'stream'> }> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return {
    bytes: Buffer.concat(chunks),
    info: { filename: file.filename, mimeType: file.mimeType, field: file.field },
  };
}

/** The rejection of a promise that must reject (undefined if it resolved). */
const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

const read = (body: Readable, maxFileBytes = 10 * 1024 * 1024, contentType = CONTENT_TYPE) =>
  readMultipartUpload(body, contentType, { maxFileBytes, onFile: collect });

t.test('fields before and after an `image` part are collected; the file arrives intact', async (t) => {
  const document = randomBytes(300_000);
  const body = multipart([
    { name: 'document_metadata', value: '{"ref":"A-1"}' },
    { name: 'image', value: document, filename: 'scan.pdf', type: 'application/pdf' },
    { name: 'document_type_code_options', value: '["invoice","receipt"]' },
    { name: 'unicode', value: 'café ✓' },
  ]);
  const result = await read(streamOf(body));
  t.same(
    { ...result.fields },
    {
      document_metadata: '{"ref":"A-1"}',
      document_type_code_options: '["invoice","receipt"]',
      unicode: 'café ✓',
    },
  );
  t.ok(result.file.bytes.equals(document));
  t.same(result.file.info, { filename: 'scan.pdf', mimeType: 'application/pdf', field: 'image' });
});

t.test('a `file` part built by FormData, and an octet-stream part without a filename', async (t) => {
  const form = new FormData();
  form.append('webhook_url', 'https://example.com/hook');
  form.append('file', new Blob([Buffer.from('%PDF-1.7 hello')], { type: 'Application/PDF; charset=binary' }), 'a.pdf');
  const response = new Response(form);
  const bytes = Buffer.from(await response.arrayBuffer());
  const result = await read(streamOf(bytes, 7), 1024, response.headers.get('content-type')!);
  t.equal(result.fields.webhook_url, 'https://example.com/hook');
  t.same(result.file.info, { filename: 'a.pdf', mimeType: 'application/pdf', field: 'file' });
  t.equal(result.file.bytes.toString(), '%PDF-1.7 hello');

  const unnamed = await read(
    streamOf(multipart([{ name: 'file', value: 'raw bytes', type: 'application/octet-stream' }])),
  );
  t.same(unnamed.file.info, { filename: null, mimeType: null, field: 'file' });
});

t.test('onFile gets the stream while the rest of the body has not arrived', async (t) => {
  const body = new PassThrough();
  const head = Buffer.from(partHead({ name: 'image', value: '', filename: 'x.bin' }));
  let received = 0;
  let firstBytes!: () => void;
  const gotFirstBytes = new Promise<void>((resolve) => {
    firstBytes = resolve;
  });
  const upload = readMultipartUpload(body, CONTENT_TYPE, {
    maxFileBytes: 1024 * 1024,
    onFile: async (file) => {
      for await (const chunk of file.stream) {
        received += (chunk as Buffer).length;
        firstBytes();
      }
      return received;
    },
  });
  body.write(Buffer.concat([head, Buffer.alloc(5000, 1)]));
  await gotFirstBytes;
  t.ok(received > 0, 'bytes reached onFile before the body was complete');
  body.end(Buffer.concat([Buffer.alloc(5000, 2), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]));
  t.equal((await upload).file, 10_000);
});

t.test('no file part: 400 with the wire words', async (t) => {
  const error = await read(streamOf(multipart([{ name: 'document_metadata', value: '{}' }]))).catch((e) => e);
  t.ok(error instanceof BadRequestError);
  t.match(error, { status: 400, message: 'Validation error', extra: { errors: [FILE_REQUIRED] } });
  // A text field called `file` is not a file.
  t.match(await errorOf(read(streamOf(multipart([{ name: 'file', value: 'not a file' }])))), {
    extra: { errors: [FILE_REQUIRED] },
  });
});

t.test('two file parts, or a file part under another name: 400', async (t) => {
  const two = multipart([
    { name: 'file', value: 'one', filename: 'a.txt' },
    { name: 'image', value: 'two', filename: 'b.txt' },
  ]);
  t.match(await errorOf(read(streamOf(two))), {
    status: 400,
    extra: { errors: ['Send one document: the body has more than one file part'] },
  });
  const other = multipart([{ name: 'document', value: 'x', filename: 'a.txt' }]);
  t.match(await errorOf(read(streamOf(other))), {
    status: 400,
    extra: { errors: [/^document: unexpected file part/] },
  });
});

t.test('a file over maxFileBytes: 413, and the rest of a huge body is not read', async (t) => {
  let producedBytes = 0;
  // 64 MiB of file data that would never fit: the reader must stop early, not drain or buffer it.
  async function* hugeBody() {
    yield Buffer.from(partHead({ name: 'file', value: '', filename: 'big.bin' }));
    for (let i = 0; i < 1024; i++) {
      producedBytes += 65_536;
      yield Buffer.alloc(65_536, 7);
    }
    yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  }
  const error = await read(Readable.from(hugeBody()), 100_000).catch((e) => e);
  t.ok(error instanceof PayloadTooLargeError);
  t.match(error, { status: 413, message: 'File exceeds maximum allowed size (100000 bytes)' });
  t.ok(producedBytes < 8 * 1024 * 1024, `stopped reading after ${producedBytes} bytes`);

  const exactly = await read(streamOf(multipart([{ name: 'file', value: Buffer.alloc(1000), filename: 'a' }])), 1000);
  t.equal(exactly.file.bytes.length, 1000, 'exactly maxFileBytes is allowed');
  t.match(
    await errorOf(read(streamOf(multipart([{ name: 'file', value: Buffer.alloc(1001), filename: 'a' }])), 1000)),
    {
      status: 413,
    },
  );
});

t.test('onFile failing rejects with its error; onFile ignoring the stream does not stall', async (t) => {
  const body = multipart([
    { name: 'file', value: randomBytes(200_000), filename: 'a' },
    { name: 'after', value: 'yes' },
  ]);
  const boom = new Error('storage down');
  t.equal(
    await errorOf(
      readMultipartUpload(streamOf(body), CONTENT_TYPE, { maxFileBytes: 1e6, onFile: () => Promise.reject(boom) }),
    ),
    boom,
    'the very error onFile rejected with',
  );
  const ignored = await readMultipartUpload(streamOf(body), CONTENT_TYPE, {
    maxFileBytes: 1e6,
    onFile: async () => 'ignored',
  });
  t.same(ignored, { fields: { after: 'yes' }, file: 'ignored' });
});

t.test('malformed bodies and headers: 400', async (t) => {
  const body = multipart([{ name: 'file', value: 'x', filename: 'a' }]);
  t.match(await errorOf(read(streamOf(body), 100, 'application/x-www-form-urlencoded')), {
    status: 400,
    message: /^Malformed multipart body: expected a multipart\/form-data content type/,
  });
  t.match(await errorOf(read(streamOf(body), 100, 'multipart/form-data')), {
    status: 400,
    message: 'Malformed multipart body: Multipart: Boundary not found',
  });
  // Cut before the closing boundary.
  t.match(await errorOf(read(streamOf(body.subarray(0, body.length - 12)), 100)), {
    status: 400,
    message: 'Malformed multipart body: Unexpected end of form',
  });
  // Cut in the middle of the file: the reader of the file stream gets an error, nothing hangs.
  const midFile = multipart([{ name: 'file', value: Buffer.alloc(50_000, 1), filename: 'a' }]);
  t.match(await errorOf(read(streamOf(midFile.subarray(0, 20_000)), 100_000)), {
    status: 400,
    message: 'Malformed multipart body: Unexpected end of form',
  });
  const badHeader = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition form-data\r\n\r\nx\r\n--${BOUNDARY}--\r\n`);
  t.match(await errorOf(read(streamOf(badHeader), 100)), { status: 400, message: /^Malformed multipart body/ });
});

t.test('a text field over 1 MiB, or more than 100 fields: 400', async (t) => {
  const big = multipart([
    { name: 'document_metadata', value: 'x'.repeat(1024 * 1024 + 1) },
    { name: 'file', value: 'x', filename: 'a' },
  ]);
  t.match(await errorOf(read(streamOf(big, 65_536))), {
    status: 400,
    extra: { errors: ['document_metadata: is larger than 1 MiB'] },
  });
  const fine = multipart([
    { name: 'document_metadata', value: 'x'.repeat(1024 * 1024) },
    { name: 'file', value: 'x', filename: 'a' },
  ]);
  t.equal((await read(streamOf(fine, 65_536))).fields.document_metadata?.length, 1024 * 1024);

  const fields = Array.from({ length: 101 }, (_, i) => ({ name: `f${i}`, value: 'v' }));
  t.match(await errorOf(read(streamOf(multipart([...fields, { name: 'file', value: 'x', filename: 'a' }])))), {
    status: 400,
    extra: { errors: ['The form has more than 100 fields'] },
  });
  const hundred = fields.slice(0, 100);
  t.equal(
    Object.keys((await read(streamOf(multipart([...hundred, { name: 'file', value: 'x', filename: 'a' }])))).fields)
      .length,
    100,
  );
});

t.test('a body that errors or closes mid-way rejects, and the file reader sees an error', async (t) => {
  const head = Buffer.from(partHead({ name: 'file', value: '', filename: 'a' }));
  for (const how of ['error', 'close'] as const) {
    const body = new PassThrough();
    let readerError: unknown;
    const upload = readMultipartUpload(body, CONTENT_TYPE, {
      maxFileBytes: 1e6,
      onFile: async (file) => {
        try {
          for await (const _ of file.stream);
        } catch (error) {
          readerError = error;
          throw error;
        }
      },
    });
    body.write(Buffer.concat([head, Buffer.alloc(10_000)]));
    setImmediate(() => (how === 'error' ? body.destroy(new Error('socket hang up')) : body.destroy()));
    t.match(await errorOf(upload), { status: 400, message: /upload was interrupted/ }, how);
    t.ok(readerError, `the file stream errored (${how})`);
    t.equal(body.listenerCount('error'), 0, 'no listener left on the body');
  }
});

t.test('listeners on the body are removed after success and failure', async (t) => {
  const body = streamOf(multipart([{ name: 'file', value: 'x', filename: 'a' }]));
  const before = { error: body.listenerCount('error'), close: body.listenerCount('close') };
  await read(body);
  t.same({ error: body.listenerCount('error'), close: body.listenerCount('close') }, before);
  const failing = streamOf(multipart([{ name: 'nofile', value: 'x' }]));
  t.ok(await errorOf(read(failing)));
  t.same({ error: failing.listenerCount('error'), close: failing.listenerCount('close') }, before);
});

t.test('a real HTTP client that disconnects mid-upload: the request rejects, nothing hangs', async (t) => {
  const { createServer, request } = await import('node:http');
  let outcome!: Promise<unknown>;
  let arrived!: () => void;
  const requestArrived = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const server = createServer((req) => {
    outcome = readMultipartUpload(req, req.headers['content-type']!, { maxFileBytes: 1e7, onFile: collect }).then(
      () => 'resolved',
      (error: Error) => error,
    );
    arrived();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const { port } = server.address() as { port: number };
  const client = request({
    port,
    host: '127.0.0.1',
    method: 'POST',
    headers: { 'content-type': CONTENT_TYPE, 'content-length': '5000000' },
  });
  client.on('error', () => {});
  client.write(
    Buffer.concat([Buffer.from(partHead({ name: 'file', value: '', filename: 'a' })), Buffer.alloc(50_000)]),
  );
  await requestArrived;
  client.destroy();
  t.match(await outcome, { status: 400, message: /upload was interrupted/ });
});
