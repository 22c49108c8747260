import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertDocument } from '../../src/pipeline/convert/convert.js';
import type { ConvertedDocument } from '../../src/pipeline/types.js';

/**
 * The shared corpus as the evaluation reads it: a stable split of every dataset into a tuning half
 * and a report half, and documents converted once (OCR is slow) and kept under `.cache/eval/`,
 * keyed by a hash of the bytes and of the converter's source, so a change to conversion converts again.
 */

export type Half = 'tuning' | 'report';

/** The half a file belongs to, from a hash of its name (the path below its dataset folder). */
export function halfOf(file: string): Half {
  const digest = createHash('sha256').update(path.basename(file)).digest();
  return (digest[0] ?? 0) % 2 === 0 ? 'tuning' : 'report';
}

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cacheFolder = path.join(repositoryRoot, '.cache', 'eval');

const CONTENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.html': 'text/html',
};

/**
 * Source text without its comments (block comments, and line comments that start a line or
 * follow a space). Only a cache key is made of it, so a `//` inside a string that is cut short
 * does no harm: the same file always gives the same key.
 */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** The converter's text-making files: when any of them changes, cached conversions are made again. */
function converterFingerprint(): string {
  const folder = path.join(repositoryRoot, 'src', 'pipeline', 'convert');
  const hash = createHash('sha256');
  // The files that decide what text a document gives: its layout and OCR. The decoders' size
  // limits (decode-image, the DOCX reader's ZIP checks) refuse documents; they do not change text.
  // Comments are left out, so a comment's edit does not make every document be converted again.
  for (const name of ['convert.ts', 'convert-pdf.ts', 'text-layout.ts', 'ocr.ts', 'ocr-readings.ts']) {
    const file = path.join(folder, name);
    if (existsSync(file)) hash.update(withoutComments(readFileSync(file, 'utf8')));
  }
  return hash.digest('hex').slice(0, 12);
}

let fingerprint: string | undefined;

/** The document at `file` (an absolute path) converted as the service would, from the cache when it can. */
export async function convertCached(file: string): Promise<ConvertedDocument> {
  const bytes = readFileSync(file);
  fingerprint ??= converterFingerprint();
  const key = createHash('sha256').update(fingerprint).update(bytes).digest('hex').slice(0, 32);
  const cached = path.join(cacheFolder, `${key}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')) as ConvertedDocument;
  const document = await convertDocument({
    bytes,
    contentType: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? null,
    filename: path.basename(file),
  });
  mkdirSync(cacheFolder, { recursive: true });
  writeFileSync(cached, JSON.stringify(document));
  return document;
}

/** True when the conversion of `file` is already cached (no OCR needed to read it). */
export function isCached(file: string): boolean {
  fingerprint ??= converterFingerprint();
  const key = createHash('sha256').update(fingerprint).update(readFileSync(file)).digest('hex').slice(0, 32);
  return existsSync(path.join(cacheFolder, `${key}.json`));
}
