import {
  AMOUNT_DUE_PHRASES,
  AMOUNT_ROLES,
  type AmountRole,
  CASH_WORDS,
  COUNT_NOUNS,
  NOT_MISREAD,
  OCR_MISREAD_LABELS,
  TAX_SUMMARY_PHRASES,
} from '../lexicon/amount-roles.js';
import { CURRENCY_CODES, CURRENCY_WORDS } from '../lexicon/amounts.js';
import { escapeRegExp } from '../lexicon/escape-regexp.js';
import type { DocumentModel, ModelLine } from '../model/document-model.js';
import { parseNumber } from '../parse-values.js';
import { rememberedBy } from '../remembered.js';
import { foldText } from '../text-tokens.js';
import { labelColumnPairs } from './amount-label-columns.js';
import type { Candidate, CandidateGenerator, RelationSpec } from './candidate.js';
import { near, type RoledAmount, repairMisreadTotals } from './misread-totals.js';
import { hasAnyPhrase, labelWordsOf, phraseText } from './phrase-match.js';

/**
 * Amounts with the role their label gives them (total, subtotal, tax, rounding, cash tendered,
 * change, tip), on the label's line or on one of the two lines under it ("TOTAL :" / "RM" /
 * "39.80"). Counts of items ("TOTAL QTY 3.00") are not amounts and are left out. The totals are
 * then checked against each other: a total that subtotal + tax (+ rounding), or tendered - change,
 * adds up to carries 'arithmetic_consistent' and `support`; a total that a rounding line turns into
 * another total is the 'pre_rounding_total', not the grand total.
 */

/** Lines longer than this are read only this far: an amount's label is short, and reading stays linear. */
const MAX_LINE = 400;
/** Lines under a label where its amount may stand. */
const LINES_BELOW = 2;
const CURRENCY = '(?:RM|S\\$|US\\$|\\$|€|£|₹|¥)';
const AMOUNT = new RegExp(
  // (A figure followed by "%" is a rate, not an amount.)
  // (OCR may print a space beside the decimal point, or one for it: "43. 80", "$11 65".)
  // (Thousands may be grouped by one space, as French and Nordic invoices print them: "48 275,00".)
  `(?<![\\d.,])(-\\s?)?(?:${CURRENCY}\\s?)?(\\d{1,3}(?:[,.'\u00a0\u202f ]\\d{3}| ,\\d{3})+[.,]\\d{2}|\\d+[.,]\\d{2}|\\d+(?: ?[.,] | [.,]| )\\d{2})(?![\\d]|[.,]\\d|\\s?%)(-)?` +
    `|(?<![\\p{L}\\d])${CURRENCY}\\s?(\\d{1,6})(?![\\d.,])`,
  'gu',
);
const CURRENCY_SYMBOLS = new RegExp(CURRENCY, 'g');
const CURRENCY_ONLY = new RegExp(`^[\\s:=.]*(?:(?:${CURRENCY_WORDS.map(escapeRegExp).join('|')})[\\s:=.]*)*$`, 'i');

const ROLE_RELATIONS: Readonly<Record<Exclude<AmountRole, 'item_count'>, RelationSpec>> = {
  grand_total: {
    relation: 'grand_total',
    propertyPhrases: ['total', 'grand total', 'total amount', 'amount paid'],
    excludedBy: [
      'subtotal',
      'sub total',
      'tax',
      'vat',
      'gst',
      'before',
      'quantity',
      'items',
      'tip',
      'discount',
      'net',
      'untaxed',
      'excluding',
    ],
  },
  subtotal: {
    relation: 'subtotal',
    propertyPhrases: ['subtotal', 'sub total', 'before tax', 'net amount', 'total net', 'total excluding', 'untaxed'],
  },
  tax_total: {
    relation: 'tax_total',
    propertyPhrases: ['tax', 'vat', 'gst', 'sales tax', 'tax amount'],
    excludedBy: [
      'before tax',
      'excluding tax',
      'tax id',
      'tax number',
      'tax rate',
      'incl',
      'including',
      'inclusive',
      'after tax',
      // A total without its tax is never the tax.
      'untaxed',
      'subtotal',
      'sub total',
    ],
  },
  rounding: { relation: 'rounding', propertyPhrases: ['rounding'] },
  tendered: {
    relation: 'tendered',
    propertyPhrases: ['tendered', 'cash', 'amount tendered', 'payment amount'],
  },
  change: { relation: 'change', propertyPhrases: ['change'], excludedBy: ['exchange'] },
  tip: { relation: 'tip', propertyPhrases: ['tip', 'tips', 'gratuity'] },
  discount: { relation: 'discount', propertyPhrases: ['discount', 'savings', 'rebate'] },
};

/** A currency code inside a label ("Montant EUR HT", "Total USD") says nothing of the amount's role. */
const CODE_IN_LABEL = /\b[A-Z]{3}\b/g;

export function roleOf(label: string): AmountRole | null {
  const words = phraseText(label.replace(CODE_IN_LABEL, (code) => (CURRENCY_CODES.has(code) ? ' ' : code)));
  for (const [role, phrases] of AMOUNT_ROLES) if (hasAnyPhrase(words, phrases)) return role;
  return null;
}

/** True when a and b differ by one letter changed, added or dropped. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** A count of goods inside a label: "(1 item)", "2 ITEM(S)". */
const COUNTED = new RegExp(`\\(?\\b\\d+\\s*(?:${COUNT_NOUNS.map(escapeRegExp).join('|')})(?![\\p{L}])\\)?`, 'giu');

/** The role of a label, and whether it was read from a misspelt word ("TOTAI", "Tota1") as OCR prints it. */
function labelRole(label: string): LabelRole {
  return rememberedRoles(label, () => readLabelRole(label));
}

interface LabelRole {
  readonly role: AmountRole | null;
  readonly misread: boolean;
}

/** Labels' roles remembered by their text: the same labels recur on a page and across documents. */
const REMEMBERED_LABELS = 4096;
const rememberedRoles = rememberedBy<LabelRole>(REMEMBERED_LABELS);

function readLabelRole(label: string): LabelRole {
  const role = roleOf(label);
  // "Total (1 item)" counts the goods in its label; the amount after it is the total.
  if (role === 'item_count') {
    const uncounted = roleOf(label.replace(COUNTED, ' '));
    if (uncounted && uncounted !== 'item_count') return { role: uncounted, misread: false };
  }
  if (role) return { role, misread: false };
  const words = misreadWords(label);
  // (Read again only where a digit stands inside a word: most labels have none.)
  const lettered = DIGIT_IN_WORD.test(label) ? roleOf(words.join(' ')) : null;
  if (lettered && lettered !== 'item_count') return { role: lettered, misread: true };
  const misread = words.some(
    (word) =>
      word.length >= 4 && !NOT_MISREAD.has(word) && OCR_MISREAD_LABELS.some((known) => oneEditApart(word, known)),
  );
  return misread ? { role: 'grand_total', misread } : { role: null, misread: false };
}

/** Digits OCR prints for the letters they look like inside a word ("T0TAL", "SUBT0TAL", "TOTA1"). */
const LETTER_FOR_DIGIT: Readonly<Record<string, string>> = { '0': 'o', '1': 'l', '5': 's' };

/** A digit OCR may have printed for a letter, beside a letter. */
const DIGIT_IN_WORD = /\p{L}[015]|[015]\p{L}/u;

/** The words of a label with a digit inside a word of letters read as the letter it looks like. */
function misreadWords(label: string): string[] {
  return foldText(label)
    .replace(/[^\p{L}\d]+/gu, ' ')
    .trim()
    .split(' ')
    .map((word) => (/\p{L}/u.test(word) ? word.replace(/[015]/g, (digit) => LETTER_FOR_DIGIT[digit] ?? digit) : word));
}

/** How much less sure an amount is when its label was a misspelt word. */
const MISREAD_PENALTY = 0.2;

interface Found {
  readonly value: number;
  readonly raw: string;
  readonly start: number;
  readonly end: number;
}

/**
 * How a document prints its amounts: with cents, or in whole units grouped by thousands as
 * Indonesian and Vietnamese receipts do ("Total 36.000" is thirty-six thousand).
 */
type Units = 'cents' | 'whole';

/** A figure in whole units grouped by thousands with a dot or a comma, and no decimals ("48.000", "3,400,000"). */
const GROUPED_WHOLE = /(?<![\d.,])(-\s?)?(\d{1,3}([.,])\d{3}(?:\3\d{3})*)(?![\d]|[.,]\d)/g;

/**
 * Whole units where most of the document's figures are grouped by thousands: at least two, and
 * more than twice as many as the figures with cents ("1.599" on a fuel receipt priced in cents is
 * a price per litre, not 1599).
 */
function unitsOf(lines: readonly ModelLine[]): Units {
  const count = (pattern: RegExp) =>
    lines.reduce((sum, line) => sum + (line.text.slice(0, MAX_LINE).match(pattern)?.length ?? 0), 0);
  const grouped = count(GROUPED_WHOLE);
  return grouped >= 2 && count(WITH_CENTS) * 2 < grouped ? 'whole' : 'cents';
}

/** A figure with cents after a decimal point or comma ("12.50", "1,234.50"). */
const WITH_CENTS = /(?<![\d.,])\d[\d.,]*[.,]\d{2}(?![\d]|[.,]\d)/g;

function amountsIn(text: string, units: Units = 'cents'): Found[] {
  const found: Found[] = [];
  for (const match of text.slice(0, MAX_LINE).matchAll(AMOUNT)) {
    const spaced = match[2]?.match(/^(\d+) ?[.,]? ?(\d{2})$/);
    // A space for the decimal point, after a group of digits and a space, is one more group of a
    // number printed in groups ("VAT No GB 987 6543 21"), not an amount.
    if (spaced && /^\d+ \d{2}$/.test(match[2] ?? '') && /\d\s$/.test(text.slice(0, match.index))) continue;
    // (OCR may print a space before a thousands comma: "57 ,310.40".)
    const digits = spaced ? `${spaced[1]}.${spaced[2]}` : (match[2] ?? match[4] ?? '').replace(' ,', ',');
    const magnitude = parseNumber(digits);
    if (magnitude === null) continue;
    const negative = match[1] !== undefined || match[3] !== undefined;
    found.push({
      value: negative ? -magnitude : magnitude,
      // The figure with its decimal point where OCR spaced it, so that a string asks for "11.65".
      raw: spaced ? match[0].replace(match[2] ?? '', digits).trim() : match[0].trim(),
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return units === 'whole' ? withWholeUnits(text, found) : found;
}

/** The figures of a line with its whole units grouped by thousands added, in the order they stand. */
function withWholeUnits(text: string, found: readonly Found[]): Found[] {
  const whole = [...text.slice(0, MAX_LINE).matchAll(GROUPED_WHOLE)].flatMap((match) => {
    const end = match.index + match[0].length;
    if (found.some((other) => other.start < end && match.index < other.end)) return [];
    const magnitude = Number((match[2] ?? '').replace(/[.,]/g, ''));
    return [{ value: match[1] ? -magnitude : magnitude, raw: match[0].trim(), start: match.index, end }];
  });
  return [...found, ...whole].sort((a, b) => a.start - b.start);
}

/** An amount read with its role (the shape the misread-totals repair reads too). */
type Proposed = RoledAmount;

/** The proposal of a figure found on a line, with the role and label it was read with. */
function proposal(
  role: AmountRole,
  amount: Found,
  line: number,
  layout: Proposed['layout'],
  label: string,
  confidence: number,
): Proposed {
  const span = { line, start: amount.start, endLine: line, end: amount.end };
  return { role, value: amount.value, raw: amount.raw, span, layout, label, confidence };
}

/** The amount standing alone (beside nothing but a currency) on one of the lines under a label. */
function amountBelow(
  lines: readonly ModelLine[],
  labelLine: number,
  units: Units,
): { line: ModelLine; amount: Found } | null {
  for (let next = labelLine + 1, seen = 0; next < lines.length && seen < LINES_BELOW; next++) {
    const line = lines[next] as ModelLine;
    if (line.text.trim() === '') continue;
    seen++;
    const [amount, ...others] = amountsIn(line.text, units);
    if (!amount) {
      if (CURRENCY_ONLY.test(line.text)) continue;
      return null;
    }
    const before = line.text.slice(0, amount.start);
    return others.length === 0 && (CURRENCY_ONLY.test(before) || isDebris(before)) ? { line, amount } : null;
  }
  return null;
}

/** OCR's debris beside a figure: marks and letters, but no word of three letters or more and no digit ("e:  —"). */
function isDebris(text: string): boolean {
  return !/\p{L}{3}|\d/u.test(text);
}

/** Lines looked down from a row of labels for the row of their amounts (a sentence may run between). */
const LINES_BELOW_ROW = 4;
/** How far an amount may stand outside its label's cell and still be in its column. */
const COLUMN_SLACK = 3;

/**
 * A row of amount labels over a row of their amounts ("TOTAL HT   TOTAL TVA   TOTAL TTC" over
 * "100,00   10,00   110,00"), each amount in its label's column; lines whose text has no amount
 * in those columns (a sentence of payment terms) may stand between.
 */
function amountsUnderLabelRow(lines: readonly ModelLine[], line: ModelLine): Proposed[] {
  const labels = line.cells.map((cell) => ({ cell, ...labelRole(cell.text) }));
  if (labels.length < 2 || labels.some((label) => !label.role || label.role === 'item_count')) return [];
  for (let next = line.index + 1, seen = 0; next < lines.length && seen < LINES_BELOW_ROW; next++) {
    const below = lines[next] as ModelLine;
    if (below.text.trim() === '') continue;
    seen++;
    const amounts = amountsIn(below.text);
    const inColumn = labels.map(({ cell }) =>
      amounts.find((amount) => amount.end > cell.start - COLUMN_SLACK && amount.start < cell.end + COLUMN_SLACK),
    );
    if (inColumn.every((amount) => amount === undefined)) continue;
    if (inColumn.some((amount) => amount === undefined)) return [];
    return labels.map(({ cell, role, misread }, index) => {
      const amount = inColumn[index] as Found;
      return {
        role: role as AmountRole,
        value: amount.value,
        raw: amount.raw,
        span: { line: below.index, start: amount.start, endLine: below.index, end: amount.end },
        layout: 'below' as const,
        label: cell.text,
        confidence: 0.65 - (misread ? MISREAD_PENALTY : 0),
      };
    });
  }
  return [];
}

/** Lines looked up from a totals row for the captions of its columns. */
const LINES_ABOVE_ROW = 8;

/**
 * A totals row under captioned columns ("Montant EUR HT   Montant TVA   Montant EUR TTC" over
 * rows, then "Total facture   31.50   6.30   37.80"): each figure takes its column caption's role,
 * not the row label's. Every figure must stand in a captioned column, and the captions must name
 * different roles.
 */
function amountsUnderCaptions(lines: readonly ModelLine[], line: ModelLine, amounts: readonly Found[]): Proposed[] {
  const label = line.text.slice(0, amounts[0]?.start ?? 0);
  if (amounts.length < 2) return [];
  const sum = labelRole(label).role !== 'grand_total';
  if (sum && !isSumRow(lines, line, amounts)) return [];
  for (let above = line.index - 1; above >= 0 && above >= line.index - LINES_ABOVE_ROW; above--) {
    const captionLine = lines[above] as ModelLine;
    if (amountsIn(captionLine.text).length > 0 || captionLine.cells.length < 2) continue;
    const captions = captionLine.cells.map((cell) => ({ cell, role: labelRole(cell.text).role }));
    const inColumn = amounts.map((amount) =>
      captions.find(({ cell }) => amount.end > cell.start - COLUMN_SLACK && amount.start < cell.end + COLUMN_SLACK),
    );
    const roles = inColumn.map((caption) => caption?.role);
    // A sum row may run under columns without a total's caption (the goods, a surcharge): those figures are left out.
    const named = roles.filter((role) => role && role !== 'item_count');
    const usable = sum ? named.length >= 2 : named.length === roles.length;
    if (!usable || new Set(named).size !== named.length) continue;
    return amounts.flatMap((amount, index) => {
      const role = roles[index];
      if (!role || role === 'item_count') return [];
      return [proposal(role, amount, line.index, 'below', inColumn[index]?.cell.text ?? '', 0.7)];
    });
  }
  return [];
}

/** Lines above a sum row where the rows it adds up stand, past the blank line or rule between them. */
const LINES_ABOVE_SUM = 3;

/**
 * The sum row of a summary table (per VAT rate, then the sums: "-6,40  0,18  -6,22  -0,91  EUR
 * -8,79"): figures with no words beside them but a currency, set apart by a blank line or a rule
 * from a row of figures in the same columns.
 */
function isSumRow(lines: readonly ModelLine[], line: ModelLine, amounts: readonly Found[]): boolean {
  let rest = line.text;
  for (const amount of [...amounts].reverse()) rest = rest.slice(0, amount.start) + rest.slice(amount.end);
  if (!CURRENCY_ONLY.test(rest)) return false;
  let apart = false;
  for (let above = line.index - 1; above >= 0 && above >= line.index - LINES_ABOVE_SUM; above--) {
    const text = (lines[above] as ModelLine).text;
    if (/^[\s\-=_—]*$/.test(text)) {
      apart = true;
      continue;
    }
    if (!apart) return false;
    const row = amountsIn(text);
    const aligned = amounts.filter((amount) =>
      row.some((other) => other.end > amount.start - COLUMN_SLACK && other.start < amount.end + COLUMN_SLACK),
    );
    return aligned.length >= 2;
  }
  return false;
}

/** A token of four or more digits that is no amount: an identifier, a registration or VAT number. */
const IDENTIFIER_TOKEN = /\S*(?:\d\S*){4,}/gu;
/** A figure, a rate or a year: digits with at most separators, a sign, a currency or a percent. */
const FIGURE_TOKEN = /^[-+(]?[$€£¥₹]?(?:\d{1,5}|[\d.,' ]*[.,]\d+)%?\)?[.:;,]?$/u;

/**
 * The words an amount's label may be: those after the last identifier before it. A label with an
 * identifier as its value names that identifier, not a figure further on the line ("VAT: FR12345678901
 * - share capital 120 000,00": the VAT label's value is the VAT number).
 */
function afterLastIdentifier(text: string): string {
  const last = [...text.matchAll(IDENTIFIER_TOKEN)].filter((token) => !FIGURE_TOKEN.test(token[0])).at(-1);
  return last === undefined ? text : text.slice((last.index ?? 0) + last[0].length);
}

function proposeOnLine(lines: readonly ModelLine[], line: ModelLine, units: Units): Proposed[] {
  const amounts = amountsIn(line.text, units);
  const captioned = amountsUnderCaptions(lines, line, amounts);
  if (captioned.length > 0) return captioned;
  const proposed: Proposed[] = [];
  if (amounts.length === 0) {
    const row = amountsUnderLabelRow(lines, line);
    if (row.length > 0) return row;
    const { role, misread } = labelRole(line.text.slice(0, MAX_LINE));
    const below = role && role !== 'item_count' ? amountBelow(lines, line.index, units) : null;
    if (role && below) {
      const confidence = 0.65 - (misread ? MISREAD_PENALTY : 0);
      proposed.push(proposal(role, below.amount, below.line.index, 'below', line.text.trim(), confidence));
    }
    const split = role && role !== 'item_count' && !below ? splitFigure(line.text) : null;
    if (role && split) {
      const confidence = SPLIT_FIGURE_CONFIDENCE - (misread ? MISREAD_PENALTY : 0);
      proposed.push(proposal(role, split, line.index, 'same-line', line.text.slice(0, split.start).trim(), confidence));
    }
    return proposed;
  }
  // Each amount belongs to the label before it; amounts after one label (a rate's base, then the
  // tax) share it, the last of them most surely.
  let label = '';
  let role: AmountRole | null = null;
  let misread = false;
  let previousEnd = 0;
  amounts.forEach((amount, index) => {
    const between = afterLastIdentifier(line.text.slice(previousEnd, amount.start));
    if (hasWords(between)) {
      label = between.trim();
      ({ role, misread } = labelRole(between));
    }
    previousEnd = amount.end;
    if (!role || role === 'item_count') return;
    const last = index === amounts.length - 1 || hasWords(line.text.slice(amount.end, amounts[index + 1]?.start));
    proposed.push({
      role,
      value: amount.value,
      raw: amount.raw,
      span: { line: line.index, start: amount.start, endLine: line.index, end: amount.end },
      layout: 'same-line',
      label,
      confidence: (last ? 0.8 : 0.6) - (misread ? MISREAD_PENALTY : 0),
    });
  });
  return proposed;
}

/**
 * Words between two amounts start a new label; a currency, as a sign or a code, does not: after
 * "MwSt. 7 % auf 387,00 EUR" the "EUR" is the base's currency and "27,09 EUR" still the tax.
 */
function hasWords(text: string): boolean {
  const words = text
    .replace(CURRENCY_SYMBOLS, '')
    .replace(/\b[A-Z]{3}\b/g, (code) => (CURRENCY_CODES.has(code) ? '' : code));
  return /\p{L}{2,}/u.test(words);
}

/**
 * A figure whose decimal point OCR lost in a wide gap, ending its label's line ("TOTAL DUE   64     25"):
 * the units, then the cents alone after two spaces or more, and no other digit on the line.
 */
const SPLIT_FIGURE = /^(\D*?)(\d{1,5}) {2,}(\d{2})\s*$/;
/** A split figure is less sure than one printed whole. */
const SPLIT_FIGURE_CONFIDENCE = 0.5;

function splitFigure(text: string): Found | null {
  const match = text.slice(0, MAX_LINE).match(SPLIT_FIGURE);
  if (!match) return null;
  const digits = `${match[2]}.${match[3]}`;
  const start = (match[1] ?? '').length;
  return { value: Number(digits), raw: digits, start, end: match[0].trimEnd().length };
}

/** Lines of a tax summary's heading, at most this long: a heading, not a sentence. */
const SUMMARY_HEADING_LENGTH = 40;

/**
 * Totals printed under a tax summary's heading ("GST SUMMARY") that follows a total: the rows' totals
 * are the net of that total (its tax stands beside), so they read as subtotals.
 */
function underTaxSummary(lines: readonly ModelLine[], proposed: readonly Proposed[]): Proposed[] {
  const heading = lines.find(
    (line) =>
      line.text.trim().length <= SUMMARY_HEADING_LENGTH &&
      hasAnyPhrase(phraseText(line.text), TAX_SUMMARY_PHRASES) &&
      proposed.some((found) => found.role === 'grand_total' && found.span.line < line.index),
  );
  if (!heading) return [...proposed];
  return proposed.map((found) =>
    found.role === 'grand_total' && found.span.line > heading.index ? { ...found, role: 'subtotal' as const } : found,
  );
}

/** A figure alone on its line, beside nothing but a currency ("26.60", "RM 12.30", "3"). */
function isFigureLine(text: string): boolean {
  const figure = text.match(/-?\d[\d.,]*\s*$/);
  return figure !== null && CURRENCY_ONLY.test(text.slice(0, figure.index));
}

/** A label of an amount's role alone on its line, without a figure ("TOTAL:", "Change (RM)"). */
function isRoleLabel(text: string): boolean {
  return !/\d/.test(text) && labelRole(text.slice(0, MAX_LINE)).role !== null;
}

/**
 * A label alone on its line with no figure under it takes the figure standing alone on the line
 * above ("393.00" / "Net Amount"), as reading order may put a receipt's figure before its label:
 * only a figure that no other label's amount was read from.
 */
function amountsAboveLabels(
  lines: readonly ModelLine[],
  proposed: readonly Proposed[],
  paired: ReadonlySet<number>,
  units: Units,
): Proposed[] {
  const read = new Set(proposed.map((found) => found.span.line));
  return lines.flatMap((line) => {
    // (The cheap tests first: most lines hold digits, or stand under no figure.)
    if (line.block < 0 || paired.has(line.index) || /\d/.test(line.text) || !/\p{L}/u.test(line.text)) return [];
    const figure = figureAbove(lines, line.index, units);
    if (!figure || read.has(figure.line.index)) return [];
    const { role, misread } = labelRole(line.text.slice(0, MAX_LINE));
    if (!role || role === 'item_count' || amountBelow(lines, line.index, units)) return [];
    const confidence = 0.5 - (misread ? MISREAD_PENALTY : 0);
    return [proposal(role, figure.amount, figure.line.index, 'below', line.text.trim(), confidence)];
  });
}

/**
 * The figure alone on the nearest line above a label, or on the line above that past a line
 * without digits or a role (OCR debris, a rule, a currency).
 */
function figureAbove(
  lines: readonly ModelLine[],
  labelLine: number,
  units: Units,
): { line: ModelLine; amount: Found } | null {
  const [first, second] = lines
    .slice(Math.max(0, labelLine - 6), labelLine)
    .filter((line) => line.text.trim() !== '')
    .reverse();
  if (!first) return null;
  const debris = !/\d/.test(first.text);
  const figureLine = debris ? second : first;
  if (!figureLine || !isFigureLine(figureLine.text)) return null;
  // (The role of the line between is read last: it costs the most.)
  if (debris && labelRole(first.text.slice(0, MAX_LINE)).role !== null) return null;
  const [amount, ...others] = amountsIn(figureLine.text, units);
  return amount && others.length === 0 ? { line: figureLine, amount } : null;
}

/** The amounts of a column of labels read before the column of their figures (amount-label-columns.ts). */
function inLabelColumns(lines: readonly ModelLine[], units: Units): (Proposed & { labelLine: number })[] {
  return labelColumnPairs(lines, isRoleLabel, isFigureLine, isCurrencyCaption).flatMap(({ label, value }) => {
    const { role, misread } = labelRole(label.text.slice(0, MAX_LINE));
    const [amount] = amountsIn(value.text, units);
    if (!role || !amount) return [];
    const span = { line: value.index, start: amount.start, endLine: value.index, end: amount.end };
    return [
      {
        role,
        value: amount.value,
        raw: amount.raw,
        span,
        layout: 'below' as const,
        label: label.text.trim(),
        confidence: 0.6 - (misread ? MISREAD_PENALTY : 0),
        labelLine: label.index,
      },
    ];
  });
}

/** A currency alone on its line, the caption of a column of figures ("RM"). */
function isCurrencyCaption(text: string): boolean {
  return CURRENCY_ONLY.test(text);
}

/** Equal to the cent: a rounding of one cent ("Rounding -0.01") is neither zero nor nothing. */
const sameCents = (a: number, b: number) => Math.abs(a - b) < 0.005;

/** A whole multiple of five: a sum banknotes make. */
const isRoundFigure = (value: number) => Number.isInteger(value) && value % 5 === 0;

/** A payment proposed as the total: less sure than any total a label names. */
const PAYMENT_AS_TOTAL = 0.35;

/** An amount that the cash less the change equals, where no label names the total: a little surer than a payment. */
const PAID_AMOUNT_AS_TOTAL = 0.5;

/**
 * Where no label names the total, the payment says it: an amount printed under another label
 * ("Net Amount 9.00") that the cash less the change equals; or, when no change is given back,
 * the amount paid (by card, or in cash to the cent): "VISA 8.36" on a receipt whose "TOTAL" line
 * OCR could not read.
 */
function withPaymentAsTotal(lines: readonly ModelLine[], labelled: readonly Proposed[], units: Units): Proposed[] {
  if (labelled.some((found) => found.role === 'grand_total')) return [...labelled];
  // (Only a subtotal or a change gives an unlabelled amount a meaning: other documents skip the scan.)
  const unlabelled = labelled.some((found) => found.role === 'subtotal' || found.role === 'change')
    ? unlabelledAmounts(lines, labelled, units)
    : [];
  const proposed = [...labelled, ...paymentsBeforeChange(lines, labelled, unlabelled)];
  const summedUnlabelled = unlabelled.filter((found) => addsUp(found, proposed));
  if (summedUnlabelled.length > 0) {
    return [
      ...proposed,
      ...summedUnlabelled.map((found) => ({
        ...found,
        role: 'grand_total' as const,
        confidence: PAID_AMOUNT_AS_TOTAL,
      })),
    ];
  }
  // A subtotal that is another subtotal plus the tax ("Net Amount" under "Sub Total" and "GST") is the total.
  const subtotals = proposed.filter((found) => found.role === 'subtotal');
  const taxSum = proposed.filter((found) => found.role === 'tax_total').reduce((sum, tax) => sum + tax.value, 0);
  const summed = subtotals.filter(
    (found) => taxSum > 0 && subtotals.some((other) => other !== found && near(other.value + taxSum, found.value)),
  );
  if (summed.length > 0) {
    return [
      ...proposed,
      ...summed.map((found) => ({ ...found, role: 'grand_total' as const, confidence: PAID_AMOUNT_AS_TOTAL })),
    ];
  }
  const changes = proposed.filter((found) => found.role === 'change');
  if (changes.length > 0) {
    const tendered = proposed.filter((found) => found.role === 'tendered');
    const sums = tendered.flatMap((cash) => changes.map((change) => cash.value - change.value));
    const paid = proposed.filter(
      (found) =>
        found.role !== 'tendered' &&
        found.role !== 'change' &&
        found.value > 0 &&
        sums.some((sum) => near(sum, found.value)),
    );
    // No change given back ("Change 0.00"): what was handed over is what was due.
    const exact = changes.every((change) => sameCents(change.value, 0))
      ? proposed.filter((found) => found.role === 'tendered' && found.value > 0)
      : [];
    return [
      ...proposed,
      ...paid.map((found) => ({ ...found, role: 'grand_total' as const, confidence: PAID_AMOUNT_AS_TOTAL })),
      ...(paid.length > 0 ? [] : exact).map((found) => ({
        ...found,
        role: 'grand_total' as const,
        confidence: PAYMENT_AS_TOTAL,
      })),
    ];
  }
  // Cash handed over in round figures, as notes make them ("Cash Tendered 70.00"), was likely more
  // than the total; a whole figure no note makes ("CASH 297.00"), with no change printed, is what was due.
  const paid = proposed.filter(
    (found) =>
      found.role === 'tendered' &&
      found.value > 0 &&
      !(isRoundFigure(found.value) && hasAnyPhrase(phraseText(found.label), CASH_WORDS)),
  );
  return [
    ...proposed,
    ...paid.map((found) => ({ ...found, role: 'grand_total' as const, confidence: PAYMENT_AS_TOTAL })),
  ];
}

/**
 * A total's label on the cash handed over ("Amount Paid 50.00" / "Balance 16.50" under "Grand Total
 * 33.50"): a "total" that another total printed above it plus the amount on the next line (the
 * change, whatever its label, but not a tax) adds up to is the payment, not the total.
 */
function paymentsLabelledAsTotals(lines: readonly ModelLine[], proposed: readonly Proposed[]): Proposed[] {
  const totals = proposed.filter((found) => found.role === 'grand_total');
  return proposed.map((found) => {
    if (found.role !== 'grand_total') return found;
    const next = lines.slice(found.span.endLine + 1).find((line) => line.text.trim() !== '');
    const amounts = next ? amountsIn(next.text) : [];
    const role = next ? labelRole(next.text.slice(0, MAX_LINE)).role : null;
    const change = amounts.length === 1 && (role === null || role === 'change') ? (amounts[0] as Found).value : 0;
    const paid =
      change > 0 &&
      totals.some(
        // (A total of nothing, "Total surcharges 0.00", is no sum a payment could exceed.)
        (other) => other.value > 0 && other.span.line < found.span.line && leaves(found.value, change, other.value),
      );
    return paid ? { ...found, role: 'tendered' as const } : found;
  });
}

/** True when `whole` less `part` (a discount, the change: its sign aside) leaves `rest`. */
const leaves = (whole: number, part: number, rest: number) => near(whole - Math.abs(part), rest);

/** True when a discount printed between a total and a figure under both takes the total to that figure. */
function discountedTo(total: Proposed, discounts: readonly Proposed[], rest: Proposed): boolean {
  return discounts.some(
    (discount) =>
      total.span.line < discount.span.line &&
      discount.span.line < rest.span.line &&
      leaves(total.value, discount.value, rest.value),
  );
}

/**
 * A net printed under a total and a discount taken from it ("GROSS AMOUNT 200.00" / "DISCOUNT
 * 20.00" / "NET AMOUNT 180.00") is what is left to pay: a total (a tax printed under it may still
 * make it the subtotal of a larger total, see totalSupport). So is a net that the taxes (and a
 * rounding) printed between the total and it add up to ("Total 100.00" / "Service Tax 5.00" /
 * "Round off 0.01" / "Net Amount 105.01").
 */
function netsAfterDiscount(proposed: readonly Proposed[]): Proposed[] {
  const discounts = proposed.filter((found) => found.role === 'discount' && found.value !== 0);
  const totals = proposed.filter((found) => found.role === 'grand_total');
  return proposed.map((found) => {
    if (found.role !== 'subtotal') return found;
    const net = totals.some((total) => discountedTo(total, discounts, found) || taxedTo(total, proposed, found));
    return net ? { ...found, role: 'grand_total' as const } : found;
  });
}

/** True when the taxes (at least one) and roundings printed between a total and a figure under it add the total up to that figure. */
function taxedTo(total: Proposed, proposed: readonly Proposed[], rest: Proposed): boolean {
  const between = proposed.filter(
    (found) =>
      (found.role === 'tax_total' || found.role === 'rounding') &&
      total.span.line < found.span.line &&
      found.span.line < rest.span.line,
  );
  const sum = between.reduce((sum, found) => sum + found.value, 0);
  return (
    between.some((found) => found.role === 'tax_total' && found.value > 0) && roundedTo(total.value + sum, rest.value)
  );
}

/**
 * True when `value` is `sum`, or `sum` rounded for cash where no rounding line says so: to a whole
 * unit ("Round off" to the rupee) or to five cents (Malaysian and Singaporean tills).
 */
function roundedTo(sum: number, value: number): boolean {
  if (near(sum, value)) return true;
  const cents = Math.round(value * 100);
  if (cents % 100 === 0) return Math.abs(sum - value) < 0.5;
  return cents % 5 === 0 && Math.abs(sum - value) < 0.03;
}

/**
 * A total printed with a minus ("Total  -52.17": a till that shows what was settled, or a dash OCR
 * read beside the figure) under a positive subtotal that states its magnitude, with or without the
 * taxes, is that magnitude: a sale whose parts are positive does not come to a negative total. A
 * credit note prints its subtotal negative too, and keeps its sign.
 */
function unsignedTotals(proposed: readonly Proposed[]): Proposed[] {
  const taxSum = proposed.filter((found) => found.role === 'tax_total').reduce((sum, tax) => sum + tax.value, 0);
  return proposed.map((found) => {
    if (found.role !== 'grand_total' || found.value >= 0) return found;
    const parts = proposed.filter(
      (other) =>
        (other.role === 'subtotal' || other.role === 'grand_total') &&
        other.value > 0 &&
        other.span.line < found.span.line,
    );
    const stated = parts.some((part) => near(part.value, -found.value) || near(part.value + taxSum, -found.value));
    return stated ? { ...found, value: -found.value, raw: found.raw.replace(/^-\s?|-$/g, '') } : found;
  });
}

/** An amount alone on a line whose label OCR could not read, or that has none ("TE Ele   $12.05", "HS   10.00"). */
type Unlabelled = Omit<Proposed, 'role'>;

/**
 * The amounts standing alone on lines that no label's amount was read from and whose text names no
 * role: where a receipt's total or payment label is garbled, its figure is still one of these.
 */
function unlabelledAmounts(lines: readonly ModelLine[], proposed: readonly Proposed[], units: Units): Unlabelled[] {
  const read = new Set(proposed.map((found) => found.span.line));
  return lines.flatMap((line) => {
    if (line.block < 0 || read.has(line.index)) return [];
    const amounts = amountsIn(line.text, units);
    if (amounts.length !== 1 || labelRole(line.text.slice(0, MAX_LINE)).role !== null) return [];
    const amount = amounts[0] as Found;
    return [
      {
        value: amount.value,
        raw: amount.raw,
        span: { line: line.index, start: amount.start, endLine: line.index, end: amount.end },
        layout: 'same-line' as const,
        label: line.text.slice(0, amount.start).trim(),
        confidence: PAID_AMOUNT_AS_TOTAL,
      },
    ];
  });
}

/**
 * A service charge or tip printed under the total is added to it: an amount alone on a line under
 * both, its label unreadable, that the total (or the subtotal, with the taxes) and the tip add up
 * to is the total paid ("Totale 442.00" / "Servizio 53.00" / "ER0 495.00").
 */
function totalsAfterTip(lines: readonly ModelLine[], proposed: readonly Proposed[], units: Units): Proposed[] {
  const tips = proposed.filter((found) => found.role === 'tip' && found.value > 0);
  if (tips.length === 0) return [];
  const taxSum = proposed.filter((found) => found.role === 'tax_total').reduce((sum, tax) => sum + tax.value, 0);
  const befores = proposed.filter((found) => found.role === 'grand_total' || found.role === 'subtotal');
  const sumsAbove = (line: number) =>
    tips
      .filter((tip) => tip.span.line < line)
      .flatMap((tip) =>
        befores
          .filter((before) => before.value > 0 && before.span.line < tip.span.line)
          .flatMap((before) => [before.value + tip.value, before.value + taxSum + tip.value]),
      );
  return unlabelledAmounts(lines, proposed, units)
    .filter((found) => sumsAbove(found.span.line).some((sum) => near(sum, found.value)))
    .map((found) => ({ ...found, role: 'grand_total' as const, confidence: PAID_AMOUNT_AS_TOTAL }));
}

/** A tax read from the arithmetic alone, its label unreadable: as sure as a payment read as the total. */
const UNLABELLED_TAX = PAID_AMOUNT_AS_TOTAL;

/**
 * Where no tax was read, an amount alone on a line between a subtotal (or a total) and a larger
 * total under it, whose label OCR could not read, is the tax when the two differ by it ("Subtotal
 * 20.00" / "Ta 1.60" / "Total 21.60").
 */
function taxesBetweenTotals(lines: readonly ModelLine[], proposed: readonly Proposed[], units: Units): Proposed[] {
  if (proposed.some((found) => found.role === 'tax_total')) return [];
  const totals = proposed.filter((found) => found.role === 'grand_total');
  const befores = proposed.filter((found) => found.role === 'subtotal' || found.role === 'grand_total');
  const spans = (upper: Proposed, lower: Proposed) => upper.span.line < lower.span.line && lower.value > upper.value;
  if (!totals.some((total) => befores.some((before) => spans(before, total)))) return [];
  return unlabelledAmounts(lines, proposed, units).flatMap((found) => {
    const between = (before: Proposed, total: Proposed) =>
      spans(before, total) &&
      before.span.line < found.span.line &&
      found.span.line < total.span.line &&
      leaves(total.value, found.value, before.value);
    const tax = found.value > 0 && totals.some((total) => befores.some((before) => between(before, total)));
    return tax ? [{ ...found, role: 'tax_total' as const, confidence: UNLABELLED_TAX }] : [];
  });
}

/**
 * The change is printed under the payment it was given back from: an unlabelled amount on the
 * nearest line above the change's (past its label, when the figure stands under it) is what was
 * handed over ("HS   20.00" / "CHANGE DUE   4.65").
 */
function paymentsBeforeChange(
  lines: readonly ModelLine[],
  proposed: readonly Proposed[],
  unlabelled: readonly Unlabelled[],
): Proposed[] {
  if (proposed.some((found) => found.role === 'tendered')) return [];
  return proposed
    .filter((found) => found.role === 'change')
    .flatMap((change) => {
      for (let index = change.span.line - 1; index >= 0; index--) {
        const line = lines[index] as ModelLine;
        if (line.text.trim() === '') continue;
        if (change.layout === 'below' && amountsIn(line.text).length === 0) continue;
        const above = unlabelled.find((found) => found.span.line === index && found.value > change.value);
        return above ? [{ ...above, role: 'tendered' as const }] : [];
      }
      return [];
    });
}

/**
 * True when an unlabelled amount printed after the subtotal is what the subtotal and the tax (and a
 * rounding) add up to, or what the cash less the change comes to: the total, its label unreadable.
 */
function addsUp(found: Unlabelled, proposed: readonly Proposed[]): boolean {
  const of = (role: AmountRole) => proposed.filter((other) => other.role === role);
  const subtotals = of('subtotal').filter((subtotal) => subtotal.span.line < found.span.line);
  const taxes = of('tax_total').map((tax) => tax.value);
  const taxSum = taxes.reduce((sum, tax) => sum + tax, 0);
  const roundings = of('rounding').map((rounding) => rounding.value);
  const sums = subtotals.flatMap(({ value }) =>
    taxes.length === 0
      ? []
      : [value + taxSum, ...taxes.map((tax) => value + tax), ...roundings.map((r) => value + taxSum + r)],
  );
  const paid = of('tendered').flatMap((cash) => of('change').map((change) => cash.value - change.value));
  return found.value > 0 && [...sums, ...paid].some((sum) => near(sum, found.value));
}

/**
 * Support (0..1) from the arithmetic the other amounts state about a total, and the relations it
 * earns. A total that a rounding line turns into another total is the amount before rounding: it
 * keeps no 'grand_total' relation.
 */
function totalSupport(
  total: Proposed,
  all: readonly Proposed[],
  unlabelled: readonly Unlabelled[],
): { support: number; conflict?: number; relations: string[] } {
  const of = (role: AmountRole) => all.filter((other) => other.role === role).map((other) => other.value);
  const subtotals = of('subtotal');
  const taxes = of('tax_total');
  const roundings = of('rounding').filter((rounding) => !sameCents(rounding, 0));
  const tendered = of('tendered');
  const changes = of('change');
  const totals = all.filter((other) => other.role === 'grand_total' && other !== total);
  // (Its label may be the plainer "TOTAL" of the two: the rounding line is evidence against it as the total paid.)
  if (totals.some((other) => roundings.some((rounding) => sameCents(total.value + rounding, other.value)))) {
    return { support: 0, conflict: 1, relations: ['pre_rounding_total'] };
  }
  // A total that a discount printed under it takes to another total is the amount before the discount.
  const discounts = all.filter((other) => other.role === 'discount' && other.value !== 0);
  if (totals.some((other) => discountedTo(total, discounts, other))) return { support: 0, relations: ['subtotal'] };
  const taxSum = taxes.reduce((sum, tax) => sum + tax, 0);
  const tips = of('tip').filter((tip) => tip > 0);
  // "Net total" is the total after tax on a Malaysian receipt and before it on a European invoice:
  // when the tax brings it to another total, it is the subtotal. So is a total that the tax brings
  // to a total printed under it ("TOTAL RM 53.00" / "GST 6% 3.18" / "TOTAL AMOUNT RM 56.18").
  // So is the net column of a tax summary's total row ("TOTAL 5.00 0.30" under the total of 5.30).
  // (One tax line may be printed twice, on its own and in the summary: each tax is tried alone too.)
  // So is a total that a service charge or tip printed under it brings to a total under that.
  const taxed = (other: Proposed) =>
    other.span.line > total.span.line &&
    other.value > total.value &&
    [taxSum, ...taxes, ...tips].some((tax) => tax > 0 && roundedTo(total.value + tax, other.value));
  if (totals.some(taxed)) return { support: 0, relations: ['subtotal'] };
  // A total row of a tax summary ("Total   35.75   2.15") whose figures add up to a total printed
  // elsewhere holds its parts: the net (the largest) and the tax.
  const row = all.filter((other) => other.span.line === total.span.line && other.label === total.label);
  const rowSum = row.reduce((sum, other) => sum + other.value, 0);
  if (row.length > 1 && totals.some((other) => other.span.line !== total.span.line && near(other.value, rowSum))) {
    return { support: 0, relations: [row.every((other) => other.value <= total.value) ? 'subtotal' : 'tax_total'] };
  }
  // (The totals printed above it that the tax brings to it are its subtotals.)
  const beforeTax = totals.filter((other) => other.span.line < total.span.line).map((other) => other.value);
  const sums = [...subtotals, ...beforeTax].flatMap((subtotal) => [
    subtotal + taxSum,
    ...taxes.map((tax) => subtotal + tax),
    ...roundings.map((rounding) => subtotal + taxSum + rounding),
    ...tips.flatMap((tip) => [subtotal + tip, subtotal + taxSum + tip]),
  ]);
  const paid = tendered.flatMap((cash) => changes.map((change) => cash - change));
  // The total is the amount due unless another total's label says it is the one due (after a deposit).
  const due = isDueLabel(total.label) || !all.some((other) => other.role === 'grand_total' && isDueLabel(other.label));
  const relations = due ? ['grand_total', 'amount_due'] : ['grand_total'];
  let support = 0;
  if (sums.some((sum) => roundedTo(sum, total.value)) || paid.some((sum) => near(sum, total.value))) {
    support += 0.5;
    relations.push('arithmetic_consistent');
  }
  if (totals.some((other) => roundings.some((rounding) => sameCents(other.value + rounding, total.value))))
    support += 0.3;
  // The payment printed under the total repeats it ("Order Total 10.04" / "Amex 10.04"), whatever
  // OCR made of the payment's label: surer than another total or the cash repeating it.
  const repaid = unlabelled.some((found) => found.span.line > total.span.line && near(found.value, total.value));
  if (repaid) support += PAYMENT_REPEAT_SUPPORT;
  else if (totals.some((other) => near(other.value, total.value)) || tendered.some((cash) => near(cash, total.value)))
    support += 0.2;
  // The total is the largest of the amounts labelled total, and at least the subtotal and the tax.
  if (totals.length > 0 && totals.every((other) => other.value <= total.value)) support += 0.2;
  // Evidence against: a total below the subtotal or the tax, or, where the cash less the change
  // equals another total, a total that is not what was paid.
  // A rounding down or a discount may take the total below the subtotal, by as much as it says.
  const allowance = [...roundings, ...of('discount')].reduce((sum, amount) => sum + Math.abs(amount), 0);
  // What is left to pay after a deposit ("Zahlbetrag" under a larger gross total) may be below the subtotal.
  const afterDeposit = isDueLabel(total.label) && totals.some((other) => other.value > total.value + 0.011);
  // (The tax's column of a summary's total row is no total either, where a larger total stands.)
  const taxOnly = taxes.some((tax) => tax > 0 && near(tax, total.value)) && totals.some((o) => o.value > total.value);
  const below =
    taxOnly || (!afterDeposit && [...subtotals, ...taxes].some((amount) => amount > total.value + allowance + 0.011));
  const unpaid =
    paid.length > 0 &&
    !paid.some((sum) => near(sum, total.value)) &&
    totals.some((other) => paid.some((sum) => near(sum, other.value)));
  if (below || total.value <= 0) support = 0;
  // A credit note's total is negative: a sign alone is no evidence against it.
  const conflict = (below && total.value > 0) || unpaid ? 1 : 0;
  return { support: Math.min(1, Math.round(support * 100) / 100), conflict, relations };
}

/** Support of a total that an amount alone on a later line, its label no role's, repeats. */
const PAYMENT_REPEAT_SUPPORT = 0.3;

function isDueLabel(label: string): boolean {
  return hasAnyPhrase(phraseText(label), AMOUNT_DUE_PHRASES);
}

export const amountsGenerator: CandidateGenerator = {
  name: 'amounts',
  relations: [
    ...Object.values(ROLE_RELATIONS),
    {
      relation: 'amount_due',
      propertyPhrases: ['amount due', 'balance due', 'total due', 'amount payable', 'to pay', 'due for payment'],
    },
    { relation: 'arithmetic_consistent', propertyPhrases: [] },
    { relation: 'pre_rounding_total', propertyPhrases: ['before rounding', 'unrounded'] },
  ],
  generate(model: DocumentModel): Candidate[] {
    const units = unitsOf(model.lines);
    const columns = inLabelColumns(model.lines, units);
    const paired = new Set(columns.map((found) => found.labelLine));
    const labelled = [
      ...model.lines.flatMap((line) =>
        line.block < 0 || paired.has(line.index) ? [] : proposeOnLine(model.lines, line, units),
      ),
      // (A count of items takes its figure from the column too, and is no amount.)
      ...columns.filter((found) => found.role !== 'item_count'),
    ];
    const summarised = underTaxSummary(model.lines, [
      ...labelled,
      ...amountsAboveLabels(model.lines, labelled, paired, units),
    ]);
    const paid = withPaymentAsTotal(
      model.lines,
      netsAfterDiscount(unsignedTotals(paymentsLabelledAsTotals(model.lines, summarised))),
      units,
    );
    const tipped = [...paid, ...totalsAfterTip(model.lines, paid, units)];
    const proposed = repairMisreadTotals(model.lines, [...tipped, ...taxesBetweenTotals(model.lines, tipped, units)], {
      amountsIn: (text) => amountsIn(text, units),
      roleOf: (label) => labelRole(label.slice(0, MAX_LINE)).role,
      isCash: (label) => hasAnyPhrase(phraseText(label), CASH_WORDS),
    });
    const unlabelled = proposed.some((found) => found.role === 'grand_total')
      ? unlabelledAmounts(model.lines, proposed, units)
      : [];
    return proposed.map((found) => {
      const role = found.role as Exclude<AmountRole, 'item_count'>;
      const checked =
        role === 'grand_total'
          ? totalSupport(found, proposed, unlabelled)
          : { support: 0, conflict: 0, relations: [ROLE_RELATIONS[role].relation] };
      return {
        kind: 'amount',
        value: found.value,
        raw: found.raw,
        span: found.span,
        kindConfidence: found.confidence,
        layout: found.layout,
        relations: checked.relations,
        labelWords: labelWordsOf(phraseText(found.label)),
        support: checked.support,
        conflict: checked.conflict ?? 0,
      };
    });
  },
};
