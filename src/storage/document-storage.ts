import type { Db } from '../db/knex.js';
import { PayloadTooLargeError } from '../errors.js';

export interface StoredDocument {
  readonly byteSize: number;
  readonly sha256: string;
}

/**
 * Where an execution's submitted bytes live. PostgreSQL is the default (any worker on any machine
 * can read them); the interface is small so a disk or S3 backend can replace it later.
 */
export interface DocumentStorage {
  /**
   * Streams the bytes into storage as they arrive. Throws PayloadTooLargeError as soon as more
   * than maxBytes arrived, and stops reading; whatever was written stays until remove() or the
   * execution's deletion, because the caller owns the clean-up (it usually deletes the execution).
   * Saving again for the same execution replaces the earlier document.
   */
  save(
    db: Db,
    executionId: string,
    source: AsyncIterable<Buffer | Uint8Array> | Buffer,
    maxBytes: number,
  ): Promise<StoredDocument>;
  /**
   * Stores a new execution's document, in hand, within the statement that creates the execution:
   * CTEs to add after the caller's CTE `created` (which returns the new execution's `id`), with
   * their knex `?` bindings. Null when this storage cannot (a document over one write, or a
   * backend outside the database): the caller saves in its transaction instead.
   */
  saveInStatement?(created: string, bytes: Buffer, maxBytes: number): { ctes: string; bindings: unknown[] } | null;
  /** The whole document. Throws when the execution has no (complete) document. */
  load(db: Db, executionId: string): Promise<Buffer>;
  /** Deletes the document and any partly written bytes; nothing stored is fine. */
  remove(db: Db, executionId: string): Promise<void>;
}

const MIB = 1024 * 1024;

/** The wire's words (docutray-wire §3.1): `File exceeds maximum allowed size (100MB)`. */
export function fileTooLarge(maxBytes: number): PayloadTooLargeError {
  const size =
    maxBytes >= MIB ? `${Number((maxBytes / MIB).toFixed(1))}MB` : `${maxBytes} byte${maxBytes === 1 ? '' : 's'}`;
  return new PayloadTooLargeError(`File exceeds maximum allowed size (${size})`);
}
