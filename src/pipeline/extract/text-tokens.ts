import { STOP_WORDS } from './lexicon/stop-words.js';

/**
 * Word-level normalisation shared by identification and extraction, so that a label in a schema
 * ("fechaEmision", "Invoice No.") and the same words in a document meet: accents folded, case
 * lowered, identifiers split on camelCase and snake_case, plurals reduced (English and Spanish).
 */

export { STOP_WORDS };

// Letters NFKD does not decompose: Polish ł, Nordic ø, German ß and the ligatures.
const UNDECOMPOSED: Record<string, string> = {
  ł: 'l',
  Ł: 'l',
  ø: 'o',
  Ø: 'o',
  đ: 'd',
  Đ: 'd',
  ß: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
};

/** A character outside ASCII: text without one is left as it is by NFKD and holds no mark nor undecomposed letter. */
const NON_ASCII = /[\u0080-\uffff]/;

export function foldText(text: string): string {
  // Most of a document's text is ASCII: lowering its case is all folding does to it.
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[łŁøØđĐßæÆœŒ]/g, (char) => UNDECOMPOSED[char] ?? char)
    .toLowerCase();
}

/**
 * One form per word for matching: folded, then a final "s" and a final "e" dropped. Crude, but
 * symmetric: "lines"/"line", "totales"/"total", "direcciones"/"dirección" all meet.
 */
export function normalizeWord(word: string): string {
  return stemFolded(foldText(word));
}

/** `normalizeWord` of a word already folded. */
function stemFolded(folded: string): string {
  let normalized = folded;
  if (/^\d+$/.test(normalized)) return normalized;
  if (normalized.length > 3 && normalized.endsWith('s') && !/(ss|us|is)$/.test(normalized)) {
    normalized = normalized.slice(0, -1);
  }
  if (normalized.length > 3 && normalized.endsWith('e')) normalized = normalized.slice(0, -1);
  return normalized;
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(foldText(word));
}

export interface Token {
  /** The normalised word. */
  readonly word: string;
  readonly stop: boolean;
  /** Character offsets in the tokenised text. */
  readonly start: number;
  readonly end: number;
}

// Splits "invoiceNumber", "HTMLParser", "item2" inside one run of letters and digits.
const IDENTIFIER_BOUNDARY =
  /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;

/** ASCII words with nothing to split: lower case, Capitalised, ALL CAPS or digits (most words of a document). */
const PLAIN_WORD = /^(?:[a-z]+|[A-Z][a-z]*|[A-Z]+|\d+)$/;
const ASCII = /^[\x20-\x7e]*$/;

/** Words with their offsets; "#" is a word, since "Invoice #" is a label. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+|#/gu)) {
    let offset = match.index;
    const pieces = PLAIN_WORD.test(match[0]) ? [match[0]] : match[0].split(IDENTIFIER_BOUNDARY);
    for (const piece of pieces) {
      const folded = ASCII.test(piece) ? piece.toLowerCase() : foldText(piece);
      tokens.push({
        word: stemFolded(folded),
        stop: STOP_WORDS.has(folded),
        start: offset,
        end: offset + piece.length,
      });
      offset += piece.length;
    }
  }
  return tokens;
}

const CONTENT_WORDS_CACHE = new Map<string, readonly string[]>();
const MAX_CACHED = 10_000;

/**
 * Normalised words of a text or identifier, without stop words (all of them when all are stop
 * words). Property names are asked for again for every cell a reader tries, so answers for short
 * texts are cached (per thread; the cache only ever holds derived strings).
 */
export function contentWords(text: string): string[] {
  const cached = CONTENT_WORDS_CACHE.get(text);
  if (cached) return [...cached];
  const tokens = tokenize(text.replace(/[_.-]+/g, ' '));
  const content = tokens.filter((token) => !token.stop);
  const words = (content.length > 0 ? content : tokens).map((token) => token.word);
  if (text.length <= 200) {
    if (CONTENT_WORDS_CACHE.size >= MAX_CACHED) CONTENT_WORDS_CACHE.clear();
    CONTENT_WORDS_CACHE.set(text, words);
  }
  return [...words];
}
