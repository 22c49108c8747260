import type { Located } from './evidence.js';

/**
 * An item's description as a table prints it, without what belongs to other columns or to notes:
 * the row's position number run into it ("3 Sturzflug-Geier" under "Pos. Artikelbeschreibung")
 * and a labelled figure wrapped under it ("Bruttopreis : 170,0000", a price note, not a word of
 * the item's name).
 */

/**
 * "Bruttopreis : 170,0000", "Listenpreis: 5.50" at the end of a wrapped description: a one-word
 * label (where a label of several words starts cannot be told from the item's own words).
 */
const TRAILING_LABELLED_FIGURE = /\s+\p{L}[\p{L}.-]{1,30}\s?:\s?-?\d[\d.,']*\s*$/u;

/** The description of the row at `index` (0-based), its position number and price notes taken off. */
export function cleanDescription(text: string, index: number): string {
  let cleaned = text;
  // Only the row's own number: "1 Small Business" for row 1, not "12 x 1,0l" for row 3.
  const position = new RegExp(`^0*${index + 1}[.)]?\\s+(?=\\p{L})`, 'u');
  cleaned = cleaned.replace(position, '');
  while (TRAILING_LABELLED_FIGURE.test(cleaned)) cleaned = cleaned.replace(TRAILING_LABELLED_FIGURE, '');
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
