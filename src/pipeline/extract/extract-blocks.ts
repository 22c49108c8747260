import { isAddressLine, isAddressOnly, isPartyCaption } from './candidates/letterhead-lines.js';
import { cellBelow, cellsOf, type LabelMatch } from './document-lines.js';
import { type LineSpan, type Located, spanOn } from './evidence.js';
import {
  type Context,
  type Field,
  labelCell,
  MAX_ADDRESS_LINES,
  matchesOf,
  type PlainRange,
  startsCell,
} from './extract-context.js';
import { ADDRESS_PART_WORDS, ADDRESS_WORDS, ORGANIZATION_NAME_WORDS } from './lexicon/field-words.js';
import { DOCUMENT_TITLE_WORDS, SALUTATION_WORDS } from './lexicon/letterhead.js';
import { parsePostalBlock } from './parse-address.js';
import { parseOrganization } from './parse-identifiers.js';
import { isObject, type JsonObject, propertiesOf, valueType } from './schema-fields.js';
import { contentWords, foldText } from './text-tokens.js';
import { typedValue } from './typed-value.js';

/** Values that are blocks of lines rather than one cell: a party under its heading, a list under its label. */

const MAX_LIST_ITEMS = 100;

/** A value filled from a party block: a leaf, or the parts of a nested address object. */
export type BlockValue = { readonly leaf: Located } | { readonly parts: Record<string, Located> };

export interface BlockLine {
  readonly text: string;
  readonly span: LineSpan;
}

/** Spaces between a heading and the next cell on its line that make that cell another column's. */
const COLUMN_GAP = 8;

/** Lines of a party block: at most the name, two street lines, the locality and the country. */
const MAX_BLOCK_LINES = 1 + MAX_ADDRESS_LINES + 1;
/** Labelled lines ("Handelsname: ...") skipped inside a block before its postcode line. */
const MAX_LABELLED_GAP = 2;

/**
 * The lines under a party's label, in the label's column: labelled lines before the name
 * ("Number: 549910") are skipped, a labelled line after its postcode line ("VAT ID: ...") ends it,
 * and one before it is a gap (see below). A blank line
 * ends it once it has its postcode line; before that, lines printed with wide spacing leave one
 * blank line between them, so the lines after a blank line belong to it only when they lead to
 * its postcode line, and two blank lines in a row end it.
 */
function blockUnder(context: Context, anchor: LabelMatch): BlockLine[] {
  const { lines } = context.document;
  const cell = labelCell(lines[anchor.line] ?? '', anchor);
  // A value beside the label is not a block under it; a heading of another column far to the right is no value.
  // Another heading beside it ("Bill To:      Ship To:") heads its own column, and is no value;
  // nor is another label's pair far right ("Bill To:        Invoice No.: 118").
  const beside = cellsOf(cell.after)[0];
  const otherColumn =
    beside && (/[:：]$/.test(beside.text) || (beside.start >= COLUMN_GAP && isLabelledPair(beside.text)));
  if (beside && !otherColumn && (cell.colon || beside.start < COLUMN_GAP)) return [];
  // The block stands under the heading's whole cell ("Adresse du Client"), not only its label word.
  const headingCell = cellsOf(lines[anchor.line] ?? '').find(
    (own) => own.start <= anchor.start && anchor.end <= own.end,
  );
  const from = headingCell?.start ?? anchor.start;
  const block: BlockLine[] = [];
  const postal = () => parsePostalBlock(block.slice(1).map((line) => line.text));
  let blank = 0;
  let labelled = 0;
  // The block's length at its first blank or labelled line, while it has no postcode line yet.
  let beforeGap: number | null = null;
  for (let index = anchor.line + 1; index < lines.length && block.length < MAX_BLOCK_LINES; index++) {
    if (lines[index]?.includes('\f')) break;
    const below = cellBelow(lines[index] ?? '', from, cell.cellEnd);
    if (!below) {
      blank++;
      // Before its first line, a heading may stand apart from its block by two lines that the
      // next column's rows fill ("Rechnungsempfänger" over "Kundennummer" and its value).
      if (blank >= (block.length === 0 ? 3 : 2) || postal()) break;
      if (block.length > 0) beforeGap ??= block.length;
      continue;
    }
    blank = 0;
    // A labelled line: the colon in the cell, or just after it ("Number   : 549910").
    if (/[:：]/.test(below.text) || /^\s*[:：]/.test((lines[index] ?? '').slice(below.end))) {
      if (block.length === 0 && index - anchor.line <= 3) continue;
      // Between the name and its street ("Handelsname: 9999..."), a labelled line is a gap like a
      // blank one: the lines after it belong to the block only when they lead to its postcode line.
      if (block.length === 0 || postal() || ++labelled > MAX_LABELLED_GAP) break;
      beforeGap ??= block.length;
      continue;
    }
    // A caption before the name ("Seller trade name") is the template's, not the party's.
    if (block.length === 0 && isPartyCaption(below.text)) continue;
    block.push({ text: below.text, span: spanOn(index, below.start, below.end) });
  }
  return beforeGap !== null && !postal() ? block.slice(0, beforeGap) : block;
}

/** A cell that is a label and its value ("Invoice No.: 118"). */
function isLabelledPair(text: string): boolean {
  return /^\p{L}[^:：]{0,40}[:：]\s*\S/u.test(text);
}

/**
 * The value after a label on its line and the lines under that value in its column, when the label
 * heads a block of lines ("Anschrift:   Händlerweg 31" over "DE 90411 Nürnberg"). A blank
 * line, a labelled line or a line with nothing in that column ends it.
 */
function blockAfter(context: Context, anchor: LabelMatch): BlockLine[] {
  const { lines } = context.document;
  const line = lines[anchor.line] ?? '';
  const cell = labelCell(line, anchor);
  const first = cellsOf(cell.after)[0];
  if (!first) return [];
  const column = cell.afterStart + first.start;
  const block: BlockLine[] = [{ text: first.text, span: spanOn(anchor.line, column, column + first.text.length) }];
  for (let index = anchor.line + 1; index < lines.length && block.length < MAX_BLOCK_LINES; index++) {
    const text = lines[index] ?? '';
    if (text.includes('\f')) break;
    const [below] = cellsOf(text);
    // Another label's line starts left of the column ("Steuernummer:   318/204/51736").
    if (!below || Math.abs(below.start - column) > 2 || /[:：]/.test(below.text)) break;
    block.push({ text: below.text, span: spanOn(index, below.start, below.end) });
  }
  return block;
}

/** An object whose properties are the parts of a postal address (street, postal code, city...). */
export function isAddressObject(schema: JsonObject): boolean {
  const parts = propertiesOf(schema).filter(([key]) =>
    contentWords(key).some((word) => Object.values(ADDRESS_PART_WORDS).some((set) => set.has(word))),
  );
  return parts.length >= 2;
}

/**
 * The letterhead: the first lines of the first page, in their first column, down to the first
 * blank line. An issuer prints its name and address there without a label.
 */
export function letterheadBlock(context: Context): BlockLine[] {
  const { lines } = context.document;
  let first = lines.findIndex((line) => line.trim() !== '');
  // A title over the letterhead ("TAX INVOICE", centred) is no line of it.
  if (first >= 0 && isTitleLine(lines[first] ?? '')) first++;
  if (first < 0) return [];
  const start = cellsOf(lines[first] ?? '')[0];
  if (!start) return [];
  const block: BlockLine[] = [];
  for (let index = first; index < lines.length && block.length < MAX_BLOCK_LINES; index++) {
    const cell = cellsOf(lines[index] ?? '').find((candidate) => Math.abs(candidate.start - start.start) <= 2);
    if (!cell || /[:：]/.test(cell.text) || lines[index]?.includes('\f')) break;
    block.push({ text: cell.text, span: spanOn(index, cell.start, cell.end) });
  }
  return block;
}

/** A line of the document's title words alone ("TAX INVOICE", "Rechnung"). */
function isTitleLine(text: string): boolean {
  const words = foldText(text)
    .replace(/[^\p{L}]+/gu, ' ')
    .trim()
    .split(' ');
  return words[0] !== '' && words.every((word) => DOCUMENT_TITLE_WORDS.has(word));
}

function wordsOf(key: string, schema: JsonObject): string[] {
  return [...contentWords(key), ...(typeof schema.description === 'string' ? contentWords(schema.description) : [])];
}

/** A line that is a form of address alone ("Herrn", "Mrs.") over the name under it. */
function isSalutation(text: string): boolean {
  const words = foldText(text)
    .replace(/[^\p{L}]+/gu, ' ')
    .trim()
    .split(' ');
  return words.length === 1 && SALUTATION_WORDS.has(words[0] ?? '');
}

/**
 * The block with its name as one line when the name runs over two: a form of address over a
 * person's name ("Herrn" / "Max Mustermann"), or a company's name wrapped before its legal form
 * ("ABC Beispielhafter" / "Versicherungsverein Beispielstadt a.G.").
 */
function withWrappedName(block: readonly BlockLine[]): BlockLine[] {
  const [first, second, ...rest] = block;
  if (!first || !second) return [...block];
  const wrapped =
    isSalutation(first.text) ||
    (parseOrganization(first.text) === null &&
      parseOrganization(second.text) === second.text.trim() &&
      !isAddressLine(second.text));
  if (!wrapped || rest.length === 0) return [...block];
  const span = { line: first.span.line, start: first.span.start, endLine: second.span.endLine, end: second.span.end };
  return [{ text: `${first.text} ${second.text}`, span }, ...rest];
}

/** A nested address object's parts from the block's lines, each where it was printed. */
function addressParts(schema: JsonObject, lines: readonly BlockLine[]): Record<string, Located> | null {
  const parts = parsePostalBlock(lines.map((line) => line.text));
  if (!parts) return null;
  const { locality } = parts;
  const localityLine = lines[locality.line];
  if (!localityLine) return null;
  const at = (text: string, start: number): LineSpan =>
    spanOn(localityLine.span.line, localityLine.span.start + start, localityLine.span.start + start + text.length);
  const filled: Record<string, Located> = {};
  for (const [key, property] of propertiesOf(schema)) {
    if (valueType(property) !== 'string') continue;
    const own = contentWords(key);
    const part = (Object.keys(ADDRESS_PART_WORDS) as (keyof typeof ADDRESS_PART_WORDS)[]).find((name) =>
      own.some((word) => ADDRESS_PART_WORDS[name].has(word)),
    );
    const line = part === 'street' ? parts.street : part === 'additional' ? parts.additional : undefined;
    if (line !== undefined) {
      const found = lines[line];
      if (found) filled[key] = { value: found.text, span: found.span, confidence: 0.6 };
    } else if (part === 'postcode') {
      filled[key] = {
        value: locality.postcode.text,
        span: at(locality.postcode.text, locality.postcode.start),
        confidence: 0.65,
      };
    } else if (part === 'city') {
      filled[key] = { value: locality.city.text, span: at(locality.city.text, locality.city.start), confidence: 0.65 };
    } else if (part === 'country') {
      // A code is asked for when the property says so; otherwise the country as printed.
      const wantsCode = wordsOf(key, property).some((word) => word === 'code' || word === 'iso');
      const printed = parts.country;
      const code = printed?.code ?? locality.country;
      if (!code) continue;
      const span = printed ? (lines[printed.line]?.span ?? null) : localityLine.span;
      filled[key] = { value: wantsCode || !printed ? code : printed.text, span, confidence: 0.55 };
    }
  }
  return Object.keys(filled).length > 0 ? filled : null;
}

/**
 * A party printed as a block of lines, under its label ("Bill To:"), for the issuer as the
 * letterhead, or as lines the layout places (an address window): the first line is the name, the
 * rest the address. Fills only what the labels did not find; the layout says which line is which,
 * not a label: likely, not certain.
 */
export function fillFromBlock(
  context: Context,
  schema: JsonObject,
  anchor: LabelMatch | 'letterhead' | readonly BlockLine[],
  found: ReadonlySet<string>,
): [string, BlockValue][] {
  const placed = Array.isArray(anchor) ? (anchor as readonly BlockLine[]) : null;
  const labelled = anchor !== 'letterhead' && !placed ? (anchor as LabelMatch) : null;
  // An address under its own label: every line of the block is the address, value and all.
  if (labelled && isAddressObject(schema)) {
    const lines = blockAfter(context, labelled);
    const parts = addressParts(schema, lines.length > 0 ? lines : blockUnder(context, labelled));
    return Object.entries(parts ?? {})
      .filter(([key]) => !found.has(key))
      .map(([key, leaf]) => [key, { leaf }]);
  }
  const block = placed ?? (labelled ? blockUnder(context, labelled) : letterheadBlock(context));
  // A block that opens with a street line ("Handelskade 9" under a caption) prints no name.
  const opening = block[0]?.text ?? '';
  const nameless = /\d/.test(opening) && isAddressOnly(opening);
  const lines = nameless ? block : withWrappedName(block);
  const name = nameless ? undefined : lines[0];
  const address = nameless ? lines : lines.slice(1);
  const first = address[0];
  const last = address.at(-1);
  const filled: [string, BlockValue][] = [];
  for (const [key, property] of propertiesOf(schema)) {
    if (found.has(key)) continue;
    const words = contentWords(key);
    const type = valueType(property);
    if (type === 'object' && wordsOf(key, property).some((word) => ADDRESS_WORDS.has(word))) {
      const parts = addressParts(property, address);
      if (parts) filled.push([key, { parts }]);
      continue;
    }
    if (type !== 'string' || property.format !== undefined) continue;
    if (name && words.some((word) => ORGANIZATION_NAME_WORDS.has(word))) {
      filled.push([
        key,
        { leaf: { value: name.text, span: name.span, confidence: anchor === 'letterhead' ? 0.5 : 0.7 } },
      ]);
    } else if (first && last && words.some((word) => ADDRESS_WORDS.has(word))) {
      const span = { line: first.span.line, start: first.span.start, endLine: last.span.line, end: last.span.end };
      filled.push([key, { leaf: { value: address.map((part) => part.text).join(', '), span, confidence: 0.65 } }]);
    }
  }
  return filled;
}

/** Arrays of scalars: `Skills: a, b, c` on the label's line, or the lines (bullets) under it. */
interface Piece {
  readonly text: string;
  readonly line: number;
  readonly start: number;
}

/** The parts of `text` (from offset `base` of `line`) between separators, trimmed, with their offsets. */
function pieces(text: string, line: number, base: number, separators: RegExp): Piece[] {
  const out: Piece[] = [];
  let offset = 0;
  for (const part of text.split(separators)) {
    const lead = part.length - part.trimStart().length;
    if (part.trim() !== '') out.push({ text: part.trim(), line, start: base + offset + lead });
    offset += part.length + 1;
  }
  return out;
}

const LIST_SEPARATORS = /[,;•·|]/;

export function readList(
  context: Context,
  field: Field,
  items: JsonObject,
  plainRange: PlainRange,
): Located[] | undefined {
  const { lines } = context.document;
  const matches = matchesOf(context, field, plainRange)
    .filter((match) => startsCell(context, match))
    .sort((a, b) => b.variant.priority - a.variant.priority || a.line - b.line);
  for (const match of matches) {
    const line = lines[match.line] ?? '';
    const { after, afterStart } = labelCell(line, match);
    let texts = after.trim() === '' ? [] : pieces(after, match.line, afterStart, LIST_SEPARATORS);
    if (texts.length === 0) {
      for (let index = match.line + 1; index < lines.length && texts.length < MAX_LIST_ITEMS; index++) {
        const text = lines[index] ?? '';
        if (text.trim() === '' || text.includes('\f')) break;
        // A bullet is one item, commas and all; a plain line may be a list of its own.
        const bullet = text.match(/^(\s*(?:[-*•·▪◦]|\d+[.)])\s+)(.*)$/);
        if (bullet) texts.push(...pieces(bullet[2] ?? '', index, bullet[1]?.length ?? 0, /$^/));
        else texts.push(...pieces(text, index, 0, LIST_SEPARATORS));
      }
    }
    texts = texts.slice(0, MAX_LIST_ITEMS);
    const values: Located[] = [];
    for (const piece of texts) {
      const value = typedValue(piece.text, items, field.key, context.dateOrder);
      if (value === null || isObject(value)) continue;
      const span = spanOn(piece.line, piece.start, piece.start + piece.text.length);
      values.push({ value, span, confidence: match.variant.priority >= 3 ? 0.8 : 0.6 });
    }
    if (values.length > 0) return values;
  }
  return undefined;
}
