/**
 * The figures of a statement row, as printed in accounts: "184 207   51 630 235 837 247 410",
 * "63, 247   5,871   69,118", "(128,574)". Thousands may be grouped by commas or by single spaces
 * (scanned text also leaves a space after a comma); columns are separated by wider gaps. When
 * single spaces make the grouping ambiguous, the reading in which the row adds up (fund columns
 * summing to their total) is taken.
 */

interface Token {
  readonly digits: string;
  /** Written in brackets or with a minus: an outflow. */
  readonly negative: boolean;
  /** A single space before it (not a column gap), so it may continue the previous number. */
  readonly joinable: boolean;
}

export interface StatementRow {
  readonly figures: readonly number[];
  /** Index of the figure the other columns add up to, if any. */
  readonly totalAt: number | null;
}

const FIGURE = /^[(~-]?[£$€]?\(?(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?\)?$/;
/** A nil figure: a dash alone. */
const NIL = /^[-–—]$/;
/** Ambiguous groupings are tried for at most this many single-space boundaries (2^n readings). */
const MAX_AMBIGUOUS = 10;
/** Rounding to whole units may leave the columns one off their total. */
const ROUNDING = 1;

function tokensOf(text: string): Token[] | null {
  const tokens: Token[] = [];
  let printed = 0;
  const joined = text.replace(/(\d),\s(\d{3})(?!\d)/g, '$1,$2');
  for (const match of joined.matchAll(/\S+/g)) {
    // A dash in a fund's column is nil ("14,382      -      14,382").
    if (NIL.test(match[0])) {
      tokens.push({ digits: '0', negative: false, joinable: false });
      continue;
    }
    const figure = match[0].match(FIGURE);
    if (!figure) return null;
    printed++;
    const before = joined.slice(0, match.index);
    tokens.push({
      digits: (figure[1] ?? '').replaceAll(',', ''),
      negative: /^[(~-]/.test(match[0]) || match[0].endsWith(')'),
      joinable: /\d\s$/.test(before) && !/\s\s$/.test(before) && /^\d{3}$/.test(match[0]),
    });
  }
  // Dashes alone are a rule or a blank row, not figures.
  return printed > 0 ? tokens : null;
}

/** One reading of the tokens: the figures, signed (an outflow in brackets is negative). */
function readingOf(tokens: readonly Token[], joins: number): number[] {
  const figures: number[] = [];
  let current = '';
  let negative = false;
  let bit = 0;
  tokens.forEach((token, index) => {
    const join = index > 0 && token.joinable && current.length > 0 && (joins >> bit++) & 1;
    if (!join && current !== '') {
      figures.push(negative ? -Number(current) : Number(current));
      current = '';
    }
    if (current === '') negative = token.negative;
    current += token.digits;
  });
  if (current !== '') figures.push(negative ? -Number(current) : Number(current));
  return figures;
}

/**
 * The figure that earlier columns add up to: a + b = c, or a + b + c = d, signs counted (a fund's
 * surplus and another's deficit make the net result: "2,143   (5,370)   (3,227)").
 */
function totalIndex(figures: readonly number[]): number | null {
  for (let index = 2; index < figures.length; index++) {
    const total = figures[index] as number;
    if (total === 0) continue;
    const two = (figures[index - 2] as number) + (figures[index - 1] as number);
    if (Math.abs(two - total) <= ROUNDING && figures[index - 1] !== 0 && figures[index - 2] !== 0) return index;
    if (index >= 3 && Math.abs(two + (figures[index - 3] as number) - total) <= ROUNDING) return index;
  }
  return null;
}

/** The row's figures, or null when the text is not a row of figures. */
export function statementRow(text: string): StatementRow | null {
  const tokens = tokensOf(text.trim());
  if (!tokens || tokens.length === 0) return null;
  const ambiguous = tokens.filter((token, index) => index > 0 && token.joinable).length;
  // By default single spaces group thousands, as typeset accounts print them.
  const all = (1 << Math.min(ambiguous, MAX_AMBIGUOUS)) - 1;
  const plain = readingOf(tokens, all);
  const plainTotal = totalIndex(plain);
  if (plainTotal !== null || ambiguous === 0 || ambiguous > MAX_AMBIGUOUS)
    return { figures: plain.map(Math.abs), totalAt: plainTotal };
  let best: StatementRow | null = null;
  for (let joins = 0; joins < 1 << ambiguous; joins++) {
    const signed = readingOf(tokens, joins);
    const figures = signed.map(Math.abs);
    const at = totalIndex(signed);
    if (at !== null && (!best || (figures[at] as number) > (best.figures[best.totalAt as number] as number))) {
      best = { figures, totalAt: at };
    }
  }
  return best ?? { figures: plain.map(Math.abs), totalAt: null };
}

/** A note reference before the figures ("7  18,565,263 ...") is a small whole number. */
export const MAX_NOTE = 99;

/**
 * The current year's figure of a row: of fund columns, the one the others add up to; else the
 * first (the prior year is printed after the current one), after a note number when there are three.
 */
export function currentYear(row: StatementRow): { value: number; confidence: number } | null {
  if (row.totalAt !== null) return { value: row.figures[row.totalAt] as number, confidence: 0.9 };
  const [first, second] = row.figures;
  if (first === undefined) return null;
  if (second !== undefined && row.figures.length >= 3 && first <= MAX_NOTE) return { value: second, confidence: 0.6 };
  return { value: first, confidence: 0.6 };
}
