import { closesAddress } from '../candidates/letterhead-lines.js';
import type { Cell } from '../document-lines.js';
import { spanOn } from '../evidence.js';
import { CODE_WORDS, IDENTIFIER_LABEL_WORDS } from '../lexicon/field-words.js';
import {
  AGENT_LABEL_ENDINGS,
  FILL_IN_TRAIL,
  FORM_TITLE_ENDINGS,
  LABEL_HEAD_WORDS,
  MARK_CELL,
  RULED_PAIR,
  STRAY_LEAD,
  UNIT_CELL,
} from '../lexicon/form-layout.js';
import { WORD_SYNONYMS } from '../lexicon/labels.js';
import { PERSON_TITLE_WORDS } from '../lexicon/letterhead.js';
import { MONTHS } from '../lexicon/months.js';
import { STOP_WORDS } from '../lexicon/stop-words.js';
import { foldText, normalizeWord } from '../text-tokens.js';
import type { ModelLine } from './document-model.js';
import {
  cleanValue,
  isBlankValue,
  isFieldName,
  isLabelPhrase,
  isLabelText,
  isPersonName,
  isScrap,
  isScrapLabel,
  isSpeck,
  type KeyValuePair,
} from './form-text.js';
import { kindLabelPairs } from './kind-labels.js';

/**
 * Label and value cells of one line, without a colon: a label cell and the value cell across a
 * column gap, a label and its value on either side of a fill-in rule, a label and its figure one
 * space apart.
 */

/** A label cell without a colon, before a value cell across a column gap. */
const MAX_CELL_LABEL_WORDS = 5;

/**
 * A short label-like text: starts with a letter, few words, not a sentence ("No." is an abbreviation),
 * not a tick, and more than one letter (a lone letter without a colon is a speck of the scan or a value).
 */
function isCellLabel(text: string): boolean {
  return (
    isLabelText(text, MAX_CELL_LABEL_WORDS) &&
    // A label does not end in a word and a comma (a wrapped sentence's words do; "No," is a misread
    // "No."), nor is it a date; words ending in a full stop are a sentence, one word is an
    // abbreviation ("Plast.").
    !/[!?]$|\p{Ll}{3,},$|\s\S*\p{L}{5,}\.$/u.test(text.trim()) &&
    !isWrittenDate(text) &&
    !MARK_CELL.test(text) &&
    /[\p{L}\p{N}][^\p{L}\p{N}]*[\p{L}\p{N}]/u.test(text)
  );
}

/** A date with its month's name first: "March 4, 1996", "Jan. 3 1990". */
const WRITTEN_DATE = /^\s*(\p{L}+)\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{2,4}\b/u;

function isWrittenDate(text: string): boolean {
  const month = text.match(WRITTEN_DATE)?.[1];
  return month !== undefined && MONTHS[month.toLowerCase()] !== undefined;
}

/** A longer label cell, when a figure stands after it: "To Be Charged Against 2004 Budget      $47,250". */
const MAX_FIGURE_LABEL_WORDS = 8;

function isFigureLabel(cell: Cell, next: Cell | undefined): boolean {
  if (!next || !FIGURE_START.test(next.text) || !isLabelText(cell.text, MAX_FIGURE_LABEL_WORDS)) return false;
  if (isWrittenDate(cell.text)) return false;
  const lastWord = cell.text.slice(cell.text.lastIndexOf(' ') + 1).toLowerCase();
  return !/[.!?]$/.test(cell.text) && !STOP_WORDS.has(lastWord);
}

/** Pushes the pair of a label cell and a value cell of `line` (the label on `labelLine` when it stands above). */
function pushCellPair(line: ModelLine, label: Cell, content: Cell, pairs: KeyValuePair[], labelLine = line): void {
  const value = cleanValue(content.text);
  // A speck of the scan is no value (a tick or a capital letter is). A scrap, or words opening in a small
  // letter (the end of a sentence, a smudge read as letters), are no label cell but of a tick.
  // The name of a field alone, or a label phrase, is the next label, not a value ("Checked By    Date",
  // "Department    Charge No.").
  if (value.text === '' || isBlankValue(value.text) || isFieldName(value.text) || isLabelPhrase(value.text)) return;
  // Nor is a person's name a label: a list of names in columns is read as cells. The name of a field
  // is a label even in small letters ("city      Novato").
  const small = /^\p{Ll}/u.test(label.text) && !isFieldName(label.text);
  const noLabel = isScrapLabel(label.text) || small || isPersonName(label.text);
  if (noLabel && !MARK_CELL.test(value.text.trim())) return;
  // A town and region before their postcode are the end of an address, not a label: "Dunmore, KT   40512".
  if (closesAddress(`${label.text} ${value.text}`) && !closesAddress(value.text)) return;
  // A value that repeats its label is the same heading over two columns: "YEAR      YEAR".
  if (lettersAndFigures(label.text) === lettersAndFigures(value.text)) return;
  const start = content.start + value.offset;
  // A tick the scan doubled in other letters ("Xx", in its box "(Xx)") is one mark; a mark printed
  // twice ("XX") stays as printed.
  const tick = value.text.replace(/^[[({]\s*|\s*[\])}]$/g, '');
  const doubled = MARK_CELL.test(tick) && new Set(tick).size > 1;
  const text = doubled ? value.text.replace(tick, tick[0] as string) : value.text;
  pairs.push({
    key: label.text,
    value: text,
    keySpan: spanOn(labelLine.index, label.start, label.end),
    valueSpan: spanOn(line.index, start, start + text.length),
    layout: labelLine === line ? 'same-line' : 'below',
    confidence: 0.5,
  });
}

/** The text's letters and figures, case and accents folded: "N/A" and "n a" read alike. */
function lettersAndFigures(text: string): string {
  return foldText(text).replace(/[^\p{L}\p{N}]/gu, '');
}

/** One dash set off by spaces before a figure: "Crates — 45" (a dash after a value ends it: "45 — Crates"). */
const DASH_BEFORE_FIGURE = /\s[—–-]\s+(?=[$#(]?\d)/u;

/** "Supplier _ Swift": a label and its value in one cell, a fill-in rule between them. */
function ruledCell(cell: Cell): [Cell, Cell] | null {
  const match = cell.text.match(RULED_PAIR) ?? cell.text.match(DASH_BEFORE_FIGURE);
  if (!match || match.index === undefined) return null;
  const label = cell.text.slice(0, match.index);
  if (!isCellLabel(label)) return null;
  const valueStart = match.index + match[0].length;
  return [
    { text: label, start: cell.start, end: cell.start + label.length },
    { text: cell.text.slice(valueStart), start: cell.start + valueStart, end: cell.end },
  ];
}

/**
 * A cell that reads as a label of several words and its value on its own ("Sample No. 2231-17",
 * "Supplier _ Swift"); one word and a figure ("MK 9", "FEBRUARY 2003") may be a value alone.
 */
function isWholePair(cell: Cell): boolean {
  if (ruledCell(cell)) return true;
  const split = inlineFigure(cell) ?? capitalsLabel(cell);
  return split !== null && /\S\s+\S/.test(split[0].text);
}

/** A figure this many times farther from a label cell than that cell from the label before it is in another column. */
const FAR_GAP_RATIO = 3;

/** A token that opens a written figure: a digit, or a sign, currency or number mark before one. */
const FIGURE_START = /^[#$€£([+-]?\d/u;

/**
 * "LOT NO. 5163", "Net Wt. With Carton 41.7 gms.": a label and a figure in one cell, one space
 * apart. The value starts at the last figure that no further label words and figure follow, so
 * "R.P.M. No. 4 Spindle 218.5" keeps "No. 4 Spindle" in its label.
 */
function inlineFigure(cell: Cell): [Cell, Cell] | null {
  if (isWrittenDate(cell.text)) return null;
  const tokens = [...cell.text.matchAll(/\S+/g)].map((match) => ({ text: match[0], at: match.index }));
  const figure = (index: number) => FIGURE_START.test(tokens[index]?.text ?? '');
  const word = (index: number) => /^\p{L}{2,}/u.test(tokens[index]?.text ?? '');
  // A figure inside a bracket of words the label opened is part of the label: "ASH (DRY BASIS 10%) 3.42"
  // (an area code in brackets is no such bracket: "Tel (0 21) 555-0100").
  const bracketed = (index: number) => {
    const before = tokens
      .slice(0, index)
      .map((token) => token.text)
      .join(' ');
    return /\([^()]*\p{L}[^()]*$/u.test(before);
  };
  let valueAt = -1;
  let laterFigure = false;
  // From the end: a figure with no "word ... figure" after it opens the value.
  for (let index = tokens.length - 1; index > 0; index--) {
    if (word(index) && laterFigure) break;
    if (figure(index) && !bracketed(index)) {
      valueAt = index;
      laterFigure = true;
    }
  }
  // A date written with its month's name starts at the name: "Date June 9, 1987".
  const month = tokens[valueAt - 1]?.text.toLowerCase().replace(/\.$/, '') ?? '';
  if (valueAt > 1 && MONTHS[month] !== undefined) valueAt--;
  // After a number's label, a code of letters and digits is the value: "Supplier Code No. T.K 9220".
  if (valueAt <= 0)
    valueAt = tokens.findIndex(
      (token, index) => index > 0 && isNumberLabelWord(tokens[index - 1]?.text ?? '') && /\d/.test(token.text),
    );
  if (valueAt <= 0) return null;
  return splitCell(cell, tokens[valueAt]?.at ?? 0);
}

/** A word that ends the label of a number or code: "No.", "No(s).", "#", "Code", "Ref.". */
function isNumberLabelWord(token: string): boolean {
  if (token === '#') return true;
  const word = normalizeWord(token.replace(/\(s\)/i, '').replace(/[^\p{L}]/gu, ''));
  return IDENTIFIER_LABEL_WORDS.has(word) || CODE_WORDS.has(word);
}

/** Words of capitals only, as labels are often printed: "PHYSICAL", "NO.", "(LBS.)". */
const CAPITALS_WORD = /^[(]?\p{Lu}[\p{Lu}.'&/()#-]*$/u;
/** Capital words a printed label takes at least, before a value written in other letters. */
const MIN_CAPITALS_LABEL_WORDS = 2;

/** "SURFACE FINISH Matte grey", "BATCH CODE K47": a label in capitals, its value in other letters. */
function capitalsLabel(cell: Cell): [Cell, Cell] | null {
  const tokens = [...cell.text.matchAll(/\S+/g)];
  const valueAt = tokens.findIndex((token) => !CAPITALS_WORD.test(token[0]));
  if (valueAt < MIN_CAPITALS_LABEL_WORDS) return null;
  // Initials alone are the start of a name, not a label: "R. H. Smith".
  if (!tokens.slice(0, valueAt).some((token) => /\p{Lu}{2}/u.test(token[0]))) return null;
  return splitCell(cell, tokens[valueAt]?.index ?? 0);
}

/** A word in title case ("Used", "(Net)") or a joining word in small letters ("of"). */
const TITLE_CASE_WORD = /^[(]?\p{Lu}\p{Ll}[\p{L}.'&/()-]*$/u;
/** A word in capitals of two letters at least, or a code of a capital and figures, opening a value: "SPRING", "B&W", "K-12". */
const CAPITALS_VALUE_WORD = /^\p{Lu}[\p{Lu}\d&'/.-]*[\p{Lu}\d][\p{Lu}\d.,'&/()-]*$/u;

/**
 * "Paper Grade WINTER", "Account Name NORTHWIND": a label in title case (two words at least), its
 * value opening with a word in capitals, as a typed value often is.
 */
function titleCaseLabel(cell: Cell): [Cell, Cell] | null {
  const tokens = [...cell.text.matchAll(/\S+/g)];
  const valueAt = tokens.findIndex(
    (token) => !TITLE_CASE_WORD.test(token[0]) && !STOP_WORDS.has(token[0].toLowerCase()),
  );
  if (valueAt < MIN_CAPITALS_LABEL_WORDS || !CAPITALS_VALUE_WORD.test(tokens[valueAt]?.[0] ?? '')) return null;
  return splitCell(cell, tokens[valueAt]?.index ?? 0);
}

/** Words a label may take up to its field's noun at the start of a cell: "Product Code ...". */
const MAX_HEAD_LABEL_WORDS = 2;
/** Words the value after it has at least, unless the label asks for a number ("Ref # N/A"). */
const MIN_HEAD_VALUE_WORDS = 2;

/**
 * "DESCRIPTION Pine Bench Kit", "Department Field Sales": a cell opening with a label that ends in a
 * field's noun (LABEL_HEAD_WORDS), one space before its value in capitals. The value is no label of
 * its own: none of its words is a field's noun ("Date Initiated", "City State Zip" are labels).
 */
function headNounLabel(cell: Cell): [Cell, Cell] | null {
  const tokens = [...cell.text.matchAll(/\S+/g)];
  const head = (token: string) =>
    token
      .toLowerCase()
      .replace(/\(s\)$/, '')
      .replace(/[^\p{L}#]/gu, '');
  let at = tokens.findIndex((token, index) => index < MAX_HEAD_LABEL_WORDS && LABEL_HEAD_WORDS.has(head(token[0])));
  // A number's mark after the noun ends the label: "Ref # N/A", "Order No. K4".
  if (at >= 0 && /^(?:#|no\.?|nr\.?)$/i.test(tokens[at + 1]?.[0] ?? '')) at++;
  if (at < 0 || !tokens.slice(0, at + 1).every((token) => /^[\p{Lu}#]/u.test(token[0]))) return null;
  const value = tokens.slice(at + 1).map((token) => token[0]);
  const numberLabel = /^(?:no|nos|nr|#)$/.test(head(tokens[at]?.[0] ?? '')) || tokens[at]?.[0] === '#';
  if (value.length < (numberLabel ? 1 : MIN_HEAD_VALUE_WORDS)) return null;
  if (!/^\p{Lu}/u.test(value[0] as string) || STOP_WORDS.has((value[0] as string).toLowerCase())) return null;
  if (value.some((word) => LABEL_HEAD_WORDS.has(head(word)) || /:$/.test(word))) return null;
  // A cell ending in a word that ends a form's title is that title: "FAX TRANSMITTAL FORM".
  if (FORM_TITLE_ENDINGS.has(head(value.at(-1) as string))) return null;
  return splitCell(cell, tokens[at + 1]?.index ?? 0);
}

/** Words ending a label before the person who did the thing: "Approved By", "Attention of". */
const AGENT_WORDS: ReadonlySet<string> = new Set(AGENT_LABEL_ENDINGS);

/** Initials and a surname opening the rest of a cell: "T. Skinner", "J.K. Lowe". */
const INITIALS_NAME_START = /^(?:\p{Lu}\.\s?)+\p{Lu}[\p{Ll}'’-]+\b/u;
/** A label before a person's name without "By" or a field's noun has a word this long at least. */
const MIN_LABEL_NOUN_LENGTH = 7;
/** A word of a printed label in capitals or title case, not an initial: "Requisition", "By", "REQUEST". */
const LABEL_WORD = /^\p{Lu}[\p{L}'’-]+\.?$/u;

/**
 * "Parts Request L. Moreau", "Report Checked By H. Quist": label words in capitals or
 * title case, one space before a person's initials and surname, which open the value.
 */
function personAfterLabel(cell: Cell): [Cell, Cell] | null {
  const tokens = [...cell.text.matchAll(/\S+/g)];
  const at = tokens.findIndex((token, index) => index > 0 && INITIALS_NAME_START.test(cell.text.slice(token.index)));
  if (at < 1) return null;
  const label = tokens.slice(0, at).map((token) => token[0]);
  if (!label.every((word) => LABEL_WORD.test(word) || STOP_WORDS.has(word.toLowerCase()))) return null;
  const last = (label[label.length - 1] as string).toLowerCase().replace(/\.$/, '');
  if (PERSON_TITLE_WORDS.has(last)) return null;
  // A first name before the initials is the person's own ("Ida N. Vale"): the label ends in "By" or a
  // field's noun, or has two words, one long as a noun of a label is ("Stock Requisition").
  const labelLike =
    AGENT_WORDS.has(last) ||
    LABEL_HEAD_WORDS.has(last) ||
    (label.length >= 2 && label.some((word) => word.length >= MIN_LABEL_NOUN_LENGTH));
  if (!labelLike) return null;
  return splitCell(cell, tokens[at]?.index ?? 0, true);
}

/** The word "name" in the languages of the lexicon. */
const NAME_WORDS: ReadonlySet<string> = new Set(['name', ...(WORD_SYNONYMS.name ?? [])]);
/** Words a name's label may take before "Name": "Client Name", "Account Holder Name". */
const MAX_NAME_LABEL_WORDS = 3;

/**
 * "Client Name Harwell Mills, Inc.", "Compound Name Clear Resin": a label ending in the word "Name",
 * one space before the name it asks for, which opens with a capital letter (not a joining word: "NAME
 * OF ACCOUNT" is one label). The label's words are capitalised, as printed labels are.
 */
function nameLabel(cell: Cell): [Cell, Cell] | null {
  const tokens = [...cell.text.matchAll(/\S+/g)];
  const at = tokens.findIndex((token) => NAME_WORDS.has(token[0].toLowerCase().replace(/[:.]$/, '')));
  if (at < 0 || at >= MAX_NAME_LABEL_WORDS || at + 1 >= tokens.length) return null;
  if (!tokens.slice(0, at + 1).every((token) => /^\p{Lu}/u.test(token[0]))) return null;
  const value = tokens[at + 1]?.[0] ?? '';
  if (!/^\p{Lu}/u.test(value) || STOP_WORDS.has(value.toLowerCase())) return null;
  return splitCell(cell, tokens[at + 1]?.index ?? 0);
}

/** The cell as a label before `at` and its value from there, when the part before reads as a label. */
function splitCell(cell: Cell, at: number, byWhom = false): [Cell, Cell] | null {
  const label = cell.text.slice(0, at).trimEnd();
  // A label ends in a noun, not in a word that joins a sentence: "Start at 8:00" is prose (but "Made
  // By" before a person's name is a label); nor does it open with a small letter (the end of a
  // sentence, a word the scan cut: "ovember 3, 1995").
  const lastWord = label.slice(label.lastIndexOf(' ') + 1).toLowerCase();
  const joining = STOP_WORDS.has(lastWord) && !(byWhom && AGENT_WORDS.has(lastWord));
  if (!isCellLabel(label) || /^\p{Ll}|\d$/u.test(label) || joining) return null;
  // A dash set off by spaces ends the value: "Date Mixed 4/7/58 — Paper Used".
  const value = cell.text.slice(at).split(/\s[—–|]\s/)[0] as string;
  return [
    { text: label, start: cell.start, end: cell.start + label.length },
    { text: value, start: cell.start + at, end: cell.start + at + value.length },
  ];
}

/** A figure (with its unit) and a label after it in one cell: "62 mm Total Rod Lgth.". */
const FIGURE_THEN_LABEL = /^(\S*\d\S*(?:\s+\p{Ll}[\p{Ll}/.]{0,5})?)\s+(?=\p{Lu})/u;

/**
 * A value cell that ends in the next label, when a value cell follows for that label: the cell is
 * split into the value and the label ("62 mm Total Rod Lgth.      815 mg").
 */
function figureThenLabel(cell: Cell, following: Cell | undefined): [Cell, Cell] | null {
  if (!following || isCellLabel(following.text)) return null;
  const match = cell.text.match(FIGURE_THEN_LABEL);
  if (!match) return null;
  const at = match[0].length;
  if (!isCellLabel(cell.text.slice(at))) return null;
  const value = match[1] as string;
  return [
    { text: value, start: cell.start, end: cell.start + value.length },
    { text: cell.text.slice(at), start: cell.start + at, end: cell.end },
  ];
}

/** A cell that goes on with the value before it: a unit, or a further figure with no words but units. */
function isValueTail(cell: Cell): boolean {
  const [first = '', ...rest] = cell.text.split(/\s+/);
  if (UNIT_CELL.test(first)) return rest.length === 0;
  return /^[^\p{L}]/u.test(first) && rest.every((token) => !/\p{L}{2}/u.test(token) || UNIT_CELL.test(token));
}

/**
 * The value cells of the label before `cells[from]`: the first, then the cells after it that
 * continue it ("25 mm    25 mm", "974    mg"), as one cell. Returns the cell and the last index taken.
 */
function valueRun(cells: Cell[], start: number): [Cell, number] {
  let from = start;
  // Specks of the scan before the value are no part of it: "WEIGHT     -    y     14/05/93"; a word or
  // two ending the line after them are the value even when they read as a label ("PACKING   ,   Box").
  while (
    isStray(cells[from] as Cell) &&
    from + 1 < cells.length &&
    (!isCellLabel((cells[from + 1] as Cell).text) || isLastWord(cells, from + 1))
  )
    from++;
  const split = figureThenLabel(cells[from] as Cell, cells[from + 1]);
  if (split) {
    cells.splice(from, 1, ...split);
    return [split[0], from];
  }
  let last = from;
  const first = cells[from] as Cell;
  // A tick is the whole value: what follows it is the next option.
  if (MARK_CELL.test(first.text)) return [first, from];
  while (last + 1 < cells.length && isValueTail(cells[last + 1] as Cell)) last++;
  // Specks after the value are taken with it but are no part of it.
  const taken = cells.slice(from, last + 1).filter((cell, index) => index === 0 || !isStray(cell));
  const end = taken[taken.length - 1] as Cell;
  const text = taken.map((cell) => cell.text).join(' ');
  return [{ text, start: first.start, end: end.end }, last];
}

/** Words a value ending the line after a speck may have, when they read as a label. */
const MAX_LAST_VALUE_WORDS = 2;

/** Whether `cells[index]` ends the line and is a word or two, not a label and its figure. */
function isLastWord(cells: readonly Cell[], index: number): boolean {
  const cell = cells[index] as Cell;
  return index === cells.length - 1 && !/\d/.test(cell.text) && cell.text.split(/\s+/).length <= MAX_LAST_VALUE_WORDS;
}

/** A speck of the scan among value cells: marks, or one small letter, but not a tick ("x") nor a capital ("A"). */
function isStray(cell: Cell): boolean {
  return isSpeck(cell.text) && isBlankValue(cell.text);
}

/**
 * Cells read as label, value, label, value... across column gaps: "Charity number      1048273". A
 * label cell takes the value cells after it up to the next label; a cell that holds a label and its
 * figure is a pair alone.
 */
export function cellPairs(line: ModelLine, lineCells: readonly Cell[], pairs: KeyValuePair[]): void {
  const cells = lineCells.map(withoutStrayMarks);
  for (let index = 0; index < cells.length; index++) {
    const cell = cells[index] as Cell;
    const split = ruledCell(cell);
    if (split) {
      pushCellPair(line, split[0], split[1], pairs);
      continue;
    }
    const kinds = kindLabelPairs(cell);
    if (kinds.length > 0) {
      for (const [label, value] of kinds) pushCellPair(line, label, value, pairs);
      continue;
    }
    const next = cells[index + 1];
    const label = isCellLabel(cell.text);
    // A scrap of the scan before a cell that holds a label and its value is no label of it: "co   Batch No. 12".
    if (next && isScrap(cell.text) && isWholePair(next)) continue;
    const inline =
      inlineFigure(cell) ??
      headNounLabel(cell) ??
      personAfterLabel(cell) ??
      capitalsLabel(cell) ??
      titleCaseLabel(cell) ??
      nameLabel(cell);
    if ((label || isFigureLabel(cell, next)) && next && !isCellLabel(next.text)) {
      const [value, last] = valueRun(cells, index + 1);
      // Only specks after a cell that holds a label and its value (a number's, a name's, a field noun's, a
      // person after the label): "JOB NO. 5316      -".
      const own =
        inline && isNumberLabelWord(inline[0].text.slice(inline[0].text.lastIndexOf(' ') + 1))
          ? inline
          : (nameLabel(cell) ?? headNounLabel(cell) ?? personAfterLabel(cell));
      if (own && isBlankValue(cleanValue(value.text).text)) pushCellPair(line, own[0], own[1], pairs);
      else pushCellPair(line, cell, value, pairs);
      index = last;
      continue;
    }
    if (inline) {
      pushCellPair(line, inline[0], inline[1], pairs);
      continue;
    }
    if (!next || !label) continue;
    // Two labels, then a tick or a figure: the first is a field left blank ("Alaska   Maine  x"),
    // unless the figure stands far off in another column ("Brand   ACME" ... "4").
    const after = cells.slice(index + 2).find((other) => cleanValue(other.text).text !== '');
    if (
      after &&
      (MARK_CELL.test(after.text) || FIGURE_START.test(after.text)) &&
      after.start - next.end <= FAR_GAP_RATIO * (next.start - cell.end) &&
      !ruledCell(after) &&
      !inlineFigure(next) &&
      !capitalsLabel(next)
    )
      continue;
    // A label before a ruled cell of its own label and value, a title-case label and a value in
    // capitals, or the name of a field, was left blank: "Client   Liaison | J. Smith", "J. Smith
    // Fleet Name ORCA", "Harbour    Position    Pilot"; so was a cell before a label phrase ("J. Doe (Int.)
    // Account Name    ACME").
    if (ruledCell(next) || titleCaseLabel(next) || isFieldName(next.text) || isLabelPhrase(next.text)) continue;
    pushCellPair(line, cell, next, pairs);
    index++;
  }
}

/** A scan's stray quote or dot before a label ("‘COUPON VALUE") is no part of it, nor a rule after it. */
function withoutStrayMarks(cell: Cell): Cell {
  const marks = cell.text.match(STRAY_LEAD)?.[0].length ?? 0;
  // A fill-in rule after a label is no part of it: "BRANDS APPLICABLE —".
  const rule = cell.text.slice(marks).match(FILL_IN_TRAIL)?.[0].length ?? 0;
  const text = cell.text.slice(marks, cell.text.length - rule);
  if ((marks === 0 && rule === 0) || !isCellLabel(text)) return cell;
  return { text, start: cell.start + marks, end: cell.end - rule };
}

/** Whether `text` is a caption of a cell (no figure in it) and `next` a value cell for it, not a label. */
export function startsWithCellPair(text: string, next: Cell): boolean {
  const label = text.trim();
  return label !== '' && isCellLabel(label) && !/\d/.test(label) && !isCellLabel(next.text) && /\d/.test(next.text);
}

/** Whether the line reads as label and value cells of its own. */
export function hasOwnPairs(line: ModelLine, cells: readonly Cell[] = line.cells): boolean {
  const pairs: KeyValuePair[] = [];
  cellPairs(line, cells, pairs);
  return pairs.length > 0;
}

/**
 * The line's one cell of writing when it is a short label: a caption whose value may stand under it.
 * Specks of the scan and fill-in rules beside it are not cells of writing ("NAME   _ —   .").
 */
export function isCellCaption(line: ModelLine): Cell | null {
  const cells = line.cells.filter((cell) => !isSpeck(cell.text) && cleanValue(cell.text).text !== '');
  if (cells.length !== 1) return null;
  const cell = withoutStrayMarks(cells[0] as Cell);
  return isCaptionText(cell.text) ? cell : null;
}

/** Whether the text reads as a caption: a short label without a figure. */
export function isCaptionText(text: string): boolean {
  return isCellLabel(text) && !/\d/.test(text);
}

function captionCell(cell: Cell): Cell | null {
  const bare = withoutStrayMarks(cell);
  if (!isCellLabel(bare.text) || /\d/.test(bare.text) || ruledCell(bare) || capitalsLabel(bare)) return null;
  return bare;
}

/** Captions a row must have (two cells are a label and its value, not a row of captions). */
const MIN_ROW_CAPTIONS = 3;
/** Values the row under them must put under distinct captions: a caption of the row may be left blank. */
const MIN_ROW_FILLED = 2;

/**
 * A row of captions with a row of values under it, each value under the caption it overlaps:
 * "BLEND    CASING    MENTHOL" over "1077-84    7773    8098". Returns whether `below` was read so.
 */
export function captionRowPairs(line: ModelLine, below: ModelLine, pairs: KeyValuePair[]): boolean {
  if (line.cells.length < MIN_ROW_CAPTIONS) return false;
  const captions = line.cells.map(captionCell);
  if (captions.some((caption) => caption === null)) return false;
  // Values under captions are not captions themselves, nor labels holding their own values.
  if (below.cells.every((cell) => captionCell(cell) !== null)) return false;
  // Two captions among them, each before a figure, make it a line of labels and values
  // ("Zip Code  61372  Telephone  555").
  const labelsOfFigures = below.cells.filter(
    (cell, index) => captionCell(cell) !== null && FIGURE_START.test(below.cells[index + 1]?.text ?? ''),
  );
  if (labelsOfFigures.length >= MIN_ROW_FILLED) return false;
  if (below.cells.some((cell) => ruledCell(cell) ?? inlineFigure(cell) ?? capitalsLabel(cell))) return false;
  const taken = new Map<Cell, Cell>();
  // Whether every value starts under its caption, not merely overlapping it.
  let underCaptions = true;
  for (const cell of below.cells) {
    let best: { caption: Cell; overlap: number } | null = null;
    for (const caption of captions as Cell[]) {
      const overlap = Math.min(cell.end, caption.end) - Math.max(cell.start, caption.start);
      if (overlap > 0 && (!best || overlap > best.overlap)) best = { caption, overlap };
    }
    // A value under none of the captions belongs to the caption whose column it lies in, from that
    // caption's start to the next one's: "TEST LOT" over "      B166" is the lot's value.
    const column = best ? null : captionColumn(captions as Cell[], cell);
    if (column) best = { caption: column, overlap: 0 };
    if (!best) {
      underCaptions = false;
      continue;
    }
    const inSpan = column !== null || (cell.start >= best.caption.start - 1 && cell.start < best.caption.end);
    underCaptions &&= inSpan;
    const before = taken.get(best.caption);
    // A second cell starting under the same caption goes on with its value: "417   DRIED PEAS" under "LOT KIND".
    if (!before) taken.set(best.caption, cell);
    else if (inSpan)
      taken.set(best.caption, { text: `${before.text} ${cell.text}`, start: before.start, end: cell.end });
  }
  // Marks under a caption fill no field: two captions at least have writing under them.
  const written = [...taken.values()].filter((cell) => !isBlankValue(cleanValue(cell.text).text)).length;
  if (written < MIN_ROW_FILLED || taken.size * 2 < below.cells.length) return false;
  // A cell that opens with the word of the caption over it is a label of its own, in a column of
  // labels: "Supplier(s)   Acme" over "Supplier Code No(s).   E.123".
  for (const [caption, cell] of taken) {
    const word = caption.text.match(/^\p{L}{3,}/u)?.[0].toLowerCase();
    if (word && cell.text.toLowerCase().startsWith(word)) return false;
  }
  // Most values under a row of captions are figures: words under words are more likely two rows of
  // text (a list of names in columns), unless each starts under a caption and one at least is a figure.
  const figures = [...taken.values()].filter((cell) => /\d/.test(cell.text)).length;
  if (figures * 2 < taken.size && !(underCaptions && figures > 0)) return false;
  for (const caption of captions as Cell[]) {
    const cell = taken.get(caption);
    if (cell) pushCellPair(below, caption, cell, pairs, line);
  }
  return true;
}

/** The caption of the row whose column holds the cell: it starts right of that caption and ends before the next. */
function captionColumn(captions: readonly Cell[], cell: Cell): Cell | null {
  const at = captions.filter((caption) => caption.start <= cell.start).length - 1;
  const next = captions[at + 1];
  return at >= 0 && (!next || cell.end < next.start) ? (captions[at] as Cell) : null;
}

/**
 * A row of values typed right above a row of captions, each value starting under the span of one
 * caption (from its start to the next caption's): "7-114      2231      C-40" over "FORM NO.
 * PLANT NO.      BATCH NO.", the way values are typed into boxes whose caption is printed low.
 * Each value takes a caption of its own. Returns whether they were read so.
 */
export function valuesAboveCaptionRow(above: ModelLine, line: ModelLine, pairs: KeyValuePair[]): boolean {
  const captions = line.cells.filter((cell) => cleanValue(cell.text).text !== '').map(captionCell);
  if (captions.length < MIN_ROW_FILLED || captions.some((caption) => caption === null)) return false;
  const values = above.cells.filter((cell) => !isSpeck(cell.text) && cleanValue(cell.text).text !== '');
  if (values.length < MIN_ROW_FILLED || values.length > captions.length) return false;
  // Values are figures, codes and dates, none a label of its own: a line of label cells is no row of values.
  if (values.some((cell) => isCellLabel(cell.text) || !/\d/.test(cell.text))) return false;
  const row = captions as Cell[];
  const taken = values.map((cell) => {
    const at = row.filter((caption) => caption.start <= cell.start + 1).length - 1;
    const next = row[at + 1];
    return at >= 0 && (!next || cell.start < next.start) ? at : -1;
  });
  if (taken.some((at) => at < 0) || new Set(taken).size < taken.length) return false;
  values.forEach((cell, position) => {
    pushCellPair(above, row[taken[position] as number] as Cell, cell, pairs, line);
  });
  return true;
}
