import type { Cell } from '../document-lines.js';
import { WORD_SYNONYMS } from '../lexicon/labels.js';
import { FAX_LABELS, PHONE_LABELS } from '../lexicon/letterhead.js';
import { parsePhone } from '../parse-identifiers.js';
import { parseDate } from '../parse-values.js';

/**
 * A label word of a kind of value and a value of that kind one space after it, inside a run of
 * other words: "4 Elm Row, Dunmore Tel 555-0134 Fax 555-0135" holds the pairs "Tel 555-0134" and
 * "Fax 555-0135". The label is known by its word, the value by its kind (a phone after a phone's
 * label, a date after a date's), so the words around them need no gap to part them.
 */

interface KindLabel {
  readonly words: ReadonlySet<string>;
  /** The value of the kind at the start of the text, or null. */
  readonly valueAt: (text: string) => string | null;
}

/** One word of a label and the marks a label may end in: "Tel.", "Fax:", "Date -". */
const LABEL_WORD = /(?<=^|\s)(\p{L}+)\.?\s*[:-]?\s+(?=\S)/gu;

/** A phone number opening the text. */
function phoneAt(text: string): string | null {
  const phone = parsePhone(text);
  return phone !== null && text.startsWith(phone) ? phone : null;
}

/** A date of figures opening the text, as one token: "4/12/98", "12.04.1998". */
function dateAt(text: string): string | null {
  const token = text.match(/^\d{1,4}[./-]\d{1,2}[./-]\d{2,4}(?=\s|$|[,;])/)?.[0];
  return token !== undefined && parseDate(token) !== null ? token : null;
}

/** Label words of one letter ("F" of a fax) are left out: a speck of the scan reads as one. */
const wordsOf = (labels: readonly string[]) => new Set(labels.filter((label) => /^\p{L}{2,}$/u.test(label)));

const KIND_LABELS: readonly KindLabel[] = [
  { words: wordsOf([...PHONE_LABELS, ...FAX_LABELS]), valueAt: phoneAt },
  { words: wordsOf(['date', ...(WORD_SYNONYMS.date ?? [])]), valueAt: dateAt },
];

/** A figure (and the marks after it) right before a label word: what precedes the label is a value, not its words. */
const AFTER_FIGURE = /\d[^\p{L}\s]*\s+$/u;

/**
 * The pairs of kind labels and their values in a cell, left to right, when one at least follows a
 * figure: words before a label may be its own ("Birth Date 4/12/98"), a figure before it may not
 * (a label and its figure opening a cell is read as a label cell already).
 */
export function kindLabelPairs(cell: Cell): [Cell, Cell][] {
  const found: [Cell, Cell][] = [];
  for (const match of cell.text.matchAll(LABEL_WORD)) {
    const word = (match[1] as string).toLowerCase();
    const kind = KIND_LABELS.find((candidate) => candidate.words.has(word));
    const from = (match.index ?? 0) + match[0].length;
    const value = kind?.valueAt(cell.text.slice(from));
    if (!value) continue;
    const at = cell.start + (match.index ?? 0);
    found.push([
      { text: match[1] as string, start: at, end: at + word.length },
      { text: value, start: cell.start + from, end: cell.start + from + value.length },
    ]);
  }
  const afterFigure = ([label]: [Cell, Cell]) => AFTER_FIGURE.test(cell.text.slice(0, label.start - cell.start));
  return found.some(afterFigure) ? found : [];
}
