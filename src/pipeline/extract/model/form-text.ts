import type { LineSpan } from '../evidence.js';
import {
  FIELD_NAME_WORDS,
  FILL_IN_LEAD,
  FILL_IN_TRAIL,
  LABEL_HEAD_WORDS,
  MARK_CELL,
  SHORT_ANSWER_WORDS,
  SHORT_LABEL_WORDS,
} from '../lexicon/form-layout.js';
import { PERSON_TITLE_WORDS } from '../lexicon/letterhead.js';
import { STOP_WORDS } from '../lexicon/stop-words.js';

/** The text of a form's labels and values, shared by the readers of pairs on a line and in cells. */

export type PairLayout = 'same-line' | 'below' | 'check-box';

export interface KeyValuePair {
  readonly key: string;
  readonly value: string;
  readonly keySpan: LineSpan;
  readonly valueSpan: LineSpan;
  readonly layout: PairLayout;
  /** How sure the reader is that this is a label and its value (0..1). */
  readonly confidence: number;
}

/**
 * A few characters after a column gap at the end of a value (not after a comma: "May 1,     1990"),
 * or the edge of a box read as a bracket or a bar with a scrap after it ("402-113 [SY").
 */
const STRAY_TAIL = /(?<![,\s])\s{3,}\S{1,4}$|\s+[[|]\S{0,3}$/;

/** A cell that is a speck of the scan, not writing: one letter, or a few marks ("o", "[)", "-", "."). */
const SPECK_CELL = /^(?:[^\p{L}\p{N}]{1,3}|\p{L})$/u;

export function isSpeck(text: string): boolean {
  return SPECK_CELL.test(text.trim());
}

/** Two characters, one a small letter: a scrap of the scan ("co", "Jr"), not a printed label. */
export function isScrap(text: string): boolean {
  return /^(?=.?\p{Ll})\S{1,2}$/u.test(text.trim());
}

/**
 * A value that is no writing: marks without a letter or a figure (":", "» | »"), a speck of the
 * scan, or a scrap of two characters ("oo", "Lu"), but a tick, a capital letter or a short answer
 * ("x", "B", "No").
 */
export function isBlankValue(text: string): boolean {
  const trimmed = text.trim();
  if (!/[\p{L}\p{N}]/u.test(trimmed)) return true;
  if (MARK_CELL.test(trimmed) || /^\p{Lu}$/u.test(trimmed) || SHORT_ANSWER_WORDS.has(trimmed.toLowerCase()))
    return false;
  return isSpeck(trimmed) || isScrap(trimmed);
}

/** Whether the text is only the names of form fields ("DATE", "Phone No."): a label, not a written value. */
export function isFieldName(text: string): boolean {
  const names = text
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((word) => word !== '');
  return names.length > 0 && names.length <= 2 && names.every((word) => FIELD_NAME_WORDS.has(word));
}

/** A label phrase has at most this many words. */
const MAX_LABEL_PHRASE_WORDS = 5;

/**
 * Whether the text is a printed label by its shape and its last word: a short phrase without a
 * figure, its words opening in capitals (joining words aside), ending in a colon or in a noun that
 * names a field ("Account Name", "CHARGE NO.", "Vendor #", "Recipient(s):"). Such a cell is a
 * label left blank, never the value of the label before it.
 */
export function isLabelPhrase(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '' || /\d/.test(trimmed) || !/^[\p{L}(*]/u.test(trimmed)) return false;
  const tokens = trimmed.split(/\s+/);
  if (tokens.length > MAX_LABEL_PHRASE_WORDS) return false;
  if (!tokens.every((token) => /^[(*]?[\p{Lu}#&]/u.test(token) || STOP_WORDS.has(token.toLowerCase()))) return false;
  if (/:$/.test(trimmed) || /#$/.test(trimmed)) return true;
  const last = (tokens[tokens.length - 1] as string)
    .toLowerCase()
    .replace(/\(s\)$/, '')
    .replace(/[^\p{L}]/gu, '');
  return LABEL_HEAD_WORDS.has(last);
}

/**
 * A label cell without a colon that is a scrap of the scan, not a printed label: two letters or
 * figures at most ("ee", "LF", "a A"), or one word of three letters not cased as a word is ("iEt",
 * "rwa"; "Ref" and "FOR" are labels). An abbreviation ending in a full stop ("No.") or joined by a
 * sign ("P&L", "A/C"), and a two-letter label word ("TO", "Re"), are labels.
 */
export function isScrapLabel(text: string): boolean {
  const trimmed = text.trim();
  if (/[.#]$|\p{L}[&/]\p{L}/u.test(trimmed)) return false;
  const letters = trimmed.replace(/[^\p{L}\p{N}]/gu, '');
  if (SHORT_LABEL_WORDS.has(letters.toLowerCase())) return false;
  return (
    letters.length <= 2 ||
    (letters.length === 3 && !/\s/.test(trimmed) && !/^(?:\p{Lu}\p{Ll}*|\p{Lu}+)$/u.test(letters))
  );
}

/** Initials and a surname, nothing after it: "A. B. Vale", "K.J. Ode" (not "P.O.Box": a name is set off from its initials). */
const INITIALS_AND_NAME = /^(?:\p{Lu}\.\s?)*\p{Lu}\.\s+\p{Lu}[\p{Ll}'’-]+$/u;

/**
 * Whether the text is a person's name: a title before a name ("Mr. Vale", "Dr. A. Ode") or
 * initials and a surname. A list of names in columns reads as cells, but a name is no label.
 */
export function isPersonName(text: string): boolean {
  const trimmed = text.trim();
  const title = trimmed.match(/^(\p{L}+)\.?\s+\p{Lu}/u)?.[1]?.toLowerCase();
  return (title !== undefined && PERSON_TITLE_WORDS.has(title)) || INITIALS_AND_NAME.test(trimmed);
}

/** How many words the text has. */
export function words(text: string): number {
  return text.trim() === '' ? 0 : text.trim().split(/\s+/).length;
}

/** A label's text: starts with a letter (after a footnote's star), is not a clock time or a URL's scheme. */
export function isLabelText(text: string, maxWords: number): boolean {
  const trimmed = text.trim();
  return /^\*?[\p{L}(#]/u.test(trimmed) && /\p{L}{2}|\p{Lu}/u.test(trimmed) && words(trimmed) <= maxWords;
}

/** Two specks or more of one character after a word, each set off by a space: "HARLEY E Ñ" ends in marks of the scan. */
const SPECKS_AFTER_WORD = /(?<=\p{L}{3})(?:\s[^\s\d]){2,}$/u;

/** A value without fill-in rules, leaders and stray separators around it. */
export function cleanValue(text: string): { text: string; offset: number } {
  const offset = text.match(FILL_IN_LEAD)?.[0].length ?? 0;
  // A scrap of a few characters across a column gap after the value is a mark, not part of it.
  const body = text.slice(offset).replace(STRAY_TAIL, '').replace(SPECKS_AFTER_WORD, '');
  return { text: body.replace(FILL_IN_TRAIL, ''), offset };
}
