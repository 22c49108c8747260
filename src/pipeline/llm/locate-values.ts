import { escapeRegExp } from '../extract/lexicon/escape-regexp.js';
import { parseDate, parseNumber } from '../extract/parse-values.js';
import { isObject } from '../extract/schema-fields.js';
import type { FieldEvidence } from '../types.js';
import { escapePointer } from './coerce-to-schema.js';

/** Confidence of a value found in the text as the model wrote it. */
export const VERBATIM_CONFIDENCE = 0.95;
/** Found once numbers, dates, case and spacing are normalised ("1.234,50" for 1234.5). */
export const NORMALISED_CONFIDENCE = 0.85;
/** Not found in the text: the model inferred, reworded or invented it. */
export const NOT_FOUND_CONFIDENCE = 0.5;
/** Taken off when quire had to change the value's type (a string where a number was asked). */
export const COERCED_PENALTY = 0.1;

interface Span {
  readonly page: number;
  readonly start: number;
  readonly end: number;
  readonly verbatim: boolean;
}

interface Position {
  readonly page: number;
  readonly offset: number;
}

// Same shapes as the offline parsers: grouped thousands, or digits with dots and commas.
const NUMBER_TOKEN = /\d{1,3}(?:[ \u202f']\d{3})+(?:[.,]\d+)?(?![\d.,])|\d[\d.,]*\d|\d/g;
const DATE_TOKEN = new RegExp(
  [
    String.raw`\b\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\b`,
    String.raw`\b\d{1,2}(?:st|nd|rd|th)?\.?\s+(?:de\s+)?\p{L}{3,}\.?,?\s+(?:de\s+)?\d{4}\b`,
    String.raw`\b\p{L}{3,}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b`,
  ].join('|'),
  'gu',
);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Not a piece of a longer word or number: "12" is not found inside "112" nor "A" inside "AB". */
function standsAlone(text: string, start: number, end: number): boolean {
  const before = text[start - 1];
  const after = text[end];
  const first = text[start] ?? '';
  const last = text[end - 1] ?? '';
  if (before !== undefined && WORD_CHAR.test(first) && WORD_CHAR.test(before)) return false;
  return !(after !== undefined && WORD_CHAR.test(last) && WORD_CHAR.test(after));
}

const numberKey = (value: number) => Math.abs(value).toFixed(6);

/**
 * The numbers and dates of every page, parsed once and keyed by value, so each extracted value
 * is a lookup rather than a scan of the whole document (a long document has thousands of
 * numbers and an answer hundreds of values).
 */
class TokenIndex {
  private numbers: Map<string, Span[]> | null = null;
  private dates: Map<string, Span[]> | null = null;

  /** Each page lower-cased: only to skip pages quickly, never for offsets (case folding may change lengths). */
  readonly lowerPages: readonly string[];

  constructor(private readonly pages: readonly string[]) {
    this.lowerPages = pages.map((text) => text.toLowerCase());
  }

  numberSpans(value: number): readonly Span[] {
    if (this.numbers === null) {
      this.numbers = new Map();
      for (const [index, text] of this.pages.entries()) {
        for (const match of text.matchAll(NUMBER_TOKEN)) {
          const parsed = parseNumber(match[0]);
          if (parsed === null) continue;
          const span = { page: index + 1, start: match.index, end: match.index + match[0].length, verbatim: false };
          push(this.numbers, numberKey(parsed), span);
        }
      }
    }
    const text = String(value);
    return (this.numbers.get(numberKey(value)) ?? []).map((span) => ({
      ...span,
      verbatim: this.pages[span.page - 1]?.slice(span.start, span.end) === text,
    }));
  }

  dateSpans(iso: string): readonly Span[] {
    if (this.dates === null) {
      this.dates = new Map();
      for (const [index, text] of this.pages.entries()) {
        for (const match of text.matchAll(DATE_TOKEN)) {
          const span = { page: index + 1, start: match.index, end: match.index + match[0].length, verbatim: false };
          const readings = new Set([parseDate(match[0], 'dmy'), parseDate(match[0], 'mdy')]);
          for (const reading of readings) if (reading !== null) push(this.dates, reading, span);
        }
      }
    }
    return this.dates.get(iso) ?? [];
  }
}

function push(map: Map<string, Span[]>, key: string, span: Span): void {
  const list = map.get(key);
  if (list) list.push(span);
  else map.set(key, [span]);
}

/** Every place on one page where the text appears: as written, then ignoring case, spacing and list punctuation. */
function textSpansOn(text: string, page: number, needle: string, loose: RegExp | null): Span[] {
  const spans: Span[] = [];
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    if (standsAlone(text, at, at + needle.length))
      spans.push({ page, start: at, end: at + needle.length, verbatim: true });
  }
  if (loose === null) return spans;
  for (const match of text.matchAll(loose)) {
    const end = match.index + match[0].length;
    if (match[0] !== needle && standsAlone(text, match.index, end)) {
      spans.push({ page, start: match.index, end, verbatim: false });
    }
  }
  return spans;
}

/** Every place where the value appears, in document order; a verbatim place first at equal position. */
function spansOf(pages: readonly string[], index: TokenIndex, value: string | number): Span[] {
  if (typeof value === 'number') return [...index.numberSpans(value)];
  const needle = value.trim();
  if (needle === '') return [];
  // "1 Main Street, Springfield" is printed on two lines without the comma as often as with it.
  const words = needle.split(/[\s,;]+/).filter((word) => word !== '');
  const loose = words.length === 0 ? null : new RegExp(words.map(escapeRegExp).join(String.raw`[\s,;]+`), 'giu');
  // The loose pattern is slow on long texts: a page that lacks one of the value's words is skipped.
  const lowerWords = words.map((word) => word.toLowerCase());
  const spans = pages.flatMap((text, page) => {
    const lower = index.lowerPages[page] as string;
    return lowerWords.every((word) => lower.includes(word)) ? textSpansOn(text, page + 1, needle, loose) : [];
  });
  if (ISO_DATE.test(needle)) spans.push(...index.dateSpans(needle));
  return spans.sort((a, b) => a.page - b.page || a.start - b.start || Number(b.verbatim) - Number(a.verbatim));
}

/**
 * Where the value is: the first place at or after `from` (array items are looked for after
 * the previous item, so repeated values in a table land on their own rows), else the first in
 * the document; a verbatim place is preferred over a normalised one.
 */
function locate(
  pages: readonly string[],
  index: TokenIndex,
  value: string | number,
  from: Position | null,
): Span | null {
  const all = spansOf(pages, index, value);
  if (all.length === 0) return null;
  if (from !== null) {
    const after = all.find((span) => span.page > from.page || (span.page === from.page && span.start >= from.offset));
    if (after) return after;
  }
  return all.find((span) => span.verbatim) ?? (all[0] as Span);
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * One evidence entry per extracted leaf value (nulls and empty containers have none): where it
 * was found (page, UTF-16 span into that page, the text there) and a confidence by the rule
 * above: verbatim 0.95, normalised 0.85, not found 0.5, minus 0.1 when quire had to change
 * the value's type, and at most 0.5 when the answer still breaks the schema.
 */
export function locateValues(
  pages: readonly string[],
  data: Record<string, unknown>,
  coerced: ReadonlySet<string>,
  valid: boolean,
): FieldEvidence[] {
  const fields: FieldEvidence[] = [];
  const tokens = new TokenIndex(pages);

  function visit(value: unknown, path: string, from: Position | null, inArray = false): Position | null {
    if (Array.isArray(value)) {
      let cursor = from;
      let first: Position | null = null;
      for (const [index, item] of value.entries()) {
        const found = visit(item, `${path}/${index}`, cursor, true);
        if (found) cursor = { page: found.page, offset: found.offset + 1 };
        first ??= found;
      }
      return first;
    }
    if (isObject(value)) {
      let first: Position | null = null;
      let anchor = from;
      for (const [key, child] of Object.entries(value)) {
        const found = visit(child, `${path}/${escapePointer(key)}`, anchor);
        if (found === null) continue;
        // An array item is usually a table row: once one of its values is placed, the others are
        // looked for from the start of that line, not on the rows above.
        if (inArray && first === null)
          anchor = { page: found.page, offset: lineStart(pages[found.page - 1] ?? '', found.offset) };
        if (first === null || found.page < first.page || (found.page === first.page && found.offset < first.offset)) {
          first = found;
        }
      }
      return first;
    }
    if (value === null || value === undefined) return null;
    const span = typeof value === 'string' || typeof value === 'number' ? locate(pages, tokens, value, from) : null;
    let confidence = span === null ? NOT_FOUND_CONFIDENCE : span.verbatim ? VERBATIM_CONFIDENCE : NORMALISED_CONFIDENCE;
    if (coerced.has(path)) confidence -= COERCED_PENALTY;
    if (!valid) confidence = Math.min(confidence, NOT_FOUND_CONFIDENCE);
    fields.push({
      path,
      confidence: round4(confidence),
      page: span?.page ?? null,
      start: span?.start ?? null,
      end: span?.end ?? null,
      text: span ? (pages[span.page - 1] as string).slice(span.start, span.end) : null,
    });
    return span ? { page: span.page, offset: span.start } : null;
  }

  visit(data, '', null);
  return fields;
}
