import { cellBelow, cellsOf, findLabel, type LabelMatch } from './document-lines.js';
import {
  ADDRESS_WORDS,
  type Context,
  cutAtNextLabel,
  type Field,
  labelCell,
  MAX_ADDRESS_LINES,
  matchesOf,
  type PlainRange,
  startsCell,
} from './extract-context.js';
import { parseEmail } from './parse-values.js';
import { contentWords } from './text-tokens.js';
import { typedValue } from './typed-value.js';

/** Scalar properties: every place one of the labels occurs, the value beside or under it, the best-placed one kept. */

/** Label spans of the other properties of an object, by line, to stop "Invoice" in "Invoice Date" being the invoice number. */
export type SiblingSpans = Map<number, { key: string; start: number; end: number }[]>;

export function siblingSpans(context: Context, fields: readonly Field[]): SiblingSpans {
  const spans: SiblingSpans = new Map();
  for (const field of fields) {
    for (const variant of field.variants) {
      if (variant.priority < 2) continue;
      for (const match of findLabel(context.document, variant)) {
        const onLine = spans.get(match.line) ?? [];
        onLine.push({ key: field.key, start: match.start, end: match.end });
        spans.set(match.line, onLine);
      }
    }
  }
  return spans;
}

/** Another property's label covers words of this label's cell beyond this label: it is that property's. */
function claimedBySibling(siblings: SiblingSpans, key: string, match: LabelMatch, cellEnd: number): boolean {
  return (siblings.get(match.line) ?? []).some(
    (span) =>
      span.key !== key &&
      span.start < cellEnd &&
      span.end > match.start &&
      (span.start < match.start || span.end > match.end),
  );
}

interface Found {
  readonly value: unknown;
  readonly score: number;
  readonly line: number;
  readonly start: number;
}

export function readScalar(context: Context, field: Field, siblings: SiblingSpans, plainRange: PlainRange) {
  let best: Found | null = null;
  for (const match of matchesOf(context, field, plainRange)) {
    const found = valueAt(context, field, siblings, match);
    if (!found) continue;
    const better =
      !best ||
      found.score > best.score ||
      (found.score === best.score &&
        (found.line < best.line || (found.line === best.line && found.start < best.start)));
    if (better) best = found;
  }
  if (!best && Array.isArray(field.schema.enum)) return enumNamedOnce(context, field.schema.enum);
  // An email address says what it is without a label ("jane@example.com | +1 555 0100").
  if (!best && field.schema.format === 'email' && context.emailFields === 1) {
    return parseEmail(context.document.lines.join('\n')) ?? undefined;
  }
  return best?.value;
}

/** Text where a number should be starts with it (or a sign or currency), not with words. */
const LEADING_AMOUNT = /^[-(−]?\s*(?:[$€£¥₹]|[A-Z]{3}\b)?\s*[-(−]?\s*\d/;

function valueAt(context: Context, field: Field, siblings: SiblingSpans, match: LabelMatch): Found | null {
  const line = context.document.lines[match.line] ?? '';
  const atCellStart = startsCell(context, match);
  const cell = labelCell(line, match);
  // A label in the middle of a sentence is a mention, not a label, unless a colon or a column gap
  // follows it ("Grand Total      319.00").
  if (!atCellStart && !cell.colon && !cell.gap) return null;
  const cells = cellsOf(cell.after);
  const labelEnd =
    cell.colon || cell.gap || cells.length === 0
      ? cell.cellEnd
      : line.length - cell.after.length + (cells[0]?.end ?? 0);
  if (claimedBySibling(siblings, field.key, match, labelEnd)) return null;
  const { words, priority } = match.variant;
  // A label followed by several numeric cells heads a table row ("Total  1  278.61  319.00"): which
  // cell is its value is a guess, so any plain label/value pair is preferred.
  const tableRow = cells.filter((next) => LEADING_AMOUNT.test(next.text)).length >= 3;
  const score =
    priority * 4 + words.length * 6 + (atCellStart ? 4 : -6) - (cell.intervening ? 8 : 0) - (tableRow ? 15 : 0);
  const found = (value: unknown, bonus: number): Found => ({
    value,
    score: score + bonus,
    line: match.line,
    start: match.start,
  });
  const typed = (text: string) => typedValue(text, field.schema, field.key, context.dateOrder);
  const numeric = field.type === 'number' || field.type === 'integer';

  const first = cutAtNextLabel(cells[0]?.text ?? '');
  if (first !== '' && (cell.colon || cell.gap || !numeric || LEADING_AMOUNT.test(first))) {
    const value = typed(first);
    if (value !== null) return found(value, cell.colon ? 6 : cell.gap ? 5 : 0);
  }
  // "TOTAL AMOUNT DUE ON 3 August      $4.11": the label's cell runs on in words; the value is the next cell.
  const next = cells[1]?.text;
  if (!cell.colon && !cell.gap && next !== undefined && (cells[0]?.text.split(/\s+/).length ?? 0) <= 6) {
    const value = typed(cutAtNextLabel(next));
    if (value !== null) return found(value, -4);
  }
  // The value under the label: "Invoice Date:" over "03/20/2023", or a label alone on its line.
  if (!atCellStart || !(first === '' || cell.colon || cell.gap)) return null;
  const below = valueBelow(context, field, match.line, match.start, cell.cellEnd);
  return below === null ? null : found(below, 3);
}

function valueBelow(context: Context, field: Field, labelLine: number, start: number, end: number): unknown {
  const { lines } = context.document;
  const isAddress = field.type === 'string' && contentWords(field.key).some((word) => ADDRESS_WORDS.has(word));
  const parts: string[] = [];
  for (let index = labelLine + 1; index < lines.length && index <= labelLine + 2 + parts.length; index++) {
    const text = lines[index] ?? '';
    if (text.includes('\f')) break;
    if (text.trim() === '') {
      if (parts.length > 0) break;
      continue;
    }
    const cell = cellBelow(text, start, end);
    if (!cell) break;
    if (parts.length === 0) {
      const value = typedValue(cell.text, field.schema, field.key, context.dateOrder);
      if (value === null || !isAddress) return value;
    } else if (/[:：]/.test(cell.text)) {
      break;
    }
    parts.push(cell.text);
    if (parts.length >= MAX_ADDRESS_LINES) break;
  }
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * An enum value written in the document without a label ("USD 1,359.05"), when exactly one of
 * the values occurs: codes like currencies name themselves. Short or lowercase values ("yes",
 * "card") are too common as plain words to count.
 */
function enumNamedOnce(context: Context, values: readonly unknown[]): unknown {
  const words = new Set(context.document.lines.flatMap((line) => line.match(/[\p{L}\p{N}_-]+/gu) ?? []));
  const named = values.filter(
    (value): value is string => typeof value === 'string' && /^[\p{Lu}\p{N}_-]{3,}$/u.test(value) && words.has(value),
  );
  return named.length === 1 ? named[0] : undefined;
}
