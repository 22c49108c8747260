import { AMOUNT_DUE_PHRASES, AMOUNT_ROLES } from './lexicon/amount-roles.js';
import { DOCUMENT_DATE_LABELS, DUE_DATE_LABELS } from './lexicon/date-labels.js';
import { PHRASE_SYNONYMS, WORD_SYNONYMS } from './lexicon/labels.js';
import { normalizeWord } from './text-tokens.js';

/**
 * Label words a PDF's text layer split in two ("Liefer ant :", "Net tobetrag", "Endsum me"): a
 * font's kerning makes the converter see a gap inside the word. Two runs of letters one space
 * apart whose joined form is a label word of the lexicon (and that are not both label words on
 * their own) are written as one word again, so that every reader finds the label.
 *
 * The text keeps its length, so that every offset into it still points into the page: the freed
 * space goes to the side of the word where a column gap or the line's edge already is ("Ver käufer
 * :" -> " Verkäufer :"). A word inside a run of text on both sides is left as it is, because
 * moving the space there would cut its cell in two.
 */

/** Shorter joined words are too easily two real words ("to day", "in to"). */
const MIN_JOINED = 6;

function labelWords(): ReadonlySet<string> {
  const phrases = [
    ...Object.entries(WORD_SYNONYMS).flat(2),
    ...Object.entries(PHRASE_SYNONYMS).flat(2),
    ...AMOUNT_ROLES.flatMap(([, own]) => own),
    ...AMOUNT_DUE_PHRASES,
    ...DUE_DATE_LABELS,
    ...DOCUMENT_DATE_LABELS,
  ];
  const words = new Set<string>();
  for (const phrase of phrases) {
    for (const word of phrase.split(/[^\p{L}]+/u)) {
      if (word.length >= MIN_JOINED) words.add(normalizeWord(word));
    }
  }
  return words;
}

let vocabulary: ReadonlySet<string> | null = null;

// The second word in a lookahead, so that each word is tried with the one before it and after it.
const SPLIT_PAIR = /(?<![\p{L}\p{N}])(\p{L}+) (?=(\p{L}+)(?![\p{L}\p{N}]))/gu;

function joinedLine(line: string, words: ReadonlySet<string>): string {
  let result = line;
  let joinedUpTo = 0;
  for (const match of line.matchAll(SPLIT_PAIR)) {
    const [, left = '', right = ''] = match;
    const joined = `${left}${right}`;
    if (joined.length < MIN_JOINED || !words.has(normalizeWord(joined))) continue;
    if (words.has(normalizeWord(left)) && words.has(normalizeWord(right))) continue;
    const start = match.index;
    const end = start + left.length + 1 + right.length;
    if (start < joinedUpTo) continue;
    const before = line.slice(Math.max(0, start - 2), start);
    const after = line.slice(end, end + 2);
    const startsCell = start === 0 || /^\s*$/.test(line.slice(0, start)) || before === '  ';
    const endsCell = end === line.length || after === '  ' || /^\s*$/.test(line.slice(end));
    if (!endsCell && !startsCell) continue;
    result = endsCell
      ? `${result.slice(0, start)}${joined} ${result.slice(end)}`
      : `${result.slice(0, start)} ${joined}${result.slice(end)}`;
    joinedUpTo = end;
  }
  return result;
}

/** The text with split label words joined again, every line as long as before. */
export function joinSplitLabelWords(text: string): string {
  vocabulary ??= labelWords();
  const words = vocabulary;
  return text
    .split('\n')
    .map((line) => joinedLine(line, words))
    .join('\n');
}
