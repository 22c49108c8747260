/**
 * Text preparation (the "text preparation" stage of a bulk upload): the words of a document's
 * indexed fields as one text, and that text cut into overlapping chunks for embedding.
 */

/** Full-text indexing of one document stops here: tsvector holds at most 1 MB. */
export const MAX_INDEXED_TEXT_CHARACTERS = 200_000;

function leafTexts(value: unknown, out: string[]): void {
  if (typeof value === 'string') {
    if (value.trim()) out.push(value);
  } else if (typeof value === 'number' || typeof value === 'boolean') {
    out.push(String(value));
  } else if (Array.isArray(value)) {
    for (const item of value) leafTexts(item, out);
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) leafTexts(item, out);
  }
}

function valueAt(content: Record<string, unknown>, path: string): unknown {
  let current: unknown = content;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The indexed text of a document: the listed fields in the listed order, or every field. */
export function documentText(content: Record<string, unknown>, contentFields: readonly string[] | null): string {
  const parts: string[] = [];
  if (contentFields === null) leafTexts(content, parts);
  else for (const field of contentFields) leafTexts(valueAt(content, field), parts);
  return parts.join('\n').slice(0, MAX_INDEXED_TEXT_CHARACTERS);
}

/**
 * Chunks of at most `size` characters, each starting `size - overlap` after the previous one.
 * A chunk ends at the last whitespace of its final tenth when there is one, so words are not
 * cut in half. A text that fits is one chunk (an empty text too: every document has one).
 */
export function chunkText(text: string, size: number, overlap: number): string[] {
  if (text.length <= size) return [text];
  const chunks: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + size, text.length);
    if (end < text.length) {
      const boundary = text.lastIndexOf(' ', end);
      if (boundary > start + size * 0.9) end = boundary;
    }
    chunks.push(text.slice(start, end));
    if (end >= text.length) break;
    start = Math.max(end - overlap, start + 1);
  }
  return chunks;
}
