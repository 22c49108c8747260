import {
  cellBelow,
  cellsOf,
  type DocumentLines,
  findLabel,
  indexLines,
  type LabelMatch,
  type LineRange,
} from './document-lines.js';
import { readTable } from './extract-table.js';
import { type DateOrder, inferDateOrder, parseEmail } from './parse-values.js';
import {
  isObject,
  itemsOf,
  type JsonObject,
  type LabelVariant,
  labelVariants,
  propertiesOf,
  type ValueType,
  valueType,
} from './schema-fields.js';
import { contentWords, normalizeWord } from './text-tokens.js';
import { typedValue } from './typed-value.js';
import type { ConvertedDocument, ExtractionType } from './types.js';

/**
 * Schema-guided extraction without a model: every property is looked for by its labels (name,
 * title, short description phrases, common synonyms) next to or under which its value is
 * printed, and parsed by its declared type. Nothing is invented: a property whose value is not
 * found is left out, and validation then names it if it was required.
 *
 * Output keys follow the schema's order whether or not `keepPropertyOrdering` is set: a stable
 * order costs nothing here, and the flag matters to the model-backed engine's prompts.
 */
export function extractFields(document: ConvertedDocument, type: ExtractionType): Record<string, unknown> {
  const context: Context = {
    document: indexLines(document.text),
    dateOrder: inferDateOrder(document.text),
    keyCounts: countKeys(type.jsonSchema, new Map()),
    emailFields: countEmailFields(type.jsonSchema),
  };
  return extractObject(context, type.jsonSchema, [], null);
}

interface Context {
  readonly document: DocumentLines;
  readonly dateOrder: DateOrder;
  /** How often each property name occurs in the schema's objects: "name" under vendor and customer is 2. */
  readonly keyCounts: ReadonlyMap<string, number>;
  /** Email properties in the whole schema: with exactly one, any address in the document is its value. */
  readonly emailFields: number;
}

interface Field {
  readonly key: string;
  readonly schema: JsonObject;
  readonly type: ValueType | null;
  readonly variants: readonly LabelVariant[];
}

/** Label spans of the other properties of an object, by line, to stop "Invoice" in "Invoice Date" being the invoice number. */
type SiblingSpans = Map<number, { key: string; start: number; end: number }[]>;

/** Lines after an object's own label ("Bill to:") where its unprefixed properties are looked for. */
const SECTION_LINES = 12;
const ADDRESS_WORDS = new Set(['address', 'direccion', 'domicilio', 'adresse', 'adres'].map(normalizeWord));
const NAME_WORDS = new Set(['name', 'nombre', 'company', 'razon', 'organization', 'empresa'].map(normalizeWord));
const MAX_ADDRESS_LINES = 4;
const MAX_LIST_ITEMS = 100;

// The last word of a compound name is often printed alone: "Date:" for "transactionDate".
const HEAD_NOUNS = new Set(
  ['date', 'number', 'name', 'price', 'amount', 'total', 'address', 'email', 'phone', 'reference'].map(normalizeWord),
);
// ...unless the first word says it is a different one of its kind: a due date is not "the date".
const DISTINCT_QUALIFIERS = new Set(
  [
    'due',
    'expiry',
    'expiration',
    'end',
    'start',
    'birth',
    'delivery',
    'shipping',
    'ship',
    'vencimiento',
    'unit',
    'tax',
    'sub',
  ].map(normalizeWord),
);

/** Adds the head noun alone as a last-resort label, when no sibling property shares that head noun. */
function withHeadNouns(fields: Field[]): Field[] {
  const words = fields.map((field) => contentWords(field.key));
  return fields.map((field, index) => {
    const own = words[index] ?? [];
    const head = own.at(-1);
    if (own.length < 2 || !head || !HEAD_NOUNS.has(head) || own.some((word) => DISTINCT_QUALIFIERS.has(word)))
      return field;
    if (words.some((other, otherIndex) => otherIndex !== index && other.includes(head))) return field;
    return { ...field, variants: [...field.variants, { words: [head], priority: 0 }] };
  });
}

function countEmailFields(schema: JsonObject): number {
  return propertiesOf(schema).reduce(
    (sum, [, property]) =>
      sum + (property.format === 'email' ? 1 : valueType(property) === 'object' ? countEmailFields(property) : 0),
    0,
  );
}

function countKeys(schema: JsonObject, counts: Map<string, number>): Map<string, number> {
  for (const [key, property] of propertiesOf(schema)) {
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (valueType(property) === 'object') countKeys(property, counts);
  }
  return counts;
}

function extractObject(
  context: Context,
  schema: JsonObject,
  prefixes: readonly LabelVariant[],
  section: LineRange | null,
): Record<string, unknown> {
  const fields: Field[] = withHeadNouns(
    propertiesOf(schema).map(([key, property]) => ({
      key,
      schema: property,
      type: valueType(property),
      variants: labelVariants(key, property, prefixes),
    })),
  );
  const siblings = siblingSpans(context, fields);
  const result: Record<string, unknown> = {};
  for (const field of fields) {
    // Unprefixed labels of a nested property are trusted only near the parent's label, or anywhere
    // when no other object has a property of that name.
    const nested = prefixes.length > 0;
    const plainRange: LineRange | null | false = !nested
      ? null
      : (section ?? ((context.keyCounts.get(field.key) ?? 0) <= 1 ? null : false));
    const value = extractField(context, field, siblings, plainRange);
    if (value !== undefined) result[field.key] = value;
  }
  return result;
}

/** `null` range: the whole document; `false`: unprefixed labels are not looked for at all. */
function rangeFor(variant: LabelVariant, plainRange: LineRange | null | false): LineRange | null | false {
  return variant.prefixed ? null : plainRange;
}

function matchesOf(context: Context, field: Field, plainRange: LineRange | null | false): LabelMatch[] {
  return field.variants.flatMap((variant) => {
    const range = rangeFor(variant, plainRange);
    return range === false ? [] : findLabel(context.document, variant, range ?? undefined);
  });
}

function extractField(
  context: Context,
  field: Field,
  siblings: SiblingSpans,
  plainRange: LineRange | null | false,
): unknown {
  switch (field.type) {
    case 'object': {
      const own = matchesOf(context, field, plainRange).sort((a, b) => a.line - b.line || a.start - b.start);
      const anchor = own.find((match) => startsCell(context, match)) ?? own[0];
      const section = anchor ? { from: anchor.line, to: anchor.line + SECTION_LINES } : null;
      const prefixes = field.variants.filter((variant) => variant.priority >= 3).slice(0, 12);
      const value = extractObject(context, field.schema, prefixes, section);
      if (anchor) fillFromBlock(context, field.schema, anchor, value);
      return Object.keys(value).length > 0 ? value : undefined;
    }
    case 'array': {
      const items = itemsOf(field.schema);
      if (items && valueType(items) === 'object') {
        // A table anywhere: its header is made of the item labels, which is evidence enough.
        return readTable(context.document, items, context.dateOrder) ?? undefined;
      }
      return items ? readList(context, field, items, plainRange) : undefined;
    }
    default:
      return readScalar(context, field, siblings, plainRange);
  }
}

function siblingSpans(context: Context, fields: readonly Field[]): SiblingSpans {
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

/** At the start of a line or a column, or after a clause number or bullet ("2. Term:"). */
function startsCell(context: Context, match: LabelMatch): boolean {
  const before = (context.document.lines[match.line] ?? '').slice(0, match.start);
  return /^\s*((\d+(\.\d+)*[.)]|[-*•·▪◦])\s*)?$/.test(before) || /(\s{2}|[|│])\s*$/.test(before);
}

interface Found {
  readonly value: unknown;
  readonly score: number;
  readonly line: number;
  readonly start: number;
}

function readScalar(context: Context, field: Field, siblings: SiblingSpans, plainRange: LineRange | null | false) {
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
  // An email address says what it is without a label ("jane@example.com | +1 555 0100").
  if (!best && field.schema.format === 'email' && context.emailFields === 1) {
    return parseEmail(context.document.lines.join('\n')) ?? undefined;
  }
  return best?.value;
}

interface LabelCell {
  /** The line after the label and its separator. */
  readonly after: string;
  readonly colon: boolean;
  /** Words between the label and its value ("Total due (EUR): 12"). */
  readonly intervening: boolean;
  /** Where the label's own cell ends. */
  readonly cellEnd: number;
  /** The value is in the next column ("Label      value"). */
  readonly gap: boolean;
}

/** Where the label's cell ends and how its value is introduced: `Label: value`, `Label   value`, `Label value`. */
function labelCell(line: string, match: LabelMatch): LabelCell {
  const after = line.slice(match.end).replace(/^\./, '');
  const offset = line.length - after.length;
  const direct = after.match(/^\s*[:：=]/);
  if (direct) {
    const rest = after.slice(direct[0].length);
    return { after: rest, colon: true, intervening: false, cellEnd: offset + direct[0].length, gap: false };
  }
  const rest = after.match(/^(\S+(?:\s\S+)*)?/)?.[0] ?? '';
  if (rest === '') return { after, colon: false, intervening: false, cellEnd: offset, gap: /^\s{2,}\S/.test(after) };
  const colonAt = rest.search(/[:：](\s|$)/);
  if (colonAt > 0 && rest.slice(0, colonAt).trim().split(/\s+/).length <= 4 && !/\d/.test(rest.slice(0, colonAt))) {
    return {
      after: after.slice(colonAt + 1),
      colon: true,
      intervening: true,
      cellEnd: offset + colonAt + 1,
      gap: false,
    };
  }
  return { after, colon: false, intervening: false, cellEnd: offset, gap: false };
}

/** A value cell stops where the next `Label:` begins: "INV-7 Date: 2024-01-02" is "INV-7". */
function cutAtNextLabel(text: string): string {
  const next = text.search(/\s(?=\p{L}[\p{L}\p{N} .#º°/-]{0,30}[:：](\s|$))/u);
  return (next > 0 ? text.slice(0, next) : text).trim();
}

/** Text where a number should be starts with it (or a sign or currency), not with words. */
const LEADING_AMOUNT = /^[-(−]?\s*(?:[$€£¥₹]|[A-Z]{3}\b)?\s*[-(−]?\s*\d/;

function valueAt(context: Context, field: Field, siblings: SiblingSpans, match: LabelMatch): Found | null {
  const line = context.document.lines[match.line] ?? '';
  const atCellStart = startsCell(context, match);
  const cell = labelCell(line, match);
  // A label in the middle of a sentence, without a colon, is a mention, not a label.
  if (!atCellStart && !cell.colon) return null;
  const cells = cellsOf(cell.after);
  const labelEnd =
    cell.colon || cell.gap || cells.length === 0
      ? cell.cellEnd
      : line.length - cell.after.length + (cells[0]?.end ?? 0);
  if (claimedBySibling(siblings, field.key, match, labelEnd)) return null;
  const { words, priority } = match.variant;
  const score = priority * 4 + words.length * 6 + (atCellStart ? 4 : 0) - (cell.intervening ? 8 : 0);
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
 * An object's label alone above a block of lines ("Bill To:" over a name and an address) is how
 * parties are printed: the first line is the name, the rest the address. Fills only what the
 * labels did not find.
 */
function fillFromBlock(context: Context, schema: JsonObject, anchor: LabelMatch, value: Record<string, unknown>): void {
  const { lines } = context.document;
  const cell = labelCell(lines[anchor.line] ?? '', anchor);
  if (cellsOf(cell.after).length > 0) return;
  const block: string[] = [];
  for (let index = anchor.line + 1; index < lines.length && block.length < 1 + MAX_ADDRESS_LINES; index++) {
    const below = lines[index]?.includes('\f') ? null : cellBelow(lines[index] ?? '', anchor.start, cell.cellEnd);
    if (!below || /[:：]/.test(below.text)) break;
    block.push(below.text);
  }
  const [name, ...address] = block;
  for (const [key, property] of propertiesOf(schema)) {
    if (key in value || valueType(property) !== 'string' || property.format !== undefined) continue;
    const words = contentWords(key);
    if (name && words.some((word) => NAME_WORDS.has(word))) value[key] = name;
    else if (address.length > 0 && words.some((word) => ADDRESS_WORDS.has(word))) value[key] = address.join(', ');
  }
}

/** Arrays of scalars: `Skills: a, b, c` on the label's line, or the lines (bullets) under it. */
function readList(context: Context, field: Field, items: JsonObject, plainRange: LineRange | null | false): unknown {
  const { lines } = context.document;
  const matches = matchesOf(context, field, plainRange)
    .filter((match) => startsCell(context, match))
    .sort((a, b) => b.variant.priority - a.variant.priority || a.line - b.line);
  for (const match of matches) {
    const { after } = labelCell(lines[match.line] ?? '', match);
    let texts = after.trim() === '' ? [] : after.split(/[,;•·|]/);
    if (texts.length === 0) {
      for (let index = match.line + 1; index < lines.length && texts.length < MAX_LIST_ITEMS; index++) {
        const text = lines[index] ?? '';
        if (text.trim() === '' || text.includes('\f')) break;
        // A bullet is one item, commas and all; a plain line may be a list of its own.
        const bullet = text.match(/^\s*(?:[-*•·▪◦]|\d+[.)])\s+(.*)$/);
        if (bullet) texts.push(bullet[1] ?? '');
        else texts.push(...text.split(/[,;•·|]/));
      }
    }
    texts = texts.map((text) => text.trim()).filter((text) => text !== '');
    const values = texts
      .map((text) => typedValue(text, items, field.key, context.dateOrder))
      .filter((value) => value !== null && !isObject(value));
    if (values.length > 0) return values.slice(0, MAX_LIST_ITEMS);
  }
  return undefined;
}
