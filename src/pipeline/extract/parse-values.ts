import { MONTH_NAME, MONTHS } from './lexicon/months.js';
import { NO_WORDS, YES_WORDS } from './lexicon/yes-no.js';
import { foldText } from './text-tokens.js';

/**
 * Typed value parsers for the text found next to a label. Each returns null when the text does
 * not hold a value of its type, so the caller can try the next place instead of inventing one.
 */

// Thousands grouped by spaces or apostrophes ("1 234,56", "1'234.56"), or digits with dots and commas.
const NUMBER = /\d{1,3}(?:[ \u202f']\d{3})+(?:[.,]\d+)?(?![\d.,])|\d[\d.,]*\d|\d/g;

/** The first amount in the text: currency symbols and codes ignored, `(12.00)`, `-12` and `12-` negative. */
export function parseNumber(text: string): number | null {
  const matches = [...text.matchAll(NUMBER)];
  // A percentage next to an amount ("21% VAT 12.60") is rarely the value asked for.
  const chosen = matches.find((match) => !/^\s*%/.test(text.slice(match.index + match[0].length))) ?? matches[0];
  if (!chosen) return null;
  const value = decimalValue(chosen[0]);
  if (value === null) return null;
  const before = text.slice(0, chosen.index);
  const after = text.slice(chosen.index + chosen[0].length);
  const negative =
    /[-−–]\s*(?:[$€£¥₹]|[A-Z]{3})?\s*$/.test(before) ||
    (/\(\s*(?:[$€£¥₹]|[A-Z]{3})?\s*$/.test(before) && /^\s*(?:[$€£¥₹]|[A-Z]{3})?\s*\)/.test(after)) ||
    /^-(?!\d)/.test(after);
  return negative ? -value : value;
}

function decimalValue(raw: string): number | null {
  let digits = raw.replace(/[ \u202f']/g, '');
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    digits = digits.replaceAll(decimal === '.' ? ',' : '.', '').replace(',', '.');
  } else if (lastComma >= 0) {
    const groups = digits.split(',');
    // "1,234" is a thousand in English; "5,79" and "0,125" are decimals.
    const thousands = groups.length > 2 || (groups[1]?.length === 3 && groups[0] !== '0');
    digits = thousands ? groups.join('') : digits.replace(',', '.');
  } else if (digits.split('.').length > 2) {
    digits = digits.replaceAll('.', '');
  }
  if (!/^\d+(\.\d+)?$/.test(digits)) return null;
  const value = Number(digits);
  return Number.isFinite(value) ? value : null;
}

export function parseInteger(text: string): number | null {
  const value = parseNumber(text);
  return value !== null && Number.isInteger(value) ? value : null;
}

const CHECKED = '(?:[☑☒✓✔✅■▣x×]|\\[\\s*[x✓✔]\\s*\\]|\\(\\s*x\\s*\\))';
const YES_NO = `(${[...YES_WORDS, ...NO_WORDS].join('|')})`;
const TICKED_OPTION = new RegExp(`${CHECKED}\\s*${YES_NO}\\b`, 'iu');
const OPTION_TICKED = new RegExp(`\\b${YES_NO}\\s*${CHECKED}(?=\\s|$)`, 'iu');
const OFFERS_BOTH = /\b(yes|si|oui|ja)\b.*\b(no|non|nein)\b|\b(no|non|nein)\b.*\b(yes|si|oui|ja)\b/i;

/**
 * Yes/no from a word ("Yes", "falso") or from a ticked option on a form ("□ Yes ☑ No"). Both
 * options printed with none ticked ("Yes No") is no answer at all.
 */
export function parseBoolean(text: string): boolean | null {
  const folded = foldText(text);
  const ticked = folded.match(TICKED_OPTION) ?? folded.match(OPTION_TICKED);
  if (ticked?.[1]) return YES_WORDS.includes(ticked[1]);
  if (OFFERS_BOTH.test(folded)) return null;
  const first = foldText(text.trim()).match(/^\[\s*[x✓✔]?\s*\]|^[^\s,.;:]+/u)?.[0];
  if (!first) return null;
  // A word that starts a sentence ("No party shall ...") is no answer.
  if (/^\p{L}+ \p{Ll}/u.test(text.trim())) return null;
  if (/^(yes|y|true|si|x|✓|✔|☑|☒|verdadero|\[\s*[x✓✔]\s*\])$/u.test(first)) return true;
  if (/^(no|n|false|falso|☐|\[\s*\])$/u.test(first)) return false;
  return null;
}

export function parseEmail(text: string): string | null {
  return text.match(/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u)?.[0] ?? null;
}

/** The enum value named by the text: equal when folded, else the longest one its words contain. */
export function matchEnum(text: string, values: readonly unknown[]): unknown {
  const folded = ` ${foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
  let best: { value: unknown; length: number } | null = null;
  for (const value of values) {
    if (typeof value === 'number') {
      if (parseNumber(text) === value) return value;
      continue;
    }
    if (typeof value !== 'string') continue;
    const words = foldText(value)
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    if (words === '') continue;
    if (folded.trim() === words) return value;
    if (folded.includes(` ${words} `) && (!best || words.length > best.length)) best = { value, length: words.length };
  }
  return best?.value ?? null;
}

export type DateOrder = 'dmy' | 'mdy';

function fullYear(year: string): number {
  const value = Number(year);
  if (year.length === 4) return value;
  return value < 70 ? 2000 + value : 1900 + value;
}

function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || year < 1000 || year > 9999) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Day and month of `a/b/y`: whichever cannot be a month says; otherwise the document's order. */
function numericDayMonth(a: number, b: number, separator: string, order: DateOrder): [number, number] {
  if (a > 12) return [a, b];
  if (b > 12) return [b, a];
  if (separator === '.') return [a, b]; // dotted dates are day-first wherever they are written
  return order === 'dmy' ? [a, b] : [b, a];
}

/**
 * A numeric date with its year of four or two digits; a comma after it starts another number
 * ("1.234,56") unless a clock time follows it ("3/31/2013,2:46:28 PM").
 */
const NUMERIC_DAY_MONTH_YEAR = /(?<!\d)(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?![\d.]|,(?!\s?\d{1,2}:\d{2}))/;

/**
 * A day and month padded to two places with a space after a dash ("7- 3-2014"), or with spaces on
 * both sides of its separators ("12 - 03 - 2019"), with a four-digit year.
 */
const PADDED_DATE = /(?<!\d)(\d{1,2}) ?([-/.]) ?(\d{1,2}) ?\2 ?(\d{4})(?![\d.,])/;

// Compiled once: the month alternation is long, and dates are parsed line by line.
// (Its year of two digits may follow an apostrophe: "25 Dec '18".)
const DAY_MONTH_YEAR = new RegExp(` (\\d{1,2}) ${MONTH_NAME} '?(\\d{4}|\\d{2}) `);
const MONTH_DAY_YEAR = new RegExp(` ${MONTH_NAME} (\\d{1,2}) (\\d{4}) `);
/** A year of two digits after an apostrophe, as point-of-sale printers write it: "Jun 17 '13". */
const MONTH_DAY_SHORT_YEAR = new RegExp(` ${MONTH_NAME} (\\d{1,2}) '(\\d{2}) `);

/** A numeric date's shape, in digits and the letters OCR prints for them ("25/O3/2018", "l5-03-2018"). */
const DATE_SHAPE = /(?<![\p{L}\d])[\dOoIlS|]{1,4}([-/.])[\dOoIlS|]{1,2}\1[\dOoIlS|]{2,4}(?![\p{L}\d])/gu;
/** The digits OCR's look-alike letters stand for in a number. */
const LOOKALIKE_DIGITS: Readonly<Record<string, string>> = { O: '0', o: '0', I: '1', l: '1', '|': '1', S: '5' };
/** Digits a date's shape must hold besides its look-alike letters: a date, not a word. */
const MIN_DATE_DIGITS = 4;

/**
 * The text with the letters OCR printed for digits inside a numeric date's shape read as those
 * digits ("25/O3/2018" -> "25/03/2018"), one letter for one digit so that offsets stay.
 */
export function withLookalikeDigits(text: string): string {
  if (!/[OoIlS|]/.test(text)) return text;
  return text.replace(DATE_SHAPE, (shape) => {
    const digits = shape.replace(/\D/g, '').length;
    return digits >= MIN_DATE_DIGITS && digits < shape.replace(/[-/.]/g, '').length
      ? shape.replace(/[OoIlS|]/g, (letter) => LOOKALIKE_DIGITS[letter] ?? letter)
      : shape;
  });
}

/** Letters OCR prints for one another inside a word. */
const LOOKALIKE_LETTERS: Readonly<Record<string, string>> = { v: 'y', y: 'v', c: 'e', e: 'c', i: 'l', l: 'i' };

/** The month a word names with one letter OCR printed as its look-alike ("noy" is "nov"), else the word. */
function asMonthName(word: string): string {
  if (MONTHS[word] !== undefined) return word;
  for (let at = 0; at < word.length; at++) {
    const other = LOOKALIKE_LETTERS[word[at] ?? ''];
    const read = other === undefined ? '' : `${word.slice(0, at)}${other}${word.slice(at + 1)}`;
    if (MONTHS[read] !== undefined) return read;
  }
  return word;
}

/** The first date in the text as `YYYY-MM-DD`, from numeric or spelled-out forms (several languages). */
export function parseDate(printed: string, order: DateOrder = 'dmy'): string | null {
  const text = withLookalikeDigits(printed);
  const iso = text.match(/(?<!\d)(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?!\d)/);
  if (iso) return isoDate(Number(iso[1]), Number(iso[3]), Number(iso[4]));
  // (A space after a dash may be a printer's padding: "7- 3-2014".)
  const numeric = text.match(NUMERIC_DAY_MONTH_YEAR) ?? text.match(PADDED_DATE);
  if (numeric) {
    const [day, month] = numericDayMonth(Number(numeric[1]), Number(numeric[3]), numeric[2] ?? '/', order);
    return isoDate(fullYear(numeric[4] ?? ''), month, day);
  }
  const words = ` ${foldText(text)
    .replace(/(\d)(st|nd|rd|th|er|o|º)\b/g, '$1')
    // "Aug24'15": a month's name glued to its day, and an apostrophe year; "17NOV2019" glued to both.
    .replace(/(\p{L})(\d)/gu, '$1 $2')
    .replace(/(\d)(\p{L})/gu, '$1 $2')
    .replace(/\s?['’°`](\d{2})\b/g, " '$1")
    // "JUL 09, 16": a two-digit year after the day's comma, as point-of-sale printers write it too.
    .replace(/(\p{L}\.? \d{1,2}), ?(\d{2})(?![\d:])/gu, "$1 '$2")
    .replace(/[,.\-/]+/g, ' ')
    .replace(/\b(de|del|of|the|le)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\p{L}{3,9}/gu, asMonthName)} `;
  const dayFirst = words.match(DAY_MONTH_YEAR);
  if (dayFirst) return isoDate(fullYear(dayFirst[3] ?? ''), MONTHS[dayFirst[2] ?? ''] ?? 0, Number(dayFirst[1]));
  const monthFirst = words.match(MONTH_DAY_YEAR);
  if (monthFirst) return isoDate(Number(monthFirst[3]), MONTHS[monthFirst[1] ?? ''] ?? 0, Number(monthFirst[2]));
  const shortYear = words.match(MONTH_DAY_SHORT_YEAR);
  if (shortYear) return isoDate(fullYear(shortYear[3] ?? ''), MONTHS[shortYear[1] ?? ''] ?? 0, Number(shortYear[2]));
  return null;
}

/**
 * `YYYY-MM-DDTHH:MM:SSZ` for `format: date-time`. The document rarely says its time zone; UTC is
 * assumed, and midnight when no time is written, because the format requires both.
 */
export function parseDateTime(text: string, order: DateOrder = 'dmy'): string | null {
  const date = parseDate(text, order);
  if (!date) return null;
  const time = text.match(/(?<!\d)(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?m\.?)?/i);
  let hours = Number(time?.[1] ?? 0);
  if (time?.[4] && /^p/i.test(time[4]) && hours < 12) hours += 12;
  if (time?.[4] && /^a/i.test(time[4]) && hours === 12) hours = 0;
  if (hours > 23) return `${date}T00:00:00Z`;
  const pad = (value: number | string) => String(value).padStart(2, '0');
  return `${date}T${pad(hours)}:${pad(time?.[2] ?? 0)}:${pad(time?.[3] ?? 0)}Z`;
}

/**
 * Day-first or month-first for the whole document, from the dates in it that are unambiguous
 * (a first number over 12 is a day); `fallback` when they do not tell, day-first unless the caller
 * knows better, as most of the world writes.
 */
export function inferDateOrder(text: string, fallback: DateOrder = 'dmy'): DateOrder {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const match of text.matchAll(/(?<!\d)(\d{1,2})[-/](\d{1,2})[-/](?:\d{4}|\d{2})(?!\d)/g)) {
    const a = Number(match[1]);
    const b = Number(match[2]);
    // (A number over 31 is no day: OCR glued a digit to it, "64/8/2016", and it tells no order.)
    if (a > 12 && a <= 31 && b <= 12) dayFirst++;
    else if (b > 12 && b <= 31 && a <= 12) monthFirst++;
  }
  if (monthFirst === dayFirst) return fallback;
  return monthFirst > dayFirst ? 'mdy' : 'dmy';
}
