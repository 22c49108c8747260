import type { LineSpan } from '../evidence.js';
import type { AmountRole } from '../lexicon/amount-roles.js';
import type { ModelLine } from '../model/document-model.js';

/**
 * Totals OCR misread, put right by the arithmetic of the other amounts. A receipt states its total
 * several times over: the subtotal plus the tax (and the tip or service charge, and the rounding),
 * the cash handed over less the change. Where the figure printed beside the total's label differs
 * by one digit from what those add up to (a digit changed, dropped or added: "63.97" for 63.92,
 * "$0.21" for 30.21), or where the label's figure is unreadable ("Total: WT", "Total Due 187.3"),
 * the total is what they add up to, provided something besides the one sum says so (see
 * `witnessed`). Only the arithmetic of amounts the document prints is used, never a guess.
 */

/** An amount read with its role, as the amounts generator proposes it. */
export interface RoledAmount {
  readonly role: AmountRole;
  readonly value: number;
  readonly raw: string;
  readonly span: LineSpan;
  readonly layout: 'same-line' | 'below';
  readonly label: string;
  readonly confidence: number;
}

/** What the amounts generator reads a line with. */
export interface AmountReader {
  /** The figures of a line's text. */
  readonly amountsIn: (text: string) => readonly { readonly value: number }[];
  /** The role a label names, its misspellings included. */
  readonly roleOf: (label: string) => AmountRole | null;
  /** True when a payment's label says cash was handed over, which may be more than the total. */
  readonly isCash: (label: string) => boolean;
}

/**
 * How a value the other amounts add up to was reached: from the parts of the bill; from the cash
 * handed over less the change (or another payment less the change); from a card's charge.
 */
type Route = 'parts' | 'cash' | 'change' | 'card';

interface Sum {
  readonly value: number;
  readonly routes: ReadonlySet<Route>;
  /** The lines of the amounts added up, the last of them where the sum stands when no label names it. */
  readonly lines: readonly number[];
}

/** Two amounts the same within a cent (sums of printed amounts carry float error). */
export const near = (a: number, b: number) => Math.abs(a - b) < 0.011;

/** A total put right by the arithmetic is less sure than one printed legibly. */
const REPAIRED_CONFIDENCE = 0.6;
/** A total no figure states, only the arithmetic: less sure still. */
const COMPUTED_CONFIDENCE = 0.45;
/** Digits a figure must show to be compared with a sum digit by digit. */
const MIN_FIGURE_DIGITS = 3;

/** The digits of a figure as printed, cents included ("$ 1,289.15" -> "128915"). */
function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** The digits a sum is printed with, to the cent (30.21 -> "3021"). */
function sumDigits(value: number): string {
  return String(Math.round(Math.abs(value) * 100));
}

/** True when a and b differ by one digit changed, added or dropped. */
export function oneDigitApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * What the other amounts say the total is: each subtotal plus the taxes and the tips or service
 * charges printed after it (both, or either alone: a tax may be included in the subtotal already),
 * with a rounding or without; where no tax was read, a subtotal plus the amount standing alone under
 * it, its label unreadable; the cash handed over less the change given back; and a card's charge
 * where no change is printed.
 */
function sumsOf(lines: readonly ModelLine[], proposed: readonly RoledAmount[], reader: AmountReader): Sum[] {
  const of = (role: AmountRole) => proposed.filter((found) => found.role === role && found.value !== 0);
  const taxes = of('tax_total').filter((found) => found.value > 0);
  const tips = of('tip').filter((found) => found.value > 0);
  const roundings = of('rounding');
  const sums: Sum[] = [];
  const add = (value: number, route: Route, parts: readonly RoledAmount[]) => {
    if (value <= 0) return;
    const at = parts.map((part) => part.span.line);
    const same = sums.findIndex((sum) => near(sum.value, value));
    if (same < 0) sums.push({ value, routes: new Set([route]), lines: at });
    else {
      const known = sums[same] as Sum;
      sums[same] = { value: known.value, routes: new Set([...known.routes, route]), lines: [...known.lines, ...at] };
    }
  };
  const addParts = (parts: readonly RoledAmount[], after: (found: RoledAmount) => boolean) => {
    const total = parts.reduce((sum, part) => sum + part.value, 0);
    add(total, 'parts', parts);
    for (const rounding of roundings.filter(after)) add(total + rounding.value, 'parts', [...parts, rounding]);
  };
  for (const subtotal of of('subtotal')) {
    const after = (found: RoledAmount) => found.span.line > subtotal.span.line;
    const taxed = taxes.filter(after);
    const tipped = tips.filter(after);
    // A subtotal alone is no evidence of the total: the tax or the tip is what it adds.
    if (taxed.length > 0) addParts([subtotal, ...taxed], after);
    if (tipped.length > 0) addParts([subtotal, ...tipped], after);
    if (taxed.length > 0 && tipped.length > 0) addParts([subtotal, ...taxed, ...tipped], after);
    const unread = taxed.length === 0 ? amountUnder(lines, subtotal, proposed, reader) : null;
    if (unread) addParts([subtotal, unread, ...tipped], after);
  }
  const changes = of('change');
  for (const cash of of('tendered')) {
    const route = reader.isCash(cash.label) ? 'cash' : 'change';
    for (const change of changes) add(cash.value - Math.abs(change.value), route, [cash, change]);
    if (changes.length === 0 && route !== 'cash') add(cash.value, 'card', [cash]);
  }
  return sums;
}

/** Lines under a subtotal where a tax whose label OCR could not read may stand. */
const LINES_UNDER_SUBTOTAL = 2;

/** The amount standing alone on one of the lines under a subtotal, with no role read from its label. */
function amountUnder(
  lines: readonly ModelLine[],
  subtotal: RoledAmount,
  proposed: readonly RoledAmount[],
  reader: AmountReader,
): RoledAmount | null {
  for (let index = subtotal.span.line + 1, seen = 0; index < lines.length && seen < LINES_UNDER_SUBTOTAL; index++) {
    const line = lines[index] as ModelLine;
    if (line.text.trim() === '') continue;
    seen++;
    if (proposed.some((found) => found.span.line === index)) return null;
    const amounts = reader.amountsIn(line.text);
    const [amount] = amounts;
    if (amounts.length !== 1 || !amount || amount.value <= 0 || reader.roleOf(line.text) !== null) continue;
    const span = { line: index, start: 0, endLine: index, end: line.text.length };
    return {
      role: 'tax_total',
      value: amount.value,
      raw: String(amount.value),
      span,
      layout: 'same-line',
      label: '',
      confidence: 0,
    };
  }
  return null;
}

/** True when a sum is reached both from the parts of the bill and from the payment: two independent ways. */
function bothWays(sum: Sum): boolean {
  return sum.routes.has('parts') && sum.routes.size > 1;
}

/**
 * A sum is the total, rather than a misreading of its own parts, when a second witness says so: it
 * is reached both from the parts and from the payment; or it is printed on a line of its own besides
 * the amounts added up; or a rounding printed takes it to another total; or the figure it replaces
 * cannot be the total (nothing, or less than a subtotal).
 */
function witnessed(
  sum: Sum,
  proposed: readonly RoledAmount[],
  replaced: RoledAmount | null,
  printedLines: (value: number) => readonly number[],
): boolean {
  if (bothWays(sum)) return true;
  if (printedLines(sum.value).some((line) => !sum.lines.includes(line) && line !== replaced?.span.line)) return true;
  const roundings = proposed.filter((found) => found.role === 'rounding' && found.value !== 0);
  const totals = proposed.filter((found) => found.role === 'grand_total' && found !== replaced);
  if (totals.some((total) => roundings.some((rounding) => near(sum.value + rounding.value, total.value)))) return true;
  if (!replaced) return false;
  const subtotals = proposed.filter((found) => found.role === 'subtotal').map((found) => found.value);
  return replaced.value <= 0 || subtotals.some((subtotal) => replaced.value < subtotal - 0.011);
}

/** The one sum a figure's digits are one digit away from, if exactly one is. */
function oneSumApart(digits: string, sums: readonly Sum[]): Sum | null {
  if (digits.length < MIN_FIGURE_DIGITS) return null;
  const apart = sums.filter((sum) => oneDigitApart(digits, sumDigits(sum.value)));
  return apart.length === 1 ? (apart[0] as Sum) : null;
}

/** The text of a line after its label: what follows the last word of two letters or more. */
function figureText(text: string): string {
  const words = [...text.matchAll(/\p{L}{2,}/gu)];
  const last = words.at(-1);
  return last === undefined ? text : text.slice((last.index ?? 0) + last[0].length);
}

/**
 * The proposed amounts with the totals OCR misread put right: a total whose figure is one digit
 * from a witnessed sum takes the sum; a total's label whose figure was not read takes the sum its
 * unreadable figure is one digit from, or a sum reached both from the parts and from the payment.
 */
export function repairMisreadTotals(
  lines: readonly ModelLine[],
  proposed: readonly RoledAmount[],
  reader: AmountReader,
): RoledAmount[] {
  const sums = sumsOf(lines, proposed, reader);
  if (sums.length === 0) return [...proposed];
  // (Every line's figures are read once, and only when a witness is looked for.)
  let figures: { line: number; value: number }[] | null = null;
  const printedLines = (value: number) => {
    figures ??= lines.flatMap((line) =>
      line.block < 0 ? [] : reader.amountsIn(line.text).map((amount) => ({ line: line.index, value: amount.value })),
    );
    return figures.filter((figure) => near(figure.value, value)).map((figure) => figure.line);
  };
  const agrees = (found: RoledAmount) => sums.some((sum) => near(sum.value, found.value));
  if (proposed.some((found) => found.role === 'grand_total' && agrees(found))) return [...proposed];
  const repaired = proposed.map((found) => {
    if (found.role !== 'grand_total') return found;
    const sum = oneSumApart(digitsOf(found.raw), sums);
    if (!sum || !witnessed(sum, proposed, found, printedLines)) return found;
    return {
      ...found,
      value: Math.round(sum.value * 100) / 100,
      raw: sum.value.toFixed(2),
      confidence: REPAIRED_CONFIDENCE,
    };
  });
  if (repaired.some((found, index) => found !== proposed[index])) return repaired;
  return [...proposed, ...unreadTotals(lines, proposed, sums, reader, printedLines)];
}

/**
 * Totals whose label stands on a line with no figure read beside it: the sum the line's unreadable
 * figure shows the digits of, or is one digit from ("Tota 1  20 x 92" for 20.92, "Total Due 187.3"
 * for 187.31); where the figure shows no digit at all ("Total: WT"), the one witnessed sum. Where no
 * label of a total was read at all, a sum reached both from the parts and from the payment is the
 * total, spanning the amounts it adds up.
 */
function unreadTotals(
  lines: readonly ModelLine[],
  proposed: readonly RoledAmount[],
  sums: readonly Sum[],
  reader: AmountReader,
  printedLines: (value: number) => readonly number[],
): RoledAmount[] {
  const read = new Set(proposed.map((found) => found.span.line));
  const firstPart = Math.min(...sums.flatMap((sum) => sum.lines));
  for (const line of lines) {
    if (line.block < 0 || line.index <= firstPart || read.has(line.index)) continue;
    if (reader.amountsIn(line.text).length > 0 || reader.roleOf(line.text) !== 'grand_total') continue;
    // A label whose figure was read under it is no unread total.
    if (proposed.some((found) => found.span.line > line.index && found.span.line <= line.index + LINES_UNDER_LABEL))
      continue;
    const figure = figureText(line.text);
    const digits = digitsOf(figure);
    const sum =
      digits === ''
        ? (witnessedAlone(sums, proposed, printedLines) ?? partsJustAbove(lines, line.index, sums, reader))
        : nearestSum(digits, sums);
    if (!sum) continue;
    const start = line.text.length - figure.trimStart().length;
    const end = Math.max(start, line.text.trimEnd().length);
    return [computedTotal(sum, { line: line.index, start, endLine: line.index, end }, line.text.slice(0, start))];
  }
  if (proposed.some((found) => found.role === 'grand_total')) return [];
  const both = sums.filter(bothWays);
  const paid = sums.filter((sum) => sum.routes.has('cash'));
  // (Where nothing else is read, the cash less the change is what was due.)
  const sum = both.length === 1 ? both[0] : paid.length === 1 && sums.length === 1 ? paid[0] : undefined;
  if (!sum) return [];
  const parts = proposed.filter((found) => sum.lines.includes(found.span.line));
  const first = parts.reduce((a, b) => (b.span.line < a.span.line ? b : a));
  const last = parts.reduce((a, b) => (b.span.line > a.span.line ? b : a));
  return [
    computedTotal(
      sum,
      { line: first.span.line, start: first.span.start, endLine: last.span.line, end: last.span.end },
      '',
    ),
  ];
}

function computedTotal(sum: Sum, span: LineSpan, label: string): RoledAmount {
  return {
    role: 'grand_total',
    value: Math.round(sum.value * 100) / 100,
    raw: sum.value.toFixed(2),
    span,
    layout: 'same-line',
    label: label.trim(),
    confidence: COMPUTED_CONFIDENCE,
  };
}

/** The one sum whose digits a figure shows, or is one digit from. */
function nearestSum(digits: string, sums: readonly Sum[]): Sum | null {
  return sums.find((sum) => sumDigits(sum.value) === digits) ?? oneSumApart(digits, sums);
}

/** Lines under a total's label where its figure may stand. */
const LINES_UNDER_LABEL = 2;

/** Lines between the last part of a sum and the total's label under it. */
const LABEL_UNDER_PARTS = 2;

/**
 * The sum of the parts printed just above a total's label ("Subtotal" / "Tax" / "Total ___"): the
 * one that adds up the most of them, when no other adds up as many.
 */
function partsJustAbove(
  lines: readonly ModelLine[],
  labelLine: number,
  sums: readonly Sum[],
  reader: AmountReader,
): Sum | null {
  // (A figure between them, "Delivery fee 3.00", may be one more part: the sum is then not the total.)
  const between = (from: number) => lines.slice(from + 1, labelLine).filter((line) => line.text.trim() !== '');
  const above = sums.filter((sum) => {
    const last = Math.max(...sum.lines);
    const gap = between(last);
    return (
      sum.routes.has('parts') &&
      last < labelLine &&
      gap.length < LABEL_UNDER_PARTS &&
      gap.every((line) => reader.amountsIn(line.text).length === 0)
    );
  });
  const most = Math.max(0, ...above.map((sum) => sum.lines.length));
  const widest = above.filter((sum) => sum.lines.length === most);
  return widest.length === 1 ? (widest[0] as Sum) : null;
}

/** The one sum that stands on a witness of its own, where no figure can be compared with it. */
function witnessedAlone(
  sums: readonly Sum[],
  proposed: readonly RoledAmount[],
  printedLines: (value: number) => readonly number[],
): Sum | null {
  const found = sums.filter((sum) => witnessed(sum, proposed, null, printedLines));
  return found.length === 1 ? (found[0] as Sum) : null;
}
