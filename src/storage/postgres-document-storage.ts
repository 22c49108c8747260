import { createHash } from 'node:crypto';
import type { Db } from '../db/knex.js';
import { runStatement, statement } from '../jobs/sql.js';
import { type DocumentStorage, fileTooLarge, type StoredDocument } from './document-storage.js';

/**
 * Documents as ~1 MiB bytea chunks in execution_document_chunks plus one execution_documents row
 * (migration 006). Chunks keep a 100 MiB upload from ever being one value in memory or in one
 * statement; the execution_documents row is written last, so its presence means "complete".
 */

/** Big enough that a 100 MiB document is ~100 rows, small enough to stay cheap per statement. */
export const CHUNK_BYTES = 1024 * 1024;

function asBuffer(piece: Buffer | Uint8Array): Buffer {
  return Buffer.isBuffer(piece) ? piece : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
}

async function writeChunk(db: Db, executionId: string, chunkIndex: number, bytes: Buffer): Promise<void> {
  await db('execution_document_chunks').insert({ execution_id: executionId, chunk_index: chunkIndex, bytes });
}

/**
 * A document of at most one chunk, in hand: the earlier document's other chunks go, and its
 * chunk and row are replaced, in one statement (so one round trip, where remove-then-insert
 * takes three). An empty document has no chunk.
 */
async function saveOneChunk(db: Db, executionId: string, bytes: Buffer): Promise<StoredDocument> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await db
    .raw(
      `with stale as (
         delete from execution_document_chunks where execution_id = ? and chunk_index >= ?
       ), chunk as (
         insert into execution_document_chunks (execution_id, chunk_index, bytes)
         select ?, 0, ? where ?
         on conflict (execution_id, chunk_index) do update set bytes = excluded.bytes
       )
       insert into execution_documents (execution_id, storage, byte_size, sha256)
       values (?, 'postgres', ?, ?)
       on conflict (execution_id) do update
         set storage = excluded.storage, byte_size = excluded.byte_size, sha256 = excluded.sha256, created_at = now()`,
      [executionId, bytes.length > 0 ? 1 : 0, executionId, bytes, bytes.length > 0, executionId, bytes.length, sha256],
    )
    .options({ name: 'quire_storage_save_one_chunk' });
  return { byteSize: bytes.length, sha256 };
}

/**
 * A new execution's document of at most one chunk, stored by the statement that creates the
 * execution (its CTE `created`): the document row and its chunk commit with the execution and
 * its job, one round trip where a transaction around an insert and a save takes four.
 */
function saveInStatement(
  created: string,
  bytes: Buffer,
  maxBytes: number,
): { ctes: string; bindings: unknown[] } | null {
  if (bytes.length > Math.min(maxBytes, CHUNK_BYTES)) return null;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return {
    ctes: `document_chunk as (
         insert into execution_document_chunks (execution_id, chunk_index, bytes)
         select id, 0, ? from ${created} where ?
       ), document_row as (
         insert into execution_documents (execution_id, storage, byte_size, sha256)
         select id, 'postgres', ?, ? from ${created}
       )`,
    bindings: [bytes, bytes.length > 0, bytes.length, sha256],
  };
}

async function save(
  db: Db,
  executionId: string,
  source: AsyncIterable<Buffer | Uint8Array> | Buffer,
  maxBytes: number,
): Promise<StoredDocument> {
  if (Buffer.isBuffer(source) && source.length <= Math.min(maxBytes, CHUNK_BYTES)) {
    return saveOneChunk(db, executionId, source);
  }
  await remove(db, executionId);
  const hash = createHash('sha256');
  let byteSize = 0;
  let chunkIndex = 0;
  // Incoming pieces have any size (64 KiB from a socket, 5 MiB from a Buffer): they are collected
  // until a full chunk is there, so at most about one chunk plus one piece is held at a time.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  // A Buffer is itself iterable (byte by byte), so it is wrapped rather than iterated.
  const pieces = Buffer.isBuffer(source) ? [source] : source;
  // Leaving this loop early (the throw below) ends the source's iterator, which stops reading.
  for await (const piece of pieces) {
    const bytes = asBuffer(piece);
    if (byteSize + bytes.length > maxBytes) throw fileTooLarge(maxBytes);
    byteSize += bytes.length;
    hash.update(bytes);
    pending.push(bytes);
    pendingBytes += bytes.length;
    if (pendingBytes < CHUNK_BYTES) continue;
    const joined = pending.length === 1 ? bytes : Buffer.concat(pending, pendingBytes);
    let offset = 0;
    for (; joined.length - offset >= CHUNK_BYTES; offset += CHUNK_BYTES) {
      await writeChunk(db, executionId, chunkIndex++, joined.subarray(offset, offset + CHUNK_BYTES));
    }
    pending = offset < joined.length ? [joined.subarray(offset)] : [];
    pendingBytes = joined.length - offset;
  }
  if (pendingBytes > 0) await writeChunk(db, executionId, chunkIndex++, Buffer.concat(pending, pendingBytes));
  const sha256 = hash.digest('hex');
  await db('execution_documents').insert({
    execution_id: executionId,
    storage: 'postgres',
    byte_size: byteSize,
    sha256,
  });
  return { byteSize, sha256 };
}

/** The document row with its first chunk: one round trip (prepared once per connection) for a document under a chunk. */
const LOAD_DOCUMENT = statement(
  'quire_storage_load',
  `select d.byte_size, d.sha256, c.bytes
     from execution_documents d
     left join execution_document_chunks c on c.execution_id = d.execution_id and c.chunk_index = 0
    where d.execution_id = $1 and d.storage = 'postgres'
    limit 1`,
);

async function load(db: Db, executionId: string): Promise<Buffer> {
  const [document] = await runStatement<{ byte_size: number | string; sha256: string; bytes: Buffer | null }>(
    db,
    LOAD_DOCUMENT,
    [executionId],
  );
  if (!document) throw new Error(`No document is stored for execution ${executionId}`);
  const byteSize = Number(document.byte_size);
  // One allocation of the known size, filled chunk by chunk: never all chunks' query results at once.
  const bytes = Buffer.allocUnsafe(byteSize);
  let offset = 0;
  let chunk = document.bytes;
  for (let chunkIndex = 0; offset < byteSize; chunkIndex++) {
    if (chunkIndex > 0) {
      const row = await db('execution_document_chunks')
        .where({ execution_id: executionId, chunk_index: chunkIndex })
        .first<{ bytes: Buffer } | undefined>('bytes');
      chunk = row?.bytes ?? null;
    }
    if (!chunk || offset + chunk.length > byteSize) break;
    chunk.copy(bytes, offset);
    offset += chunk.length;
  }
  // A mismatch means the chunks were changed behind the storage's back: never hand out wrong bytes.
  if (offset !== byteSize || createHash('sha256').update(bytes).digest('hex') !== document.sha256) {
    throw new Error(`The stored document of execution ${executionId} is incomplete or corrupt`);
  }
  return bytes;
}

/** Both tables in one statement (one round trip; a new execution has nothing in either). */
async function remove(db: Db, executionId: string): Promise<void> {
  await db.raw(
    `with chunks as (delete from execution_document_chunks where execution_id = ?)
     delete from execution_documents where execution_id = ?`,
    [executionId, executionId],
  );
}

export const postgresDocumentStorage: DocumentStorage = { save, saveInStatement, load, remove };
