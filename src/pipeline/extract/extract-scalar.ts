import { hasAnyPhrase, phraseText } from './candidates/phrase-match.js';
import { wrappedNameStart } from './candidates/wrapped-name.js';
import { type Cell, cellBelow, cellsOf, findLabel, type LabelMatch } from './document-lines.js';
import { type LineSpan, type Located, narrowTo, scoreConfidence, spanOn } from './evidence.js';
import {
  type Context,
  cutAtNextLabel,
  type Field,
  labelCell,
  MAX_ADDRESS_LINES,
  matchesOf,
  type PlainRange,
  startsCell,
} from './extract-context.js';
import { PO_BOX } from './lexicon/address-words.js';
import { FIGURE, LEADING_AMOUNT, LONE_AMOUNT } from './lexicon/amounts.js';
import { SIGNATURE_BLOCK_LABELS } from './lexicon/contract-words.js';
import { OTHER_DOCUMENT_WORDS } from './lexicon/date-labels.js';
import { escapeRegExp } from './lexicon/escape-regexp.js';
import {
  ADDRESS_WORDS,
  COUNTRIES,
  COUNTRY_WORDS,
  DATE_LABEL_WORDS,
  IDENTIFIER_LABEL_WORDS,
  ISSUER_WORDS,
  OTHER_DATE_QUALIFIERS,
  PERCENT_WORDS,
} from './lexicon/field-words.js';
import { OTHER_NUMBER_LABELS, PHONE_LABELS } from './lexicon/letterhead.js';
import { PAYMENT_METHOD_NAMES, PAYMENT_METHOD_PROPERTY_WORDS } from './lexicon/payment-methods.js';
import { parsePostalBlock } from './parse-address.js';
import { documentCurrency, parseOrganization, parsePhone, validIban } from './parse-identifiers.js';
import { parseDate, parseDateTime, parseEmail } from './parse-values.js';
import type { WindowLine } from './recipient-window.js';
import { asksSiren, sirenIn } from './siren-number.js';
import { contentWords, foldText, normalizeWord } from './text-tokens.js';
import { stringKind, typedValue, webAddress } from './typed-value.js';

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
  /** Where the value itself is. */
  readonly span: LineSpan;
  /** 0..1: how cleanly the cell parsed as the type (the whole cell, or a value inside other words). */
  readonly parse: number;
}

/** Words and a colon opening a value's cell: a label's words running on ("facture : FA-118"). */
const LABEL_RUNS_ON = /^\p{L}[\p{L}'’.-]*(?: \p{L}[\p{L}'’.-]*){0,2} ?[:：]\s/u;

/** The value's cell opens with words of another label and its colon (small words and the property's own apart). */
function labelRunsOn(field: Field, opening: string): boolean {
  if (!LABEL_RUNS_ON.test(opening)) return false;
  const own = new Set([...contentWords(field.key), ...field.variants.flatMap((variant) => variant.words)]);
  const words = contentWords(opening.slice(0, opening.search(/[:：]/))).filter((word) => word.length >= 3);
  return words.length > 0 && words.some((word) => !own.has(word));
}

/** Words a label's own cell may run on for before its value sits in the next column. */
const MAX_LABEL_RUN_WORDS = 8;
/** The opening lines, where a document prints its own date. */
const HEADER_LINES = 20;
/** Scores this close to the best, with a different value, make the choice a guess. */
const AMBIGUITY_MARGIN = 6;

export function readScalar(
  context: Context,
  field: Field,
  siblings: SiblingSpans,
  plainRange: PlainRange,
): Located | undefined {
  let best: Found | null = null;
  const all: Found[] = [];
  for (const match of matchesOf(context, field, plainRange)) {
    const found = valueAt(context, field, siblings, match);
    if (!found) continue;
    all.push(found);
    const better =
      !best ||
      found.score > best.score ||
      (found.score === best.score &&
        (found.line < best.line || (found.line === best.line && found.start < best.start)));
    if (better) best = found;
  }
  if (best) {
    const chosen: Found = best;
    const rival = all.some(
      (other) => other.score > chosen.score - AMBIGUITY_MARGIN && !sameValue(other.value, chosen.value),
    );
    const confidence = scoreConfidence(chosen.score) * chosen.parse * (rival ? 0.7 : 1);
    const located = { value: chosen.value, span: chosen.span, confidence };
    return isNameField(field) && typeof chosen.value === 'string' ? withWrappedStart(context, located) : located;
  }
  const kind = field.type === 'string' || field.type === null ? stringKind(field.schema, field.key) : null;
  const allowed = Array.isArray(field.schema.enum) ? field.schema.enum : undefined;
  if (allowed && kind !== 'currency') return enumNamedOnce(context, allowed);
  // A document's currency is written next to its amounts, rarely under a label.
  if (kind === 'currency') {
    const code = documentCurrency(context.text, allowed);
    return code === null ? undefined : { value: code, span: null, confidence: 0.5 };
  }
  // The issuer of a document prints its legal name in its letterhead: the first company name there.
  if (field.type === 'string' && isIssuerField(field)) {
    const found = unlabelled(context, parseOrganization, 0.35, HEADER_LINES);
    return found && { ...withWrappedStart(context, found), unlabelled: true };
  }
  // The issuer's street, postal code or city: its letterhead address, the first one printed.
  const part = field.type === 'string' ? addressPart(field) : null;
  if (part) return letterheadAddress(context, part);
  // The only phone number or web address the schema asks for: the first one printed.
  if ((kind === 'phone' || kind === 'uri') && context.kindCounts.get(kind) === 1) {
    const parse = kind === 'phone' ? formattedPhone : (text: string) => webAddress(text, field.schema, field.key);
    return unlabelled(context, parse, 0.4);
  }
  // A French company's SIREN is printed in its register mention or its SIRET, often with no label of its own.
  if (field.type === 'string' && asksSiren(field.key, field.schema.description))
    return unlabelled(context, sirenIn, 0.4);
  // A way to pay names itself ("iDEAL", "SEPA-Lastschrift"): the first one printed.
  if (field.type === 'string' && asksPaymentMethod(field)) return unlabelled(context, paymentMethodIn, 0.35);
  // An email address says what it is without a label ("jane@example.com | +1 555 0100").
  if (field.schema.format === 'email' && context.emailFields === 1) return unlabelled(context, parseEmail, 0.6);
  if (isLoneDate(field)) {
    const parse = field.schema.format === 'date-time' ? parseDateTime : parseDate;
    return unlabelled(context, (text) => parse(text, context.dateOrder), 0.35, HEADER_LINES);
  }
  return undefined;
}

function asksPaymentMethod(field: Field): boolean {
  const described = typeof field.schema.description === 'string' ? field.schema.description : '';
  const words = new Set([...contentWords(field.key.replace(/_/g, ' ')), ...contentWords(described)]);
  return PAYMENT_METHOD_PROPERTY_WORDS.some((phrase) => phrase.every((word) => words.has(normalizeWord(word))));
}

const PAYMENT_METHOD = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${PAYMENT_METHOD_NAMES.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`,
  'iu',
);

/** The name of a way to pay printed in `text`, as printed. */
function paymentMethodIn(text: string): string | null {
  return text.match(PAYMENT_METHOD)?.[0] ?? null;
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A date field that names no particular kind of date ("date", "invoiceDate", "issued") takes the
 * first date of the document's opening lines when no label was found: the date in a letter's or
 * an invoice's header is its date. Due, birth, start... dates never do.
 */
function isLoneDate(field: Field): boolean {
  const { format } = field.schema;
  const words = contentWords(field.key);
  const dateLike = format === 'date' || format === 'date-time' || words.some((word) => DATE_LABEL_WORDS.has(word));
  return dateLike && field.type === 'string' && !words.some((word) => OTHER_DATE_QUALIFIERS.has(word));
}

/** The first value the parser finds on a line of the document (within `maxLines`), with its span. */
function unlabelled(
  context: Context,
  parse: (text: string) => string | null,
  confidence: number,
  maxLines = Number.POSITIVE_INFINITY,
): Located | undefined {
  const { lines } = context.document;
  for (let index = 0; index < lines.length && index < maxLines; index++) {
    const text = lines[index] ?? '';
    const value = parse(text);
    if (value === null) continue;
    const at = text.indexOf(value);
    const span = at >= 0 ? spanOn(index, at, at + value.length) : spanOn(index, 0, text.length);
    return { value, span, confidence };
  }
  return undefined;
}

/** A company's name with its first line when it is wrapped before its legal form. */
function withWrappedStart(context: Context, found: Located): Located {
  const { span } = found;
  const { lines } = context.document;
  const above = span ? wrappedNameStart((index) => lines[index], span.line, span.start) : null;
  if (!span || !above) return found;
  const value = `${above.text} ${String(found.value)}`;
  return { ...found, value, span: { line: above.line, start: above.start, endLine: span.endLine, end: span.end } };
}

const OTHER_DOCUMENT = new Set(OTHER_DOCUMENT_WORDS.map(normalizeWord));

/**
 * The label's cell names another document than this one ("DATE DE FACTURE ASSOCIÉE", the invoice
 * a credit note corrects), unless the property asks for that document's value too.
 */
function namesOtherDocument(field: Field, line: string, match: LabelMatch, labelEnd: number): boolean {
  const cell = cellsOf(line).find((own) => own.start <= match.start && match.start < own.end);
  const text = line.slice(cell?.start ?? match.start, Math.max(labelEnd, match.end));
  if (!contentWords(text).some((word) => OTHER_DOCUMENT.has(word))) return false;
  const asked = [field.key, typeof field.schema.description === 'string' ? field.schema.description : ''].join(' ');
  return !contentWords(asked).some((word) => OTHER_DOCUMENT.has(word));
}

/** A signature's line: its label ("By:") or a conformed signature ("/s/ Jane Doe"), at the start of any column. */
const SIGNATURE_LINE = new RegExp(`(?:^|\\s{2})\\s*(?:(?:${SIGNATURE_BLOCK_LABELS.join('|')})\\s*:|/s/)`, 'i');
/** How many lines above a label a signature's line makes the label part of its block. */
const SIGNATURE_REACH = 5;

/**
 * A label in a signature block, under its signature's line without a blank line between ("By:" /
 * "Name:" / "Title:" / "Date:"), states that signature's value, not the one a longer name asks for
 * ("Date:" there is no "effective date").
 */
function signaturesLabel(context: Context, field: Field, match: LabelMatch): boolean {
  if (contentWords(field.key).length <= match.variant.words.length) return false;
  const lines = context.document.lines;
  for (let above = match.line - 1; above >= Math.max(0, match.line - SIGNATURE_REACH); above--) {
    const text = lines[above] ?? '';
    if (text.trim() === '') return false;
    if (SIGNATURE_LINE.test(text)) return true;
  }
  return false;
}

function valueAt(context: Context, field: Field, siblings: SiblingSpans, match: LabelMatch): Found | null {
  const line = context.document.lines[match.line] ?? '';
  // "PO Box 412" is an address line, not a purchase order's label and its number.
  if (PO_BOX.test(line.slice(match.start))) return null;
  const atCellStart = startsCell(context, match);
  const cell = labelCell(line, match);
  // A label in the middle of a sentence is a mention, not a label, unless a colon or a column gap
  // follows it ("Grand Total      284.00").
  if (!atCellStart && !cell.colon && !cell.gap) return numericField(field) ? amountStated(context, field, match) : null;
  const cells = cellsOf(cell.after);
  const labelEnd = cell.colon || cell.gap || cells.length === 0 ? cell.cellEnd : cell.afterStart + (cells[0]?.end ?? 0);
  const { words, priority } = match.variant;
  const numeric = field.type === 'number' || field.type === 'integer';
  // A row of captions over a row of figures ("BTW %  Basis BTW bedrag  Totaal" over "21 %  36,20
  // 8,68  49,99"): the figure right under the label's own words, whatever else shares its cell.
  const under = context.document.lines[match.line + 1];
  const inLongerLabel = (siblings.get(match.line) ?? []).some(
    (span) =>
      span.key !== field.key &&
      span.start <= match.start &&
      span.end >= match.end &&
      span.end - span.start > match.end - match.start,
  );
  if (numeric && !cell.colon && !inLongerLabel && !LEADING_AMOUNT.test(cells[0]?.text ?? '') && isFigureRow(under)) {
    const below = cellBelow(under ?? '', match.start, match.end);
    const overlaps = below && below.start < match.end && match.start < below.end;
    const percent = contentWords(field.key).some((word) => PERCENT_WORDS.has(word));
    const value =
      below && overlaps && (percent || !/%/.test(below.text))
        ? typedValue(below.text, field.schema, field.key, context.dateOrder)
        : null;
    if (below && value !== null) {
      const score = priority * 4 + words.length * 6 + 3;
      return {
        value,
        score,
        line: match.line,
        start: match.start,
        span: spanOn(match.line + 1, below.start, below.end),
        parse: parseQuality(below.text, value),
      };
    }
  }
  if (claimedBySibling(siblings, field.key, match, labelEnd)) return null;
  if (namesOtherDocument(field, line, match, labelEnd)) return null;
  if (signaturesLabel(context, field, match)) return null;
  // A label followed by several numeric cells heads a table row ("Total  1  234.71  284.00"): which
  // cell is its value is a guess, so any plain label/value pair is preferred.
  const tableRow = cells.filter((next) => LEADING_AMOUNT.test(next.text)).length >= 3;
  const score =
    priority * 4 + words.length * 6 + (atCellStart ? 4 : -6) - (cell.intervening ? 8 : 0) - (tableRow ? 15 : 0);
  const { afterStart } = cell;
  const found = (value: unknown, bonus: number, span: LineSpan, text: string): Found => ({
    value,
    score: score + bonus,
    line: match.line,
    start: match.start,
    span: narrowTo(span, text, value),
    parse: parseQuality(text, value),
  });
  const typed = (text: string) => typedValue(text, field.schema, field.key, context.dateOrder);

  // A cell that is itself a label ("Last Name:") is not this label's value, nor any part of it;
  // nor is one that opens with other words and a colon ("Référence" + "facture : FA-118"): the
  // label printed is longer than the one matched, and names something else.
  const opening = cells[0]?.text ?? '';
  const first = /[:：]$/.test(opening) || (!cell.colon && labelRunsOn(field, opening)) ? '' : cutAtNextLabel(opening);
  // A row of captions printed under its row of values ("R-1001    12.03.2024" over "Number    Date").
  if (atCellStart && captionUnderValueRow(context.document.lines, match.line)) {
    const above = cellBelow(context.document.lines[match.line - 1] ?? '', match.start, cell.cellEnd);
    const value = above ? typed(above.text) : null;
    // The value is the cell above, not a figure picked out of an item's words ("2 Garlic Bread  3,40").
    const whole = above && value !== null && parseQuality(above.text, value) > PICKED_OUT_QUALITY;
    if (above && whole) return found(value, 3, spanOn(match.line - 1, above.start, above.end), above.text);
  }
  // A row of captions over the row of their values ("Account Holder   Account Number" over
  // "J. Okafor   4471-22"): the value is under the caption, not the next caption beside it.
  // Not for an amount: a "Total" caption over the first item's row heads a column of items.
  const asksAmount = numeric || stringKind(field.schema, field.key) === 'amount';
  const caption =
    !asksAmount && captionOverValueRow(context.document.lines, match.line)
      ? cellsOf(line).find((own) => own.start <= match.start && match.end <= own.end)
      : undefined;
  if (caption) {
    // Read as any value under its label: a value wrapped in its narrow column reads from both lines.
    const under = valueBelow(context, field, match.line, caption.start, caption.end);
    if (under !== null) return found(under.value, 3, under.span, under.text);
  }
  // "Tax 15% on $ 96.40      $ 14.46": after a rate, the amount is the line's last column.
  const last = cells.at(-1);
  if (numeric && cells.length > 1 && /%/.test(first) && last && LONE_AMOUNT.test(last.text)) {
    const value = typed(last.text);
    const at = afterStart + last.start;
    if (value !== null) return found(value, 5, spanOn(match.line, at, at + last.text.length), last.text);
  }
  if (first !== '' && (cell.colon || cell.gap || !numeric || LEADING_AMOUNT.test(first))) {
    const value = typed(first);
    const at = afterStart + (cells[0]?.start ?? 0);
    if (value !== null)
      return found(value, cell.colon ? 6 : cell.gap ? 5 : 0, spanOn(match.line, at, at + first.length), first);
  }
  // "TOTAL AMOUNT DUE ON 7 March      $6.38": the label's cell runs on in words; the value is the next cell.
  const next = cells[1];
  if (
    !cell.colon &&
    !cell.gap &&
    next !== undefined &&
    (cells[0]?.text.split(/\s+/).length ?? 0) <= MAX_LABEL_RUN_WORDS
  ) {
    const text = cutAtNextLabel(next.text);
    const value = typed(text);
    const at = afterStart + next.start;
    if (value !== null) return found(value, -4, spanOn(match.line, at, at + text.length), text);
  }
  // A chart's captions under a row of figures: the figure above the caption's cell.
  if (atCellStart && numeric && isFigureRow(context.document.lines[match.line - 1])) {
    const above = cellsOf(context.document.lines[match.line - 1] ?? '').find(
      (candidate) => Math.abs(candidate.start - match.start) <= ALIGNMENT_SLACK,
    );
    const value = above ? typed(above.text) : null;
    if (above && value !== null) return found(value, 0, spanOn(match.line - 1, above.start, above.end), above.text);
  }
  // The value under the label: "Invoice Date:" over "04/17/2022", or a label alone on its line.
  if (!atCellStart || !(first === '' || cell.colon || cell.gap)) return null;
  if (first === '' && valuesAbove(context.document.lines, match.line)) {
    const above = cellBelow(context.document.lines[match.line - 1] ?? '', match.start, cell.cellEnd);
    const value = above ? typed(above.text) : null;
    return above && value !== null ? found(value, 3, spanOn(match.line - 1, above.start, above.end), above.text) : null;
  }
  if ((numeric || stringKind(field.schema, field.key) === 'amount') && headsItemColumn(context.document.lines, match))
    return null;
  const below = valueBelow(context, field, match.line, match.start, cell.cellEnd);
  return below === null ? null : found(below.value, 3, below.span, below.text);
}

function numericField(field: Field): boolean {
  return field.type === 'number' || field.type === 'integer';
}

/**
 * A label mentioned in a sentence that states its sum: "... increased the quarterly dividend to
 * $0.73 per share", "a surplus of £15,600". Only a sum with its currency sign right after a linking
 * word, not one in millions or a percentage, and below any labelled value.
 */
const STATED_AMOUNT =
  /^\s+(?:to|of|was|were|is|at|totall?ed|reached|amounted\s+to|stood\s+at)\s+((?:US|C|A)?[$£€]\s?\d[\d,]*(?:\.\d+)?)(?![\d.,]*\s*(?:million|billion|bn|thousand|mn?\b|k\b|%))/i;
const STATED_AMOUNT_DOUBT = 10;

function amountStated(context: Context, field: Field, match: LabelMatch): Found | null {
  const line = context.document.lines[match.line] ?? '';
  const stated = STATED_AMOUNT.exec(line.slice(match.end));
  const text = stated?.[1];
  if (!stated || !text) return null;
  const value = typedValue(text, field.schema, field.key, context.dateOrder);
  if (value === null) return null;
  const at = match.end + stated[0].length - text.length;
  const { words, priority } = match.variant;
  return {
    value,
    score: priority * 4 + words.length * 6 - STATED_AMOUNT_DOUBT,
    line: match.line,
    start: match.start,
    span: spanOn(match.line, at, at + text.length),
    parse: parseQuality(text, value),
  };
}

/** Blank lines a row of column captions may stand above its first row. */
const CAPTION_GAP = 2;

/**
 * A label in a row of column captions ("QTY  ITEM  TOTAL") over a row that names an item
 * ("1  Coke Light  2.95"), next or after a blank line or two, heads a column: the figure under it
 * is the first item's, not the total.
 */
function headsItemColumn(lines: readonly string[], match: LabelMatch): boolean {
  const captions = cellsOf(lines[match.line] ?? '');
  let next = match.line + 1;
  while (next <= match.line + CAPTION_GAP && (lines[next] ?? '').trim() === '' && next < lines.length - 1) next++;
  const under = cellsOf(lines[next] ?? '');
  if (captions.length < 2 || captions.some((caption) => /\d/.test(caption.text))) return false;
  return under.length >= 2 && under.some((cell) => /\p{L}{3,}/u.test(cell.text));
}

const MIN_FIGURES = 3;

/** A row of figures only ("31,470   +318   31,788"), as charts and transposed tables print them. */
export function isFigureRow(line: string | undefined): boolean {
  const cells = cellsOf(line ?? '');
  return cells.length >= MIN_FIGURES && cells.every((cell) => FIGURE.test(cell.text));
}

/** Every cell of the line is a label ("First Name:   Last Name:"). */
function isLabelRow(line: string | undefined): boolean {
  const cells = cellsOf(line ?? '');
  return cells.length > 0 && cells.every((cell) => /[:：]$/.test(cell.text));
}

function isValueRow(line: string | undefined): boolean {
  return line !== undefined && line.trim() !== '' && !/[:：\f]/.test(line);
}

/**
 * Forms printed with the caption under the box ("Michael" over "First Name:"): a row of labels
 * under a row of values. Whether a form is printed that way is decided once for the document, by
 * which side of its label rows the values line up with: alternating rows are otherwise ambiguous.
 */
function valuesAbove(lines: readonly string[], index: number): boolean {
  return isLabelRow(lines[index]) && isValueRow(lines[index - 1]) && captionsUnderValues(lines);
}

const CAPTION_LAYOUT = new WeakMap<readonly string[], boolean>();
const ALIGNMENT_SLACK = 3;

/** How many of the label row's cells have a value cell starting where they start. */
function aligned(labels: string, values: string | undefined): number {
  if (!isValueRow(values)) return 0;
  const starts = cellsOf(values ?? '').map((cell) => cell.start);
  return cellsOf(labels).filter((cell) => starts.some((start) => Math.abs(start - cell.start) <= ALIGNMENT_SLACK))
    .length;
}

function captionsUnderValues(lines: readonly string[]): boolean {
  const known = CAPTION_LAYOUT.get(lines);
  if (known !== undefined) return known;
  let above = 0;
  let below = 0;
  lines.forEach((line, index) => {
    if (!isLabelRow(line)) return;
    above += aligned(line, lines[index - 1]);
    below += aligned(line, lines[index + 1]);
  });
  const layout = above > below;
  CAPTION_LAYOUT.set(lines, layout);
  return layout;
}

/** Words a caption of a row of captions may have. */
const MAX_CAPTION_WORDS = 4;

/** How many of the caption cells have a cell of `other` over or under them. */
function overlapping(captions: readonly Cell[], other: string | undefined): number {
  const cells = cellsOf(other ?? '');
  return captions.filter((caption) =>
    cells.some((cell) => Math.min(cell.end, caption.end) - Math.max(cell.start, caption.start) > 0),
  ).length;
}

/**
 * A row of captions without colons printed under the row of their values ("R-1001    12.03.2024
 * K-77" over "Number    Date    Customer"): two or more captions, each under a cell of the line
 * right above, most of whose cells hold figures, while no row of values stands right under them
 * (a table's header row has its rows under it).
 */
function captionUnderValueRow(lines: readonly string[], index: number): boolean {
  const captions = cellsOf(lines[index] ?? '');
  if (captions.length < 2) return false;
  if (captions.some((caption) => /[\d:：]/.test(caption.text) || caption.text.split(/\s+/).length > MAX_CAPTION_WORDS))
    return false;
  const above = lines[index - 1];
  if (!isValueRow(above)) return false;
  const values = cellsOf(above ?? '');
  if (values.filter((cell) => /\d/.test(cell.text)).length * 2 < values.length) return false;
  const over = overlapping(captions, above);
  if (over < 2 || over * 2 < captions.length) return false;
  return overlapping(captions, lines[index + 1]) < 2;
}

/**
 * A row of captions without colons or figures ("Account Holder   Account Number   Period") right
 * over a row of values lined up under them, one of which holds a figure: a one-row table whose
 * values are under its captions.
 */
function captionOverValueRow(lines: readonly string[], index: number): boolean {
  const captions = cellsOf(lines[index] ?? '');
  if (captions.length < 2) return false;
  if (captions.some((caption) => /[\d:：]/.test(caption.text) || caption.text.split(/\s+/).length > MAX_CAPTION_WORDS))
    return false;
  const below = lines[index + 1];
  // A row of values holds a figure (a number, a date, a code); a row of words may be more captions.
  if (!isValueRow(below) || !/\d/.test(below ?? '')) return false;
  const under = overlapping(captions, below);
  return under >= 2 && under * 2 >= captions.length;
}

/** 1 when the cell is the value and little else, less when the value was picked out of other words. */
/** parseQuality of a value picked out of more words than it has characters. */
const PICKED_OUT_QUALITY = 0.75;

function parseQuality(text: string, value: unknown): number {
  const rest = text.replace(/[\s$€£¥₹:#.,()%-]+/g, '');
  if (rest === '') return 1;
  const valueText = String(value).replace(/[\s$€£¥₹:#.,()%-]+/g, '');
  if (typeof value === 'string' && !/^\d{4}-\d{2}-\d{2}/.test(value)) return 1;
  return Math.max(PICKED_OUT_QUALITY, Math.min(1, (valueText.length + 4) / Math.max(1, rest.length)));
}

interface Below {
  readonly value: unknown;
  readonly span: LineSpan;
  readonly text: string;
}

/** How far right of its label a right-aligned value under it may end. */
const RIGHT_ALIGNED_REACH = 40;

/**
 * A value printed right-aligned under a label that stands alone on its line ("Rechnungsnummer" over
 * "      471102" at the column's right edge): the one cell of the very next line right of the
 * label's end, nothing else printed right of the label's start.
 */
function rightAlignedBelow(lines: readonly string[], labelLine: number, index: number): Cell | null {
  const labels = cellsOf(lines[labelLine] ?? '');
  const [label] = labels;
  if (!label || labels.length !== 1 || /[:：]/.test(label.text) || index !== labelLine + 1) return null;
  const right = cellsOf(lines[index] ?? '').filter((cell) => cell.end > label.start);
  const [cell] = right;
  if (!cell || right.length !== 1 || cell.start < label.start || cell.end > label.end + RIGHT_ALIGNED_REACH)
    return null;
  return cell;
}

/**
 * An IBAN printed in a narrow column wraps: its groups go on in the same column on the next line
 * ("DE89 3704 0044 0532" over "0130 00"). When the first line's groups fail the check digits and the
 * two lines together pass them, the IBAN is both lines.
 */
function wrappedIban(context: Context, field: Field, value: unknown, index: number, cell: Cell): Below | null {
  if (stringKind(field.schema, field.key) !== 'iban' || typeof value !== 'string' || validIban(value)) return null;
  const next = cellBelow(context.document.lines[index + 1] ?? '', cell.start, cell.end);
  if (!next || !/^[A-Z0-9]{1,4}(?: [A-Z0-9]{1,4})*$/.test(next.text)) return null;
  const joined = `${value}${next.text.replace(/\s+/g, '')}`;
  if (!validIban(joined)) return null;
  return {
    value: joined,
    span: { line: index, start: cell.start, endLine: index + 1, end: next.end },
    text: `${cell.text} ${next.text}`,
  };
}

function valueBelow(context: Context, field: Field, labelLine: number, start: number, end: number): Below | null {
  const { lines } = context.document;
  const isAddress = field.type === 'string' && contentWords(field.key).some((word) => ADDRESS_WORDS.has(word));
  const parts: string[] = [];
  let span = null as LineSpan | null;
  for (let index = labelLine + 1; index < lines.length && index <= labelLine + 2 + parts.length; index++) {
    const text = lines[index] ?? '';
    if (text.includes('\f')) break;
    if (text.trim() === '') {
      if (parts.length > 0) break;
      continue;
    }
    const cell =
      cellBelow(text, start, end) ?? (parts.length === 0 ? rightAlignedBelow(lines, labelLine, index) : null);
    if (!cell) break;
    if (parts.length === 0) {
      const value = typedValue(cell.text, field.schema, field.key, context.dateOrder);
      if (value === null) return null;
      const wrapped = wrappedIban(context, field, value, index, cell);
      if (wrapped) return wrapped;
      if (!isAddress) return { value, span: spanOn(index, cell.start, cell.end), text: cell.text };
    } else if (/[:：]/.test(cell.text)) {
      break;
    }
    parts.push(cell.text);
    span = { line: span?.line ?? index, start: span?.start ?? cell.start, endLine: index, end: cell.end };
    if (parts.length >= MAX_ADDRESS_LINES) break;
  }
  return parts.length > 0 && span ? { value: parts.join(', '), span, text: parts.join(', ') } : null;
}

/**
 * An enum value written in the document without a label ("USD 1,359.05"), when exactly one of
 * the values occurs: codes like currencies name themselves. Short or lowercase values ("yes",
 * "card") are too common as plain words to count.
 */
function enumNamedOnce(context: Context, values: readonly unknown[]): Located | undefined {
  const where = new Map<string, LineSpan>();
  context.document.lines.forEach((line, index) => {
    for (const word of line.matchAll(/[\p{L}\p{N}_-]+/gu)) {
      if (!where.has(word[0])) where.set(word[0], spanOn(index, word.index, word.index + word[0].length));
    }
  });
  const named = values.filter(
    (value): value is string => typeof value === 'string' && /^[\p{Lu}\p{N}_-]{3,}$/u.test(value) && where.has(value),
  );
  const value = named.length === 1 ? named[0] : undefined;
  return value === undefined ? undefined : { value, span: where.get(value) ?? null, confidence: 0.5 };
}

/** A property asking for a name ("name", "company name"). */
function isNameField(field: Field): boolean {
  return field.type === 'string' && contentWords(field.key).includes(normalizeWord('name'));
}

/** A property for the name of whoever issued the document: by its name, or a name described as the seller's. */
function isIssuerField(field: Field): boolean {
  const words = contentWords(field.key);
  const described = typeof field.schema.description === 'string' ? contentWords(field.schema.description) : [];
  // "vat" described as "VAT number of the seller" is the seller's number, not its name.
  const identifier = [...words, ...described].some((word) => IDENTIFIER_LABEL_WORDS.has(word));
  const naming = words.includes(normalizeWord('name')) || (words.length === 1 && !identifier);
  return naming && [...words, ...described].some((word) => ISSUER_WORDS.has(word));
}

/** Without a label, only a number written like a phone (grouped, or with +/parentheses) is taken for one. */
function formattedPhone(text: string): string | null {
  for (const part of text.split(/\s{2,}|\s\|\s/)) {
    const phone = parsePhone(part);
    if (!phone || !(/[+()]/.test(phone) || /\d[\s.-]\d/.test(phone)) || /[[\]*]/.test(part.slice(0, 1))) continue;
    if (!partOfOtherNumber(part, part.indexOf(phone))) return phone;
  }
  return null;
}

/**
 * Digits shaped like a phone number that are the tail of another number ("RE-2024-0381", the
 * last groups of an IBAN) or the value of another number's label ("PO Number: 4500-8812",
 * "VAT Reg No. GB 123 4567 89") are no phone: a phone printed without a label stands alone.
 */
function partOfOtherNumber(text: string, at: number): boolean {
  if (at < 0) return false;
  if (/[\p{L}\p{N}/-]/u.test(text.charAt(at - 1))) return true;
  const words = phraseText(text.slice(Math.max(0, at - 40), at))
    .trim()
    .split(' ')
    .slice(-3);
  const label = ` ${words.join(' ')} `;
  if (hasAnyPhrase(label, PHONE_LABELS)) return false;
  // A compound label's last part says what number it is ("Factuurnummer", "Kundennr").
  return hasAnyPhrase(label, OTHER_NUMBER_LABELS) || /\p{L}{3,}(?:nummer|number|nr)$/u.test(words.at(-1) ?? '');
}

type AddressPart = 'street' | 'zip' | 'city' | 'country' | 'country code';

const ADDRESS_PARTS: readonly [AddressPart, ReadonlySet<string>][] = [
  ['zip', new Set(['zip', 'postal', 'postcode', 'plz', 'cp', 'postleitzahl'].map(normalizeWord))],
  [
    'city',
    new Set(['city', 'town', 'ciudad', 'ville', 'stadt', 'plaats', 'citta', 'miasto', 'localidad'].map(normalizeWord)),
  ],
  ['street', new Set(['street', 'calle', 'rue', 'strasse', 'straat', 'via', 'ulica'].map(normalizeWord))],
];

/** A street, postal code or city property of the issuer (by its name or its description), never the customer's. */
function addressPart(field: Field): AddressPart | null {
  const words = contentWords(field.key);
  const described = typeof field.schema.description === 'string' ? contentWords(field.schema.description) : [];
  if (![...words, ...described].some((word) => ISSUER_WORDS.has(word))) return null;
  for (const [part, names] of ADDRESS_PARTS) if (words.some((word) => names.has(word))) return part;
  if (words.some((word) => COUNTRY_WORDS.has(word))) {
    const coded = [...words, ...described].some((word) => word === 'code' || word === 'iso');
    return coded ? 'country code' : 'country';
  }
  return null;
}

/** "2514 KW Dorpveld", "D-71034 Waldbach", "69007 Lyon": a postal code then the city. */
const ZIP_CITY =
  /^(?:[A-Z]{1,2}-)?(\d{4,5}(?: ?[A-Z]{2}(?= ))?)\s+(\p{Lu}[\p{L}'’.-]*(?:[ -]\p{L}[\p{L}'’.-]*){0,3})$/u;
/** "Dayton OH 45402", "Salem, OR 97301": the city, a state code, then the ZIP code. */
const CITY_STATE_ZIP = /^(\p{Lu}[\p{L}'’.-]*(?: \p{L}[\p{L}'’.-]*){0,3}),? [A-Z]{2} (\d{5}(?:-\d{4})?)$/u;
/** A house number before a street name ("3318 Alder Ln") is not a postal code before a city. */
const STREET_NAME_END =
  /\b(?:st|street|ave|avenue|rd|road|blvd|boulevard|lane|ln|dr|drive|way|ct|court|pl|place|hwy|straat|weg|laan|plein|gracht|strasse|str|gasse|allee|rue|calle|via)\.?$/i;
/** A street line: a house number beside words ("Kanaalweg 214", "3318 Alder Ln"). */
const STREET = /^(?:\d+[a-zA-Z]?(?:-\d+)? \p{L}[\p{L}'’. -]*|\p{L}[\p{L}'’. -]* \d+[a-zA-Z]?(?:-\d+)?)$/u;

/**
 * The letterhead's postal address, without a label: the first "postal code + city" cell of the
 * opening lines, with the street the nearest cell above it in the same column.
 */
function letterheadAddress(context: Context, part: AddressPart): Located | undefined {
  // A sender line over the recipient's block is the issuer's address; the block under it is the addressee's.
  if (context.window) return senderLineAddress(context.window.sender, part);
  const { lines } = context.document;
  for (let index = 0; index < lines.length && index < HEADER_LINES; index++) {
    for (const cell of cellsOf(lines[index] ?? '')) {
      const european = cell.text.match(ZIP_CITY);
      const american = european ? null : cell.text.match(CITY_STATE_ZIP);
      if ((!european && !american) || (european && STREET_NAME_END.test(european[2] ?? ''))) continue;
      if (part === 'street') return streetAbove(lines, index, cell.start);
      if (part === 'country' || part === 'country code') return countryBelow(lines, index, cell.start, part);
      const value = european
        ? part === 'zip'
          ? european[1]
          : european[2]
        : part === 'zip'
          ? american?.[2]
          : american?.[1];
      if (!value) return undefined;
      const at = cell.start + cell.text.indexOf(value, part === 'zip' && american ? (american[1]?.length ?? 0) : 0);
      return { value, span: spanOn(index, at, at + value.length), confidence: 0.35 };
    }
  }
  return undefined;
}

/** A part of the address on the address window's sender line (its parts after the name). */
function senderLineAddress(sender: readonly WindowLine[], part: AddressPart): Located | undefined {
  const lines = sender.slice(1);
  const postal = parsePostalBlock(lines.map((line) => line.text));
  if (!postal) return undefined;
  const { locality } = postal;
  const localityLine = lines[locality.line] as WindowLine;
  const located = (line: WindowLine, value: string, at = line.text.indexOf(value)): Located => {
    const start = line.span.start + Math.max(0, at);
    return { value, span: spanOn(line.span.line, start, start + value.length), confidence: 0.35 };
  };
  if (part === 'street') {
    const street = postal.street === undefined ? undefined : lines[postal.street];
    return street && located(street, street.text.trim());
  }
  if (part === 'zip') return located(localityLine, locality.postcode.text, locality.postcode.start);
  if (part === 'city') return located(localityLine, locality.city.text, locality.city.start);
  const country = postal.country;
  const countryLine = country ? lines[country.line] : undefined;
  if (country && countryLine) return located(countryLine, part === 'country' ? country.text : country.code);
  if (locality.country && part === 'country code')
    return { value: locality.country, span: localityLine.span, confidence: 0.35 };
  return undefined;
}

const STREET_LOOKUP_LINES = 2;

function streetAbove(lines: readonly string[], index: number, start: number): Located | undefined {
  for (let above = index - 1; above >= 0 && above >= index - STREET_LOOKUP_LINES; above--) {
    const cell = cellsOf(lines[above] ?? '').find((candidate) => Math.abs(candidate.start - start) <= ALIGNMENT_SLACK);
    if (!cell) continue;
    if (!STREET.test(cell.text)) return undefined;
    return { value: cell.text, span: spanOn(above, cell.start, cell.end), confidence: 0.35 };
  }
  return undefined;
}

const COUNTRY_CODES = new Map(
  Object.entries(COUNTRIES).flatMap(([code, names]) => names.map((name) => [foldText(name), code] as const)),
);

/** The country line under the postal code and city ("Nederland", "United States"). */
function countryBelow(
  lines: readonly string[],
  index: number,
  start: number,
  part: 'country' | 'country code',
): Located | undefined {
  for (let below = index + 1; below < lines.length && below <= index + STREET_LOOKUP_LINES; below++) {
    const cell = cellsOf(lines[below] ?? '').find((candidate) => Math.abs(candidate.start - start) <= ALIGNMENT_SLACK);
    if (!cell) continue;
    const code = COUNTRY_CODES.get(foldText(cell.text).replace(/[-,]/g, ' ').replace(/\s+/g, ' ').trim());
    if (!code) return undefined;
    return {
      value: part === 'country' ? cell.text : code,
      span: spanOn(below, cell.start, cell.end),
      confidence: 0.35,
    };
  }
  return undefined;
}
