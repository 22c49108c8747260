import { normaliseText, sameValue } from './score.js';

/**
 * `--present`: for sets read through OCR, accuracy counted only over the values that appear in the
 * converted text. A miss where the value is present is the extraction's; one where it is absent is
 * (mostly) the OCR's. The check is simple, not exact:
 *   - strings: the normalised value (NFKC, lower case, letters and digits only) is a substring of the
 *     normalised text;
 *   - numbers: the amount printed with two decimals (`39.80`, `39,80`, `1,234.50`), or the whole
 *     number when it has no cents, not inside a longer number;
 *   - dates (`YYYY-MM-DD`): any usual printed form, day first, month first or year first, with two or
 *     four year digits, with or without leading zeros, or with an English month name.
 * Top-level string, number and date fields are counted, and arrays of objects whose leaves are all
 * strings (key-value pairs such as `fields[]`): an element is present when each of its leaves appears
 * in the text, and matched when an extracted element has the same value for each of them (whatever
 * its position; the scorer's pairing of elements is not repeated here).
 */

export interface PresentCount {
  /** Documents whose golden value appears in the text. */
  present: number;
  /** Of those, documents whose value was extracted right. */
  matched: number;
  /** Documents with a golden value for the field. */
  labelled: number;
}

export interface PresentTally {
  readonly fields: Map<string, PresentCount>;
  /** `file field` of the misses whose value is in the text. */
  readonly misses: Set<string>;
}

/** Image files go through OCR; those are the sets this figure is for. */
export function readThroughOcr(file: string): boolean {
  return /\.(jpe?g|png|tiff?)$/i.test(file);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** The normalised printed forms of a date (letters and digits only, as `normaliseText` leaves text). */
function dateForms(year: string, month: string, day: string): string[] {
  const forms = new Set<string>();
  const years = [year, year.slice(2)];
  const months = [month, String(Number(month))];
  const days = [day, String(Number(day))];
  for (const y of years)
    for (const m of months)
      for (const d of days) {
        forms.add(d + m + y);
        forms.add(m + d + y);
        forms.add(y + m + d);
      }
  const name = MONTHS[Number(month) - 1] ?? '';
  for (const monthName of [name, name.slice(0, 3)])
    for (const y of years)
      for (const d of days) {
        forms.add(d + monthName + y);
        forms.add(monthName + d + y);
      }
  // Forms of five digits or fewer ('1319' for 1/3/19) match too much of a receipt to count.
  return [...forms].filter((form) => form.length >= 6);
}

/** A pattern for the amount printed with two decimals (or as a whole number), not inside a longer number. */
function amountPattern(value: number): RegExp {
  const fixed = Math.abs(value).toFixed(2);
  const [whole = '', cents = ''] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, '[,. ]?');
  const wholeOnly = cents === '00' ? `|${grouped}(?![.,]?\\d)` : '';
  return new RegExp(`(?<![\\d.,])(?:${grouped}[.,] ?${cents}(?!\\d)${wholeOnly})`);
}

/** Whether an expected leaf value appears in the document's text, under the rules above. */
export function appearsInText(expected: unknown, text: string, normalisedText = normaliseText(text)): boolean {
  if (typeof expected === 'number') return amountPattern(expected).test(text);
  if (typeof expected !== 'string') return false;
  const iso = expected.match(ISO_DATE);
  if (iso) {
    const [, year = '', month = '', day = ''] = iso;
    return dateForms(year, month, day).some((form) => normalisedText.includes(form));
  }
  const wanted = normaliseText(expected);
  return wanted !== '' && normalisedText.includes(wanted);
}

/** Adds one document's top-level scalar fields to the tally. */
export function tallyPresent(
  tally: PresentTally,
  expected: Record<string, unknown>,
  got: Record<string, unknown>,
  text: string,
  file: string,
): void {
  const normalisedText = normaliseText(text);
  for (const [key, value] of Object.entries(expected)) {
    if (Array.isArray(value)) {
      tallyElements(tally, key, value, got[key], { text, normalisedText, file });
      continue;
    }
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const count = countOf(tally, key);
    count.labelled++;
    if (!appearsInText(value, text, normalisedText)) continue;
    count.present++;
    if (sameValue(value, got[key])) count.matched++;
    else tally.misses.add(`${file} ${key}`);
  }
}

/** The field's count, made on its first use. */
function countOf(tally: PresentTally, field: string): PresentCount {
  const count = tally.fields.get(field) ?? { present: 0, matched: 0, labelled: 0 };
  tally.fields.set(field, count);
  return count;
}

/** Elements of an array of objects whose leaves are all strings, as one field named `key[]`. */
function tallyElements(
  tally: PresentTally,
  key: string,
  expected: readonly unknown[],
  got: unknown,
  where: { text: string; normalisedText: string; file: string },
): void {
  const isStringRecord = (item: unknown): item is Record<string, string> =>
    typeof item === 'object' &&
    item !== null &&
    !Array.isArray(item) &&
    Object.values(item).length > 0 &&
    Object.values(item).every((leaf) => typeof leaf === 'string');
  if (expected.length === 0 || !expected.every(isStringRecord)) return;
  const extracted = Array.isArray(got) ? got.filter(isStringRecord) : [];
  const count = countOf(tally, `${key}[]`);
  expected.forEach((item, index) => {
    count.labelled++;
    const leaves = Object.entries(item as Record<string, string>);
    if (!leaves.every(([, leaf]) => appearsInText(leaf, where.text, where.normalisedText))) return;
    count.present++;
    if (extracted.some((other) => leaves.every(([leaf, value]) => sameValue(value, other[leaf])))) count.matched++;
    else for (const [leaf] of leaves) tally.misses.add(`${where.file} ${key}[${index}].${leaf}`);
  });
}

export function printPresent(tally: PresentTally, fieldOrder: readonly string[]): void {
  if (tally.fields.size === 0) return;
  console.log('  where the golden value appears in the converted text (OCR read it):');
  console.log(
    `  ${'field'.padEnd(44)}${['present', 'labelled', 'matched', 'accuracy'].map((h) => h.padStart(10)).join('')}`,
  );
  const rank = (field: string) => (fieldOrder.includes(field) ? fieldOrder.indexOf(field) : fieldOrder.length);
  for (const [field, count] of [...tally.fields].sort(([a], [b]) => rank(a) - rank(b))) {
    const accuracy = count.present === 0 ? '-' : `${((100 * count.matched) / count.present).toFixed(1)} %`;
    console.log(
      `  ${field.padEnd(44)}${[String(count.present), String(count.labelled), String(count.matched), accuracy].map((cell) => cell.padStart(10)).join('')}`,
    );
  }
}
