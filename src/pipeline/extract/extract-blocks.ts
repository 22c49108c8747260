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
import { ADDRESS_WORDS, ORGANIZATION_NAME_WORDS } from './lexicon/field-words.js';
import { isObject, type JsonObject, propertiesOf, valueType } from './schema-fields.js';
import { contentWords } from './text-tokens.js';
import { typedValue } from './typed-value.js';

/** Values that are blocks of lines rather than one cell: a party under its heading, a list under its label. */

const MAX_LIST_ITEMS = 100;

/**
 * An object's label alone above a block of lines ("Bill To:" over a name and an address) is how
 * parties are printed: the first line is the name, the rest the address. Fills only what the
 * labels did not find.
 */
export function fillFromBlock(
  context: Context,
  schema: JsonObject,
  anchor: LabelMatch,
  found: ReadonlySet<string>,
): [string, Located][] {
  const { lines } = context.document;
  const cell = labelCell(lines[anchor.line] ?? '', anchor);
  if (cellsOf(cell.after).length > 0) return [];
  const block: { text: string; span: LineSpan }[] = [];
  for (let index = anchor.line + 1; index < lines.length && block.length < 1 + MAX_ADDRESS_LINES; index++) {
    const below = lines[index]?.includes('\f') ? null : cellBelow(lines[index] ?? '', anchor.start, cell.cellEnd);
    if (!below || /[:：]/.test(below.text)) break;
    block.push({ text: below.text, span: spanOn(index, below.start, below.end) });
  }
  const [name, ...address] = block;
  const first = address[0];
  const last = address.at(-1);
  const filled: [string, Located][] = [];
  // The layout says which line is which, not a label: likely, not certain.
  for (const [key, property] of propertiesOf(schema)) {
    if (found.has(key) || valueType(property) !== 'string' || property.format !== undefined) continue;
    const words = contentWords(key);
    if (name && words.some((word) => ORGANIZATION_NAME_WORDS.has(word))) {
      filled.push([key, { value: name.text, span: name.span, confidence: 0.7 }]);
    } else if (first && last && words.some((word) => ADDRESS_WORDS.has(word))) {
      const span = { line: first.span.line, start: first.span.start, endLine: last.span.line, end: last.span.end };
      filled.push([key, { value: address.map((part) => part.text).join(', '), span, confidence: 0.65 }]);
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
