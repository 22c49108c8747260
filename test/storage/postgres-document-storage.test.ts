import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import t from 'tap';
import { PayloadTooLargeError } from '../../src/errors.js';
import { readMultipartUpload } from '../../src/intake/multipart-upload.js';
import { createOrganization } from '../../src/modules/identity/service.js';
import { CHUNK_BYTES, postgresDocumentStorage as storage } from '../../src/storage/postgres-document-storage.js';
import { createTestDatabase } from '../helpers/database.js';

const database = await createTestDatabase();
t.teardown(() => database.drop());
const db = database.knex;
const organization = await createOrganization(db, `org${randomBytes(4).toString('hex')}`, 'Storage Org');

/** A convert execution: the kind needs no step, and documents only need an execution row. */
async function newExecution(): Promise<string> {
  const [row] = await db('executions').insert({ organization_id: organization.id, kind: 'convert' }).returning('id');
  return (row as { id: string }).id;
}

async function rowCounts(executionId: string): Promise<{ documents: number; chunks: number }> {
  const [documents] = await db('execution_documents').where('execution_id', executionId).count({ n: '*' });
  const [chunks] = await db('execution_document_chunks').where('execution_id', executionId).count({ n: '*' });
  return { documents: Number(documents?.n), chunks: Number(chunks?.n) };
}

const ODD_SIZES = [1, 7_777, 65_536, 1_048_577, 300_001, 3];

/** Yields `bytes` in odd-size pieces and records how far the reader got. */
function piecesOf(bytes: Buffer, progress = { yielded: 0, finished: false }) {
  return {
    progress,
    async *[Symbol.asyncIterator]() {
      try {
        for (let offset = 0, i = 0; offset < bytes.length; i++) {
          const size = ODD_SIZES[i % ODD_SIZES.length]!;
          // Uint8Array and Buffer pieces both occur in practice (undici bodies, sockets).
          const piece = bytes.subarray(offset, offset + size);
          yield i % 2 ? new Uint8Array(piece) : piece;
          offset += size;
          progress.yielded = offset;
        }
      } finally {
        progress.finished = true;
      }
    },
  };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

t.test('a 5 MiB document streamed in odd pieces comes back byte for byte, in ~1 MiB chunks', async (t) => {
  const executionId = await newExecution();
  const bytes = randomBytes(5 * 1024 * 1024 + 123);
  const stored = await storage.save(db, executionId, piecesOf(bytes), 100 * 1024 * 1024);
  t.same(stored, { byteSize: bytes.length, sha256: sha256(bytes) });
  const loaded = await storage.load(db, executionId);
  t.ok(loaded.equals(bytes));
  const chunks = await db('execution_document_chunks')
    .where('execution_id', executionId)
    .orderBy('chunk_index')
    .select(db.raw('chunk_index, octet_length(bytes) as size'));
  t.same(
    chunks.map((row: { chunk_index: number; size: number }) => [row.chunk_index, row.size]),
    [0, 1, 2, 3, 4, 5].map((i) => [i, i < 5 ? CHUNK_BYTES : 123]),
  );
  const [document] = await db('execution_documents').where('execution_id', executionId);
  t.match(document, { storage: 'postgres', byte_size: bytes.length, sha256: sha256(bytes) });
});

t.test('a Buffer source, an empty document, and saving again replaces the earlier bytes', async (t) => {
  const executionId = await newExecution();
  const big = randomBytes(2 * CHUNK_BYTES + 5);
  t.same(await storage.save(db, executionId, big, big.length), { byteSize: big.length, sha256: sha256(big) });
  t.ok((await storage.load(db, executionId)).equals(big));

  const small = Buffer.from('hello');
  await storage.save(db, executionId, small, 100);
  t.same((await storage.load(db, executionId)).toString(), 'hello');
  t.same(await rowCounts(executionId), { documents: 1, chunks: 1 });

  const empty = await newExecution();
  t.same(await storage.save(db, empty, Buffer.alloc(0), 100), { byteSize: 0, sha256: sha256(Buffer.alloc(0)) });
  t.same((await storage.load(db, empty)).length, 0);
});

t.test('more than maxBytes: 413 at once, the source stops being read, remove() leaves nothing', async (t) => {
  const executionId = await newExecution();
  const bytes = randomBytes(5 * 1024 * 1024);
  const source = piecesOf(bytes);
  const limit = 2 * 1024 * 1024 + 10;
  const error = await storage.save(db, executionId, source, limit).catch((e: unknown) => e);
  t.ok(error instanceof PayloadTooLargeError);
  t.match(error, { status: 413, message: 'File exceeds maximum allowed size (2MB)' });
  t.ok(source.progress.finished, 'the source iterator was closed');
  t.ok(source.progress.yielded <= limit, 'nothing was read past the piece that crossed the limit');
  const partial = await rowCounts(executionId);
  t.equal(partial.documents, 0, 'no document row for a rejected upload');
  t.ok(partial.chunks > 0, 'the chunks written before the limit stay until the caller removes them');
  await storage.remove(db, executionId);
  t.same(await rowCounts(executionId), { documents: 0, chunks: 0 });

  // Exactly maxBytes is allowed.
  t.equal((await storage.save(db, executionId, bytes.subarray(0, limit), limit)).byteSize, limit);
});

t.test('deleting the execution deletes its document and chunks', async (t) => {
  const executionId = await newExecution();
  await storage.save(db, executionId, randomBytes(CHUNK_BYTES * 2 + 1), CHUNK_BYTES * 3);
  t.same(await rowCounts(executionId), { documents: 1, chunks: 3 });
  await db('executions').where('id', executionId).delete();
  t.same(await rowCounts(executionId), { documents: 0, chunks: 0 });
});

t.test('load refuses a missing or damaged document instead of returning wrong bytes', async (t) => {
  const executionId = await newExecution();
  await t.rejects(storage.load(db, executionId), /No document is stored/);
  await storage.save(db, executionId, randomBytes(CHUNK_BYTES + 10), CHUNK_BYTES * 2);
  await db('execution_document_chunks').where({ execution_id: executionId, chunk_index: 1 }).delete();
  await t.rejects(storage.load(db, executionId), /incomplete or corrupt/);
  await db('execution_document_chunks').insert({ execution_id: executionId, chunk_index: 1, bytes: randomBytes(10) });
  await t.rejects(storage.load(db, executionId), /incomplete or corrupt/);
});

t.test('remove() without a stored document is fine', async (t) => {
  const executionId = await newExecution();
  await storage.remove(db, executionId);
  t.same(await rowCounts(executionId), { documents: 0, chunks: 0 });
});

t.test('a multipart upload streams straight into storage; over the limit the caller removes the rest', async (t) => {
  const document = randomBytes(3 * CHUNK_BYTES + 17);
  const form = new FormData();
  form.append('document_metadata', '{"ref":"A-1"}');
  form.append('image', new Blob([document], { type: 'application/pdf' }), 'scan.pdf');
  const response = new Response(form);
  const contentType = response.headers.get('content-type')!;
  const bytes = Buffer.from(await response.arrayBuffer());
  const upload = (executionId: string, maxBytes: number) =>
    readMultipartUpload(Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]), contentType, {
      maxFileBytes: maxBytes,
      onFile: (file) => storage.save(db, executionId, file.stream, maxBytes),
    });

  const executionId = await newExecution();
  const result = await upload(executionId, 10 * CHUNK_BYTES);
  t.same(result.file, { byteSize: document.length, sha256: sha256(document) });
  t.equal(result.fields.document_metadata, '{"ref":"A-1"}');
  t.ok((await storage.load(db, executionId)).equals(document));

  const tooBig = await newExecution();
  const error = await upload(tooBig, 2 * CHUNK_BYTES).catch((e: unknown) => e);
  t.match(error, { status: 413, message: 'File exceeds maximum allowed size (2MB)' });
  await storage.remove(db, tooBig);
  t.same(await rowCounts(tooBig), { documents: 0, chunks: 0 });
});

t.test('saveInStatement stores a new execution and its document in one statement, up to one chunk', async (t) => {
  const saving = (bytes: Buffer) => {
    const document = storage.saveInStatement?.('created', bytes, 100 * 1024 * 1024);
    if (!document) throw new Error('expected the statement form');
    return db.raw<{ rows: { id: string }[] }>(
      `with created as (insert into executions (organization_id, kind) values (?, 'convert') returning id),
       ${document.ctes} select id from created`,
      [organization.id, ...(document.bindings as string[])],
    );
  };
  const bytes = randomBytes(70_000);
  const { rows } = await saving(bytes);
  const executionId = (rows[0] as { id: string }).id;
  t.ok((await storage.load(db, executionId)).equals(bytes));
  t.same(await rowCounts(executionId), { documents: 1, chunks: 1 });

  const empty = (await saving(Buffer.alloc(0))).rows[0] as { id: string };
  t.equal((await storage.load(db, empty.id)).length, 0);
  t.same(await rowCounts(empty.id), { documents: 1, chunks: 0 }, 'an empty document has no chunk, as save() writes it');

  t.equal(storage.saveInStatement?.('created', Buffer.alloc(CHUNK_BYTES + 1), 100 * 1024 * 1024), null);
  t.equal(storage.saveInStatement?.('created', Buffer.alloc(10), 9), null, 'over maxBytes: save() refuses it');
});
