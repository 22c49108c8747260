import { cellBelow, cellsOf, type LabelMatch } from './document-lines.js';
import {
  ADDRESS_WORDS,
  type Context,
  type Field,
  labelCell,
  MAX_ADDRESS_LINES,
  matchesOf,
  type PlainRange,
  startsCell,
} from './extract-context.js';
import { isObject, type JsonObject, propertiesOf, valueType } from './schema-fields.js';
import { contentWords, normalizeWord } from './text-tokens.js';
import { typedValue } from './typed-value.js';

/** Values that are blocks of lines rather than one cell: a party under its heading, a list under its label. */

const NAME_WORDS = new Set(['name', 'nombre', 'company', 'razon', 'organization', 'empresa'].map(normalizeWord));
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
  value: Record<string, unknown>,
): void {
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
export function readList(context: Context, field: Field, items: JsonObject, plainRange: PlainRange): unknown {
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
