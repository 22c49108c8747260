import { inflateRawSync } from 'node:zlib';
import { PipelineError } from '../pipeline-error.js';

/** A Word document has a few dozen parts; tens of thousands is a ZIP built to exhaust a reader. */
export const MAX_ZIP_ENTRIES = 10_000;
/** The parts a converter inflates (text, styles, relationships), all together, once inflated. */
export const MAX_ZIP_INFLATED_BYTES = 128 * 1024 * 1024;

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

interface ZipEntry {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  readonly inflatedSize: number;
  readonly localHeaderOffset: number;
}

function tooLarge(detail: string): PipelineError {
  return new PipelineError('conversion', `The document's ZIP container ${detail}; it is refused before it is unpacked`);
}

/** The central directory's entries, read from the end-of-central-directory record (ZIP64 is not used by Office). */
function centralDirectory(bytes: Buffer): ZipEntry[] | null {
  // The end record is 22 bytes plus a comment of at most 65,535.
  const from = Math.max(0, bytes.length - 22 - 65_535);
  let end = -1;
  for (let offset = bytes.length - 22; offset >= from; offset--) {
    if (bytes.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) {
      end = offset;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  if (count > MAX_ZIP_ENTRIES) throw tooLarge(`has ${count} entries; at most ${MAX_ZIP_ENTRIES} are read`);
  const entries: ZipEntry[] = [];
  let offset = bytes.readUInt32LE(end + 16);
  for (let index = 0; index < count; index++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== CENTRAL_DIRECTORY_ENTRY) return null;
    const nameLength = bytes.readUInt16LE(offset + 28);
    entries.push({
      method: bytes.readUInt16LE(offset + 10),
      compressedSize: bytes.readUInt32LE(offset + 20),
      inflatedSize: bytes.readUInt32LE(offset + 24),
      name: bytes.toString('utf8', offset + 46, offset + 46 + nameLength),
      localHeaderOffset: bytes.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  return entries;
}

/** Inflates an entry with its output capped at what the directory declares: a part that says less than it holds is refused. */
function checkInflatedSize(bytes: Buffer, entry: ZipEntry): void {
  const header = entry.localHeaderOffset;
  if (header + 30 > bytes.length || bytes.readUInt32LE(header) !== LOCAL_FILE_HEADER) return;
  const start = header + 30 + bytes.readUInt16LE(header + 26) + bytes.readUInt16LE(header + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  try {
    inflateRawSync(data, { maxOutputLength: Math.max(1, entry.inflatedSize) });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw tooLarge(`has a part (${entry.name}) that inflates past the ${entry.inflatedSize} bytes it declares`);
    }
    // Corrupt data: the converter says so in its own words.
  }
}

/**
 * Refuses a ZIP (DOCX) before a converter inflates it: too many entries, or parts that inflate
 * to more than MAX_ZIP_INFLATED_BYTES together, counted as declared and then checked while
 * inflating with a capped output, so a part that lies about its size is caught without ever
 * being inflated whole. Entries for which `skipped` answers true (embedded images the
 * converter never reads) are not counted. A ZIP whose directory cannot be read is left to the
 * converter, which reports it as corrupt.
 */
export function assertZipWithinLimits(bytes: Buffer, skipped: (name: string) => boolean): void {
  const entries = centralDirectory(bytes);
  if (entries === null) return;
  const read = entries.filter(
    (entry) => !skipped(entry.name) && (entry.method === STORED || entry.method === DEFLATED),
  );
  const declared = read.reduce((sum, entry) => sum + entry.inflatedSize, 0);
  if (declared > MAX_ZIP_INFLATED_BYTES) {
    throw tooLarge(
      `unpacks to ${Math.ceil(declared / 1024 / 1024)} MB of text; at most ${MAX_ZIP_INFLATED_BYTES / 1024 / 1024} MB are read`,
    );
  }
  for (const entry of read) if (entry.method === DEFLATED) checkInflatedSize(bytes, entry);
}
