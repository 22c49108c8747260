/**
 * Bytes to text for the text formats: UTF-8 (BOM stripped), UTF-16 with a BOM, and, for the
 * legacy exports that are neither (spreadsheets saved on Windows), Windows-1252. Returns null
 * when the bytes look binary, so format detection can say so instead of converting noise.
 */
export function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    text = decodeOrNull('utf-8', bytes.subarray(3)) ?? '';
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  } else {
    const utf8 = decodeOrNull('utf-8', bytes);
    if (utf8 !== null) {
      text = utf8;
    } else if (looksBinary(bytes)) {
      return null;
    } else {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  if (looksBinaryText(text)) return null;
  return normalizeText(text);
}

function decodeOrNull(encoding: string, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** NUL bytes never occur in 8-bit text; one in the first 8 KiB means a binary file. */
function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8192).includes(0);
}

/** Valid UTF-8 can still be binary (a file of NULs and low bytes): refuse when control characters dominate. */
function looksBinaryText(text: string): boolean {
  const sample = text.slice(0, 8192);
  if (sample.length === 0) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: counting control characters is the point
  const controls = sample.match(/[\u0000-\u0008\u000e-\u001f]/g)?.length ?? 0;
  return controls / sample.length > 0.05;
}

/** One line ending, no stray control characters (a form feed stays: it is a page break). */
export function normalizeText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g, '')
      .replace(/\u00a0/g, ' ')
  );
}
