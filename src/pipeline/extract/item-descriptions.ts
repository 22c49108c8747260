import type { Located } from './evidence.js';
import { CODE_WORDS, KIND_WORDS } from './lexicon/field-words.js';
import { normalizeWord } from './text-tokens.js';

/**
 * An item's description as a table prints it, without what belongs to other columns or to notes:
 * the row's position number run into it ("3 Wander-Falke" under "Pos. Artikelbezeichnung")
 * and a labelled figure wrapped under it ("Bruttopreis : 245,0000", a price note, not a word of
 * the item's name).
 */

/**
 * "Bruttopreis : 245,0000", "Listenpreis: 7.80" at the end of a wrapped description: a one-word
 * label (where a label of several words starts cannot be told from the item's own words).
 */
const TRAILING_LABELLED_FIGURE = /\s+\p{L}[\p{L}.-]{1,30}\s?:\s?-?\d[\d.,']*\s*$/u;

/**
 * "Gardening (hours): lawn and hedges": an item's name, a colon, then words describing it, as
 * invoice renderers print an item's name and its description on one line; the name is the item.
 * Not a note whose first word is abbreviated ("Incl. deposit: 0.25"), nor a label of a code or
 * number ("Art-Nr: KX200 hose", "Serial: SN4711"): the details start with a word in lower case
 * letters after its first, and the name holds no word of a code or number.
 */
const NAME_BEFORE_DETAILS = /^(\p{Lu}[\p{L}\p{N}]*(?:[ -][^\s:]+){0,4}?)\s?:\s+(?=\p{L}\p{Ll}+\b)/u;

/**
 * "GARDEN HOSE - Green, twenty metres": a name in capitals, a spaced dash, then a description in
 * lower case letters after its capital; the name is the item.
 */
const CAPITALS_BEFORE_DETAILS = /^([^\p{Ll}]*?\p{Lu}{2}[^\p{Ll}]*?)\s[-–]\s(?=\p{Lu}?\p{Ll}+\b)/u;

/** Words of a code or number's label: "code", "SKU", "Nr", "No"... */
const IDENTIFIER_WORDS = new Set([...CODE_WORDS, ...(KIND_WORDS.find(([kind]) => kind === 'identifier')?.[1] ?? [])]);

/** The item's name of a description printed as "Name: details" or "NAME - Details", else null. */
function nameBeforeDetails(text: string): string | null {
  const name = (text.match(NAME_BEFORE_DETAILS) ?? text.match(CAPITALS_BEFORE_DETAILS))?.[1];
  if (!name || name.length < 3) return null;
  const labelsCode = name
    .split(/[^\p{L}\p{N}]+/u)
    .map(normalizeWord)
    .some((word) => IDENTIFIER_WORDS.has(word));
  return labelsCode ? null : name;
}

/** The description of the row at `index` (0-based), its position number and price notes taken off. */
export function cleanDescription(text: string, index: number): string {
  let cleaned = text;
  // Only the row's own number: "1 Basic Plan" for row 1, not "12 x 0,7l" for row 3.
  const position = new RegExp(`^0*${index + 1}[.)]?\\s+(?=\\p{L})`, 'u');
  cleaned = cleaned.replace(position, '');
  while (TRAILING_LABELLED_FIGURE.test(cleaned)) cleaned = cleaned.replace(TRAILING_LABELLED_FIGURE, '');
  cleaned = nameBeforeDetails(cleaned) ?? cleaned;
  return cleaned.trim() === '' ? text : cleaned.trim();
}

/** The rows with their string property `key` cleaned, when the cell's text loses something. */
export function withCleanDescriptions(
  rows: readonly Record<string, Located>[],
  key: string | undefined,
): Record<string, Located>[] {
  if (!key) return [...rows];
  return rows.map((row, index) => {
    const cell = row[key];
    if (!cell || typeof cell.value !== 'string') return row;
    const value = cleanDescription(cell.value, index);
    return value === cell.value ? row : { ...row, [key]: { ...cell, value } };
  });
}
