import { REGION_CODES } from '../lexicon/address-words.js';
import { DOCUMENT_DATE_LABELS, OTHER_DATE_LABELS } from '../lexicon/date-labels.js';
import { escapeRegExp } from '../lexicon/escape-regexp.js';
import { DAY_FIRST_SIGNALS, MONTH_FIRST_SIGNALS } from '../lexicon/locale-signals.js';
import type { DocumentModel, ModelLine } from '../model/document-model.js';
import { type DateOrder, inferDateOrder, parseDate, withLookalikeDigits } from '../parse-values.js';
import type { Candidate, CandidateGenerator } from './candidate.js';
import { hasAnyPhrase, labelWordsOf, phraseText } from './phrase-match.js';

/**
 * Dates and clock times anywhere in the document. A numeric date whose day and month could swap
 * (`9/4/12`) is read in the document's order: the order its unambiguous dates show, else
 * month-first where the document carries a United States address (a state code and ZIP code),
 * else day-first. Every date not labelled as another kind of date (due, birth, delivery...) is a
 * 'document_date' candidate, the first most surely; the first time is the 'document_time'.
 */

const MAX_LINE = 400;
// (A comma and a digit after it start another number, but for a clock time: "3/31/2013,2:46:28 PM".)
// (Its separators may stand between spaces, with a year of four digits: "12 - 03 - 2019", "7- 3-2014".)
const NUMERIC_DATE =
  /(?<![\d.,])(?:\d{4}([-/.])\d{1,2}\1\d{1,2}|\d{1,2}([-/.])\d{1,2}\2(?:\d{4}|\d{2})|\d{1,2} ?([-/.]) ?\d{1,2} ?\3 ?\d{4})(?![\d]|[.,]\d(?!\d?:\d{2}))/g;
// A month's name with a day and a year on either side ("Jun17'13" too); parseDate decides whether the word is a month.
const NAMED_DATE =
  /(?<![\p{L}\d])(?:\d{1,2}(?:st|nd|rd|th|er|º)?[\s.,/-]{0,3}\p{L}{3,10}\.?[\s.,/'-]{0,3}(?:\d{4}|\d{2})|\p{L}{3,10}\.?(?:[\s/-]{0,2}\d{1,2}(?:st|nd|rd|th)?,?[\s/-]{0,2}\d{4}|\s?\d{1,2}(?:\s?['’°`]\d{2}|,\s?\d{2}(?![\d:]))))(?![\p{L}\d])/gu;
/**
 * A numeric date OCR glued to the digits beside it, as it drops the space of a till's line: to a
 * number before it ("TXN 4471205/11/2019" reads 05/11/2019, the longest day that makes a date, but
 * a year written first is not split: "2019/11/77") or, with a year of four digits, to the time or
 * the number after it ("05/11/201909:41").
 */
const GLUED_DATE =
  /(?<=\d)(?<!(?<!\d)(?:19|20)\d?)\d{1,2}([-/])\d{1,2}\1(?:\d{4}|\d{2})(?![\d]|[.,]\d)|(?<![\d.,])\d{1,2}([-/])\d{1,2}\2(?:19|20)\d{2}(?=\d)/g;
// (A label's colon may touch it: "Time:11:47 PM". OCR may misread or cut the seconds, "16:25:93",
// "20:22:4", and print the M of PM as an H or an N: "5:11 PH"; a dot parts the minutes only before
// AM/PM: "11.39AM"; it may be glued to a date's year of four digits: "05/11/201909:41".)
const TIME =
  /(?:(?<![\d.]|\d:)|(?<=[-/](?:19|20)\d{2}))([01]?\d|2[0-3])(?:[:h]([0-5]\d)(?::\d{1,2})?|\.([0-5]\d)(?=\s?[ap]\.?\s?m\b))(?:\s{0,3}([ap])\.?\s?[mnh](?![\p{L}])\.?)?(?![\d:])/giu;
// (OCR may print a state's second letter I or L in lower case: "MADISON, Wi 53703".)
const US_ADDRESS = /\b([A-Z][A-Zil])[\s,.]{1,3}\d{5}(?:-\d{4})?\b/g;

/**
 * How often the signals occur in the folded text: words as whole words, symbols not glued to a
 * letter before them ("$" in "S$12" is Singapore's, not the United States').
 */
export function signalCount(folded: string, signals: readonly string[]): number {
  return signals.reduce((sum, signal) => {
    const pattern = /^\p{L}+$/u.test(signal.replace(/ /g, ''))
      ? new RegExp(`\\b${signal}\\b`, 'g')
      : new RegExp(`(?<!\\p{L})${escapeRegExp(signal)}`, 'gu');
    return sum + (folded.match(pattern)?.length ?? 0);
  }, 0);
}

/** The document's reading of ambiguous numeric dates. */
export function documentDateOrder(text: string): DateOrder {
  for (const match of text.matchAll(US_ADDRESS))
    if (REGION_CODES.has((match[1] ?? '').toUpperCase())) return inferDateOrder(text, 'mdy');
  const folded = text.toLowerCase();
  // Any day-first signal decides: a receipt that prints "$" beside "GST" is not from the United States.
  const monthFirst = signalCount(folded, MONTH_FIRST_SIGNALS) > 0 && signalCount(folded, DAY_FIRST_SIGNALS) === 0;
  return inferDateOrder(text, monthFirst ? 'mdy' : 'dmy');
}

export interface FoundDate {
  readonly iso: string;
  readonly start: number;
  readonly end: number;
}

export function datesIn(text: string, order: DateOrder): FoundDate[] {
  const found: FoundDate[] = [];
  const line = withLookalikeDigits(text.slice(0, MAX_LINE));
  for (const pattern of [NUMERIC_DATE, NAMED_DATE, GLUED_DATE]) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(line); match !== null; match = pattern.exec(line)) {
      const iso = parseDate(match[0], order);
      // A word that is no month between two numbers ("4 CLOSED 18 Mar 21") is no date, and the
      // date may start inside it: the search goes on from the next character.
      if (!iso) pattern.lastIndex = match.index + 1;
      const end = match.index + match[0].length;
      if (!iso || found.some((date) => date.start < end && match.index < date.end)) continue;
      found.push({ iso, start: match.index, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** A date printed as eight digits, year first ("20190312"): read only after a date's label. */
const COMPACT_DATE = /(?<![\d.,])((?:19|20)\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?![\d.,])/g;

/** The dates of eight digits on a line whose words just before them are a document date's label ("DATE: 20190312"). */
function compactDatesIn(line: ModelLine): FoundDate[] {
  return [...line.text.slice(0, MAX_LINE).matchAll(COMPACT_DATE)].flatMap((match) => {
    const label = phraseText(line.text.slice(Math.max(0, match.index - 20), match.index));
    if (!hasAnyPhrase(label, DOCUMENT_DATE_LABELS) || hasAnyPhrase(label, OTHER_DATE_LABELS)) return [];
    const iso = `${match[1]}-${match[2]}-${match[3]}`;
    return [{ iso, start: match.index, end: match.index + match[0].length }];
  });
}

/**
 * A numeric date whose separators OCR mixed, doubled or misread ("15/07-2017", "15.07,2017",
 * "15 07 2017", "15//07/2017", "15:07:2017"): read only after a document date's label, where
 * nothing else is expected.
 */
const DAMAGED_DATE =
  /(?<![\d.,])(\d{1,2})(?:[-/.,:]{1,2}|\s[-/.,:]?\s?)(\d{1,2})(?:[-/.,:]{1,2}|\s[-/.,:]?\s?)((?:19|20)\d{2}|\d{2})(?![\d]|[.,:]\d)/g;

/** The dates with damaged separators on a line, after a document date's label ("DATE: 15/07-2017"). */
function damagedDatesIn(line: ModelLine, order: DateOrder, found: readonly FoundDate[]): FoundDate[] {
  const text = line.text.slice(0, MAX_LINE);
  return [...text.matchAll(DAMAGED_DATE)].flatMap((match) => {
    const end = match.index + match[0].length;
    if (found.some((date) => date.start < end && match.index < date.end)) return [];
    const label = phraseText(text.slice(Math.max(0, match.index - 20), match.index));
    if (!hasAnyPhrase(label, DOCUMENT_DATE_LABELS) || hasAnyPhrase(label, OTHER_DATE_LABELS)) return [];
    const iso = parseDate(`${match[1]}/${match[2]}/${match[3]}`, order);
    return iso ? [{ iso, start: match.index, end }] : [];
  });
}

export function plausibleYear(iso: string): boolean {
  const year = Number(iso.slice(0, 4));
  return year >= 1950 && year <= 2100;
}

/** Words of a label that bear on the value after it: the last few. */
const LABEL_WORDS = 3;

/** The last words before a value on its line, or on the line above when it stands alone. */
export function labelBefore(lines: readonly ModelLine[], line: ModelLine, start: number): string {
  const before = line.text.slice(Math.max(0, start - 60), start);
  if (/\p{L}/u.test(before)) return phraseText(before).trim().split(' ').slice(-LABEL_WORDS).join(' ');
  const above = lines[line.index - 1];
  // A line above that ends with a value of its own ("RETURNS THRU 01/12/2011") labels that value, not this one.
  if (!above || above.block !== line.block || /\d\s*$/.test(above.text)) return '';
  return above.text.slice(0, MAX_LINE);
}

function dateCandidates(model: DocumentModel, order: DateOrder): Candidate[] {
  const candidates: Candidate[] = [];
  let documentDates = 0;
  for (const line of model.lines) {
    if (line.block < 0) continue;
    const found = [...datesIn(line.text, order), ...compactDatesIn(line)];
    for (const date of [...found, ...damagedDatesIn(line, order, found)]) {
      if (!plausibleYear(date.iso)) continue;
      const label = phraseText(labelBefore(model.lines, line, date.start));
      const other = hasAnyPhrase(label, OTHER_DATE_LABELS);
      const labelled = hasAnyPhrase(label, DOCUMENT_DATE_LABELS);
      const first = !other && documentDates === 0;
      if (!other) documentDates++;
      candidates.push({
        kind: 'date',
        value: date.iso,
        raw: line.text.slice(date.start, date.end),
        span: { line: line.index, start: date.start, endLine: line.index, end: date.end },
        kindConfidence: other ? 0.6 : Math.min(0.95, (first ? 0.85 : 0.65) + (labelled ? 0.1 : 0)),
        layout: label.trim() === '' ? 'none' : 'same-line',
        relations: other ? [] : ['document_date'],
        labelWords: labelWordsOf(label),
      });
    }
  }
  return candidates;
}

function timeCandidates(model: DocumentModel): Candidate[] {
  const candidates: Candidate[] = [];
  for (const line of model.lines) {
    if (line.block < 0) continue;
    for (const match of line.text.slice(0, MAX_LINE).matchAll(TIME)) {
      let hours = Number(match[1]);
      const meridiem = match[4]?.toLowerCase();
      if (meridiem && hours > 12) continue;
      if (meridiem === 'p' && hours < 12) hours += 12;
      if (meridiem === 'a' && hours === 12) hours = 0;
      const label = phraseText(line.text.slice(0, match.index));
      candidates.push({
        kind: 'time',
        value: `${String(hours).padStart(2, '0')}:${match[2] ?? match[3]}`,
        raw: match[0],
        span: { line: line.index, start: match.index, endLine: line.index, end: match.index + match[0].length },
        kindConfidence: candidates.length === 0 ? 0.8 : 0.6,
        layout: label.trim() === '' ? 'none' : 'same-line',
        relations: ['document_time'],
        labelWords: labelWordsOf(label),
      });
    }
  }
  return candidates;
}

export const datesGenerator: CandidateGenerator = {
  name: 'dates',
  relations: [
    {
      relation: 'document_date',
      propertyPhrases: [
        'date',
        'invoice date',
        'receipt date',
        'purchase date',
        'transaction date',
        'issue date',
        'document date',
      ],
      excludedBy: ['due', 'expiry', 'birth', 'delivery', 'start', 'end', 'effective', 'termination', 'payment date'],
    },
    {
      relation: 'document_time',
      propertyPhrases: ['time', 'purchase time', 'transaction time'],
      excludedBy: ['date time'],
    },
  ],
  generate(model: DocumentModel): Candidate[] {
    const order = documentDateOrder(model.lines.map((line) => line.text).join('\n'));
    return [...dateCandidates(model, order), ...timeCandidates(model)];
  },
};
