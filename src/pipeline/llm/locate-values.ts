import { parseDate, parseNumber } from '../parse-values.js';
import { isObject } from '../schema-fields.js';
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Not a piece of a longer word or number: "12" is not found inside "112" nor "A" inside "AB". */
function standsAlone(text: string, start: number, end: number): boolean {
  const before = text[start - 1];
  const after = text[end];
  const first = text[start] ?? '';
  const last = text[end - 1] ?? '';
  if (before !== undefined && WORD_CHAR.test(first) && WORD_CHAR.test(before)) return false;
  return !(after !== undefined && WORD_CHAR.test(last) && WORD_CHAR.test(after));
}

/** Every place on one page where the value appears, in text order. */
function spansOn(text: string, page: number, value: string | number): Span[] {
  const spans: Span[] = [];
  if (typeof value === 'number') {
    for (const match of text.matchAll(NUMBER_TOKEN)) {
      const parsed = parseNumber(match[0]);
      if (parsed !== null && Math.abs(parsed - Math.abs(value)) < 1e-9) {
        spans.push({
          page,
          start: match.index,
          end: match.index + match[0].length,
          verbatim: match[0] === String(value),
        });
      }
    }
    return spans;
  }
  const needle = value.trim();
  if (needle === '') return spans;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    if (standsAlone(text, at, at + needle.length))
      spans.push({ page, start: at, end: at + needle.length, verbatim: true });
  }
  const loose = new RegExp(needle.split(/\s+/).map(escapeRegExp).join(String.raw`\s+`), 'giu');
  for (const match of text.matchAll(loose)) {
    const end = match.index + match[0].length;
    if (match[0] !== needle && standsAlone(text, match.index, end)) {
      spans.push({ page, start: match.index, end, verbatim: false });
    }
  }
  if (ISO_DATE.test(needle)) {
    for (const match of text.matchAll(DATE_TOKEN)) {
      if (parseDate(match[0], 'dmy') === needle || parseDate(match[0], 'mdy') === needle) {
        spans.push({ page, start: match.index, end: match.index + match[0].length, verbatim: false });
      }
    }
  }
  // Verbatim places first at equal position, so a literal match wins over a normalised one.
  return spans.sort((a, b) => a.start - b.start || Number(b.verbatim) - Number(a.verbatim));
}

/**
 * Where the value is: the first place at or after `from` (array items are looked for after
 * the previous item, so repeated values in a table land on their own rows), else the first in
 * the document; a verbatim place is preferred over a normalised one.
 */
function locate(pages: readonly string[], value: string | number, from: Position | null): Span | null {
  const all = pages.flatMap((text, index) => spansOn(text, index + 1, value));
  if (all.length === 0) return null;
  const after = (span: Span) =>
    from === null || span.page > from.page || (span.page === from.page && span.start >= from.offset);
  const pick = (candidates: Span[]) => candidates.find((span) => span.verbatim) ?? candidates[0] ?? null;
  const ordered = all.filter(after);
  return ordered.length > 0 && from !== null ? (ordered[0] as Span) : pick(all);
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
    const span = typeof value === 'string' || typeof value === 'number' ? locate(pages, value, from) : null;
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
