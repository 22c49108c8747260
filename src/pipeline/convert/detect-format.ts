import { fileTypeFromBuffer } from 'file-type';
import { PipelineError } from '../pipeline-error.js';
import type { DocumentFormat, SourceDocument } from '../types.js';
import { decodeText } from './decode-text.js';

export const SUPPORTED_FORMATS_MESSAGE =
  'Supported: PDF, DOCX, PNG, JPEG, GIF, BMP, WEBP, TIFF, plain text, HTML, CSV, JSON';

/** The format to convert with, and the decoded text for the text formats (decoded once). */
export type DetectedFormat =
  | { format: 'pdf' }
  | { format: 'docx' }
  | { format: 'image'; mime: ImageType }
  | { format: TextFormat; text: string };

type TextFormat = Exclude<DocumentFormat, 'pdf' | 'docx' | 'image'>;

const DECLARED_FORMATS: Record<string, 'pdf' | TextFormat> = {
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'text/plain': 'text',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'text/x-csv': 'csv',
  'text/tab-separated-values': 'csv',
  'application/json': 'json',
  'text/json': 'json',
};

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/bmp' | 'image/webp' | 'image/tiff';

/** Declared image types (with their common aliases) and the canonical type each stands for. */
const IMAGE_TYPES: Record<string, ImageType> = {
  'image/png': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/gif': 'image/gif',
  'image/bmp': 'image/bmp',
  'image/x-ms-bmp': 'image/bmp',
  'image/webp': 'image/webp',
  'image/tiff': 'image/tiff',
};
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** Password-protected Office files are OLE compound files holding the encrypted package. */
const CFB_TYPE = 'application/x-cfb';

/** Binary formats by file extension, for bytes too damaged to be recognised by their content. */
const BINARY_EXTENSIONS: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  docx: DOCX_TYPE,
};

const EXTENSION_FORMATS: Record<string, TextFormat> = {
  txt: 'text',
  text: 'text',
  md: 'text',
  log: 'text',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  csv: 'csv',
  tsv: 'csv',
  json: 'json',
};

function mediaType(contentType: string | null): string | null {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type ? type : null;
}

function unsupported(type: string): PipelineError {
  return new PipelineError('conversion', `Unsupported document format: ${type}. ${SUPPORTED_FORMATS_MESSAGE}`);
}

function encryptedDocx(): PipelineError {
  return new PipelineError(
    'conversion',
    'The Word document is password-protected (encrypted); send a copy without a password',
  );
}

/** DOCX and images, from a declared type or the sniffed one (a DOCX is a ZIP that file-type looks inside). */
function binaryFormat(type: string | null, filename: string | null): DetectedFormat | null {
  if (type === null) return null;
  const image = IMAGE_TYPES[type];
  if (image) return { format: 'image', mime: image };
  if (type === DOCX_TYPE) return { format: 'docx' };
  // A damaged DOCX may no longer show its Word parts; its name still says what it was meant to be.
  if (type === 'application/zip' && /\.docx$/i.test(filename ?? '')) return { format: 'docx' };
  if (type === CFB_TYPE && /\.docx$/i.test(filename ?? '')) throw encryptedDocx();
  return null;
}

/** pdf.js accepts a few bytes of junk before the header, as PDF readers do; so does this check. */
function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 1024).includes('%PDF-');
}

/** A byte-order mark says text; without this check, UTF-16's FF FE reads as an MP3 frame. */
function hasTextBom(bytes: Buffer): boolean {
  return (
    (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) ||
    (bytes[0] === 0xff && bytes[1] === 0xfe) ||
    (bytes[0] === 0xfe && bytes[1] === 0xff)
  );
}

/** A binary format file-type recognises, other than the text-like ones it also knows. */
async function sniffBinaryType(bytes: Buffer): Promise<string | null> {
  if (hasTextBom(bytes)) return null;
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || detected.mime === 'application/xml') return null;
  return detected.mime;
}

/**
 * Decides the format: a declared type we support wins when the bytes agree with it; otherwise
 * (none, application/octet-stream, or a type we do not know) the bytes decide, with the file
 * name's extension breaking ties between the text formats.
 */
export async function detectFormat(source: SourceDocument): Promise<DetectedFormat> {
  const { bytes } = source;
  if (bytes.length === 0) throw new PipelineError('conversion', 'The document is empty');
  const declared = mediaType(source.contentType);
  const declaredFormat = declared ? (DECLARED_FORMATS[declared] ?? (declared.endsWith('+json') ? 'json' : null)) : null;

  if (declaredFormat === 'pdf') {
    if (isPdf(bytes)) return { format: 'pdf' };
    const actual = await sniffBinaryType(bytes);
    throw new PipelineError(
      'conversion',
      `The file is declared as ${declared} but is not a PDF (it does not start with %PDF)` +
        (actual ? `; its content looks like ${actual}` : ''),
    );
  }
  if (declared && (IMAGE_TYPES[declared] || declared === DOCX_TYPE)) {
    const actual = isPdf(bytes) ? 'application/pdf' : await sniffBinaryType(bytes);
    if (declared === DOCX_TYPE && actual === CFB_TYPE) throw encryptedDocx();
    // The bytes win when they are another supported binary format (a PNG sent as image/jpeg);
    // otherwise the declared type is tried, and a damaged file fails there with a clear reason.
    if (actual === 'application/pdf') return { format: 'pdf' };
    return binaryFormat(actual, null) ?? (binaryFormat(declared, null) as DetectedFormat);
  }

  const textFormat = declaredFormat ?? (declared?.startsWith('text/') ? 'text' : null);
  if (textFormat && declared) {
    const actual = isPdf(bytes) ? 'application/pdf' : await sniffBinaryType(bytes);
    const text = actual ? null : decodeText(bytes);
    if (text === null) {
      throw new PipelineError(
        'conversion',
        `The file is declared as ${declared} but its content is ${actual ?? 'binary, not text'}; ` +
          'send the right content type, or none to have it detected',
      );
    }
    return { format: textFormat, text };
  }

  if (isPdf(bytes)) return { format: 'pdf' };
  const binaryType = await sniffBinaryType(bytes);
  const binary = binaryFormat(binaryType, source.filename);
  if (binary) return binary;
  if (binaryType) throw unsupported(binaryType);
  const text = decodeText(bytes);
  if (text === null) {
    // Binary, but not recognisably any format: a damaged file, which its name may still identify,
    // so it fails with the reason its reader gives rather than as an unknown format.
    const byName = binaryFormat(BINARY_EXTENSIONS[extensionOf(source.filename) ?? ''] ?? null, source.filename);
    if (byName) return byName;
    throw unsupported(declared && declared !== 'application/octet-stream' ? declared : 'binary data');
  }
  return { format: textFormatFromContent(text, source.filename), text };
}

function extensionOf(filename: string | null): string | undefined {
  return filename?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
}

function textFormatFromContent(text: string, filename: string | null): TextFormat {
  const extension = extensionOf(filename);
  const byExtension = extension ? EXTENSION_FORMATS[extension] : undefined;
  // The extension is trusted unless the content contradicts it (a .json that does not parse).
  if (byExtension && (byExtension !== 'json' || parsesAsJson(text))) return byExtension;
  if (parsesAsJson(text)) return 'json';
  if (looksLikeHtml(text)) return 'html';
  if (detectDelimiter(text) !== null) return 'csv';
  return 'text';
}

function parsesAsJson(text: string): boolean {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return false;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === 'object' && value !== null;
  } catch {
    return false;
  }
}

function looksLikeHtml(text: string): boolean {
  const head = text.slice(0, 4096);
  if (/^\s*(<\?xml[^>]*>\s*)?<(!doctype\s+html|html|head|body)[\s>]/i.test(head)) return true;
  const tags = head.match(/<\/?(p|div|span|table|tr|td|th|br|h[1-6]|ul|ol|li|a|b|strong|em|section|article)\b[^>]*>/gi);
  return (tags?.length ?? 0) >= 3 && /<\/[a-z][a-z0-9]*>/i.test(head);
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/** Occurrences of `delimiter` outside double-quoted fields. */
function countDelimiters(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) count++;
  }
  return count;
}

/**
 * The delimiter when the first lines (up to 20) all hold the same, non-zero number of it: at
 * least three lines, or two with two delimiters each. Prose has commas too, but rarely the same
 * count on every line.
 */
export function detectDelimiter(text: string): string | null {
  const lines = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 20);
  if (lines.length < 2) return null;
  let best: { delimiter: string; count: number } | null = null;
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((line) => countDelimiters(line, delimiter));
    const first = counts[0] ?? 0;
    const enough = lines.length >= 3 || first >= 2;
    if (enough && first > 0 && counts.every((count) => count === first) && (!best || first > best.count)) {
      best = { delimiter, count: first };
    }
  }
  return best?.delimiter ?? null;
}
