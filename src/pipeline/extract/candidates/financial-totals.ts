import type { LineSpan } from '../evidence.js';
import {
  BARE_TOTAL,
  EXPENDITURE_SECTIONS,
  EXPENDITURE_TOTAL_LABELS,
  INCOME_SECTIONS,
  INCOME_TOTAL_LABELS,
  STATEMENT_HEADING,
  THOUSANDS_MARKER,
} from '../lexicon/financial-report.js';
import { type DocumentModel, type ModelLine, streamSpan } from '../model/document-model.js';
import type { Candidate, CandidateGenerator, Relation } from './candidate.js';
import { checkNetResults } from './net-result.js';
import { phrasePattern } from './phrase-pattern.js';
import { currentYear, MAX_NOTE, type StatementRow, statementRow } from './statement-figures.js';

/**
 * The year's total income and total expenditure from a statement of financial activities or a
 * receipts and payments account: a total row ("Total incoming resources", or a bare "Total" under
 * an "Income" heading) and the figure of the current year on it or on the lines under it. Of a
 * row of fund columns, the one the others add up to; else the first figure (the prior year is
 * printed after the current one). "£'000" above the table scales the figure. A total inside the
 * statement (under its heading) is surer than one in a note or the narrative's tables; every
 * candidate names its relation in the property's words ("total income"), as the label it was read
 * by is one of the lexicon's names for that total.
 */

const LABELS: readonly [Relation, RegExp][] = [
  ['total_income', new RegExp(`^(?:\\d{1,2}\\s+)?(?:${phrasePattern(INCOME_TOTAL_LABELS)})\\b[\\s:]*`, 'i')],
  ['total_expenditure', new RegExp(`^(?:\\d{1,2}\\s+)?(?:${phrasePattern(EXPENDITURE_TOTAL_LABELS)})\\b[\\s:]*`, 'i')],
];
const SECTIONS: readonly [Relation, RegExp][] = [
  ['total_income', new RegExp(`^(?:${phrasePattern(INCOME_SECTIONS)})(?:\\s+\\S+){0,3}?\\s*:?$`, 'i')],
  ['total_expenditure', new RegExp(`^(?:${phrasePattern(EXPENDITURE_SECTIONS)})(?:\\s+\\S+){0,3}?\\s*:?$`, 'i')],
];
/** A row named by a section word alone ("Income  180,907  2,615  183,522") is a total when its funds add up. */
const SECTION_ROWS: readonly [Relation, RegExp][] = [
  ['total_income', new RegExp(`^(?:${phrasePattern(INCOME_SECTIONS)})\\s*:?(?=\\s{2}|$)`, 'i')],
  ['total_expenditure', new RegExp(`^(?:${phrasePattern(EXPENDITURE_SECTIONS)})\\s*:?(?=\\s{2}|$)`, 'i')],
];
/** How far above a table its "£'000" may be. */
const LOOK_BACK = 40;
/** How far above a bare "Total" its section heading may be (scanned statements print a figure a line). */
const SECTION_LOOK_BACK = 80;
const YEAR_ROW = /^\s*(?:(?:19|20)\d\d\s*)+$/;
/** Lines under a label its figures may be printed on. */
const FIGURE_LINES = 3;
/** Rounding to whole units may leave a section's rows one off their total. */
const ROUNDING = 1;
/** Lines above a section's total its rows may take (a figure a line in scanned text). */
const SUM_LOOK_BACK = 80;
/** A heading or a row's label is short; a longer line is prose, where a table ends. */
const MAX_HEADING = 70;
/** Lines after a statement's heading its table may take (scanned text prints a figure a line). */
const STATEMENT_LINES = 160;
/** A bare "Total" takes its role from a heading further up: a little less sure than a named total. */
const BARE_TOTAL_DOUBT = 0.1;
/** How much less sure a total is outside the statement, in a document that has one. */
const OUTSIDE_STATEMENT = 0.2;

/** The words a candidate of the relation is labelled with: the relation's own ("total income"). */
function relationWords(relation: Relation): string[] {
  return relation.split('_');
}

/**
 * For each line, the line of the statement heading whose table it lies in (-1 for none): from the
 * heading over at most STATEMENT_LINES lines, on the heading's page and the next. Null when no line
 * heads a statement. A line that ends in a page number is a contents entry, not the heading.
 */
function statementLines(model: DocumentModel): Int32Array | null {
  const headingOf = new Int32Array(model.lines.length).fill(-1);
  let heading = -1;
  let lastPage = -1;
  for (const line of model.lines) {
    if (line.text.length <= 120 && STATEMENT_HEADING.test(line.text) && !/\s\d{1,3}\s*$/.test(line.text)) {
      heading = line.index;
      lastPage = line.page + 1;
    }
    if (heading >= 0 && line.index - heading <= STATEMENT_LINES && line.page <= lastPage)
      headingOf[line.index] = heading;
  }
  return heading >= 0 ? headingOf : null;
}

function sectionOf(model: DocumentModel, line: ModelLine): Relation | null {
  for (let index = line.index - 1; index >= 0 && line.index - index <= SECTION_LOOK_BACK; index--) {
    const text = (model.lines[index]?.text ?? '').trim();
    if (text.length > 60) continue;
    for (const [relation, pattern] of SECTIONS) if (pattern.test(text)) return relation;
  }
  return null;
}

/** The scale of a figure: "£'000" above it, within LOOK_BACK lines or under its statement's heading. */
function scaleOf(model: DocumentModel, line: ModelLine, headingOf: Int32Array | null): number {
  const heading = headingOf?.[line.index] ?? -1;
  const from = heading >= 0 ? Math.min(heading, line.index - LOOK_BACK) : line.index - LOOK_BACK;
  for (let index = line.index; index >= 0 && index >= from; index--) {
    if (THOUSANDS_MARKER.test(model.lines[index]?.text ?? '')) return 1000;
  }
  return 1;
}

/** The figures after the label on its line, else on the figure-only lines under it. */
function figuresAfter(
  model: DocumentModel,
  line: ModelLine,
  rest: string,
): { row: StatementRow; span: LineSpan } | null {
  if (rest.trim() !== '') {
    const row = statementRow(rest);
    const start = line.text.length - rest.length;
    return row
      ? { row, span: { line: line.index, start, endLine: line.index, end: line.text.trimEnd().length } }
      : null;
  }
  const texts: string[] = [];
  let span: LineSpan | null = null;
  for (let index = line.index + 1; index < model.lines.length && texts.length < FIGURE_LINES; index++) {
    const next = model.lines[index] as ModelLine;
    if (next.block < 0) {
      if (texts.length > 0) break;
      continue;
    }
    // A row of years is a column header, not figures.
    if (YEAR_ROW.test(next.text) || !statementRow(next.text)) break;
    texts.push(next.text.trim());
    const start = next.text.length - next.text.trimStart().length;
    span ??= { line: next.index, start, endLine: next.index, end: next.text.trimEnd().length };
  }
  const row = texts.length > 0 ? statementRow(texts.join('   ')) : null;
  return row && span ? { row, span } : null;
}

function totalOf(model: DocumentModel, line: ModelLine, headingOf: Int32Array | null): Candidate | null {
  let bare = false;
  const text = line.text.trimStart();
  let relation: Relation | null = null;
  let rest = '';
  for (const [candidate, pattern] of LABELS) {
    const match = text.match(pattern);
    if (!match) continue;
    relation = candidate;
    rest = text.slice(match[0].length);
    break;
  }
  let addingUp = false;
  for (const [candidate, pattern] of relation ? [] : SECTION_ROWS) {
    const match = text.match(pattern);
    if (!match) continue;
    relation = candidate;
    rest = text.slice(match[0].length);
    addingUp = true;
    break;
  }
  if (!relation) {
    const first = line.cells[0];
    if (!first || !BARE_TOTAL.test(first.text)) return null;
    relation = sectionOf(model, line);
    rest = line.text.slice(first.end);
    bare = true;
  }
  if (!relation) return null;
  const found = figuresAfter(model, line, rest);
  const year = found ? currentYear(found.row) : null;
  if (!found || !year || year.value === 0 || (addingUp && found.row.totalAt === null)) return null;
  const value = year.value * scaleOf(model, line, headingOf);
  return {
    kind: 'amount',
    value,
    raw: String(year.value),
    span: found.span,
    kindConfidence: year.confidence - (bare ? BARE_TOTAL_DOUBT : 0),
    layout: found.span.line === line.index ? 'same-line' : 'below',
    relations: [relation],
    labelWords: relationWords(relation),
  };
}

/** The first figure of a row that has a label before its figures, or null. */
function labelledFigure(line: ModelLine): number | null {
  const [label, ...rest] = line.cells;
  if (!label || rest.length === 0 || !/\p{L}{2}/u.test(label.text)) return null;
  const row = statementRow(line.text.slice(label.end));
  return row?.figures[0] ?? null;
}

/** Where a section's sum stands among the candidates, and the line of the heading its rows start under. */
interface SumAt {
  readonly at: number;
  readonly heading: number;
}

/** How much less sure a section's sum is when a later sum takes it in. */
const SUBTOTAL_DOUBT = 0.2;

/** What a line of a statement is, as the section-sum reader walks up a table. */
interface TableLine {
  /** The first figure of a row with a label before its figures; null when the line has no such row. */
  readonly labelled: number | null;
  /** The figures of a line of figures only, or null. */
  readonly figures: readonly number[] | null;
  /** True for a row labelled as a total ("Total non-charitable income"): a subtotal of the rows above it. */
  readonly total: boolean;
  /** True for a line too long to be a heading or a row's label: prose, where a table ends. */
  readonly prose: boolean;
  /** The total a section heading on the line introduces, or null. */
  readonly section: Relation | null;
}

/** Each line read once as a table line, however many walks pass over it. */
function tableLines(model: DocumentModel): (index: number) => TableLine {
  const cache: (TableLine | undefined)[] = new Array(model.lines.length);
  return (index) => {
    const cached = cache[index];
    if (cached) return cached;
    const line = model.lines[index] as ModelLine;
    const figures = line.cells.length > 0 && !YEAR_ROW.test(line.text) ? statementRow(line.text) : null;
    const labelled = figures ? null : labelledFigure(line);
    const text = line.text.trim();
    const heading = !figures && labelled === null && text.length <= MAX_HEADING;
    const read: TableLine = {
      labelled,
      figures: figures?.figures ?? null,
      total: /^\s*(?:\d{1,2}\s+)?totals?\b/i.test(line.text),
      prose: text.length > MAX_HEADING,
      section: heading ? (SECTIONS.find(([, pattern]) => pattern.test(text))?.[0] ?? null) : null,
    };
    cache[index] = read;
    return read;
  };
}

/**
 * The figures of a row printed a figure a line, gathered bottom-up: how many, and the first two.
 * Its current year's figure comes after a note number when there are three.
 */
class StackedFigures {
  count = 0;
  first = 0;
  second = 0;

  /** Puts a line's figures before those gathered so far. */
  prepend(figures: readonly number[]): void {
    const [head = 0, next] = figures;
    this.second = next ?? this.first;
    this.first = head;
    this.count += figures.length;
  }

  current(): number {
    return this.count >= 3 && this.first <= MAX_NOTE ? this.second : this.first;
  }

  clear(): void {
    this.count = 0;
  }
}

/**
 * An unlabelled row of figures under a section's rows that its first figure is the sum of: the
 * section's total ("INCOMING RESOURCES / Fees 48,273 / Interest 426 / ... / 93,518"). The rows may
 * be printed with their figures on the lines under their label ("Fees" / "65,156" / "59,584"), under
 * sub-headings; a row labelled as a total is a subtotal of rows already counted.
 */
function sumRowOf(
  model: DocumentModel,
  line: ModelLine,
  headingOf: Int32Array | null,
  table: (index: number) => TableLine,
): { candidate: Candidate; heading: number } | null {
  const value = table(line.index).figures?.[0];
  if (value === undefined || value === 0) return null;
  let sum = 0;
  let rows = 0;
  // Figures of figure-only lines above, waiting for their label.
  const pending = new StackedFigures();
  for (let index = line.index - 1; index >= 0 && line.index - index <= SUM_LOOK_BACK; index--) {
    const above = model.lines[index] as ModelLine;
    if (above.block < 0) continue;
    const read = table(index);
    if (read.figures) {
      pending.prepend(read.figures);
      continue;
    }
    if (read.labelled !== null) {
      // Figures under a labelled row are a subtotal of its group, counted in its rows already.
      pending.clear();
      if (!read.total) sum += read.labelled;
      rows += read.total ? 0 : 1;
      continue;
    }
    if (read.prose) return null;
    if (pending.count > 0) {
      if (!read.total) {
        sum += pending.current();
        rows++;
      }
      pending.clear();
      continue;
    }
    const relation = read.section;
    if (!relation || rows < 2 || Math.abs(sum - value) > ROUNDING) continue;
    const start = line.text.length - line.text.trimStart().length;
    const candidate: Candidate = {
      kind: 'amount',
      value: value * scaleOf(model, line, headingOf),
      raw: String(value),
      span: { line: line.index, start, endLine: line.index, end: line.text.trimEnd().length },
      kindConfidence: 0.8,
      layout: 'below',
      relations: [relation],
      labelWords: relationWords(relation),
    };
    return { candidate, heading: index };
  }
  return null;
}

/**
 * A total stated in a sentence: its label, a few words without a figure, a linking verb, then a sum
 * with its currency sign ("Total income for the year was £245,310 (2018: ...)"). A sum followed by
 * a word of scale ("£2.4 million") is left out: its value is not the printed number.
 */
const PROSE_TOTALS: readonly [Relation, RegExp][] = (
  [
    ['total_income', INCOME_TOTAL_LABELS],
    ['total_expenditure', EXPENDITURE_TOTAL_LABELS],
  ] as const
).map(([relation, labels]) => [
  relation,
  new RegExp(
    `\\b(${phrasePattern(labels)})\\b[^.;:!?\\d£€$]{0,40}?\\s(?:was|were|amounted to|totalled|totaled|came to|stood at|of)\\s+(?:£|GBP\\s?)(\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d{2})?(?![\\d.,]*\\s*(?:million|m\\b|bn|billion|k\\b|thousand))`,
    'gi',
  ),
]);

function proseTotals(model: DocumentModel): Candidate[] {
  const { text } = model.prose;
  const found: Candidate[] = [];
  for (const [relation, pattern] of PROSE_TOTALS) {
    for (const match of text.matchAll(pattern)) {
      const figure = match[2] ?? '';
      const start = (match.index ?? 0) + match[0].lastIndexOf(figure);
      found.push({
        kind: 'amount',
        value: Number(figure.replace(/,/g, '')),
        raw: figure,
        span: streamSpan(model.prose, start, start + figure.length),
        // Below a statement's total row: a sentence may round or restate a figure.
        kindConfidence: 0.5,
        layout: 'prose',
        relations: [relation],
        labelWords: relationWords(relation),
      });
    }
  }
  return found;
}

export const financialTotals: CandidateGenerator = {
  name: 'financial-totals',
  relations: [
    {
      relation: 'total_income',
      propertyPhrases: ['total income', 'income', 'incoming resources', 'receipts', 'revenue', 'turnover'],
      excludedBy: ['net income', 'investment income', 'other income', 'income tax'],
    },
    {
      relation: 'total_expenditure',
      propertyPhrases: [
        'total expenditure',
        'expenditure',
        'spending',
        'resources expended',
        'payments',
        'expenses',
        'outgoings',
        'spent',
      ],
      excludedBy: ['capital expenditure'],
    },
  ],
  generate(model: DocumentModel): Candidate[] {
    const candidates: Candidate[] = [];
    const statement = statementLines(model);
    const table = tableLines(model);
    const sums: SumAt[] = [];
    for (const line of model.lines) {
      if (line.block < 0 || line.text.length > 400) continue;
      const labelled = totalOf(model, line, statement);
      const sum = labelled ? null : sumRowOf(model, line, statement, table);
      const total = labelled ?? sum?.candidate;
      if (!total) continue;
      const outside = statement !== null && statement[total.span.line] === -1;
      candidates.push(outside ? { ...total, kindConfidence: total.kindConfidence - OUTSIDE_STATEMENT } : total);
      if (sum) sums.push({ at: candidates.length - 1, heading: sum.heading });
    }
    // A section's sum that a later sum of the same kind takes in (a subtotal under a sub-heading,
    // then the section's total) is the smaller part.
    for (let index = 0; index + 1 < sums.length; index++) {
      const inner = sums[index] as SumAt;
      const outer = sums[index + 1] as SumAt;
      const innerCandidate = candidates[inner.at] as Candidate;
      const outerCandidate = candidates[outer.at] as Candidate;
      if (outer.heading <= inner.heading && outerCandidate.relations[0] === innerCandidate.relations[0]) {
        candidates[inner.at] = { ...innerCandidate, kindConfidence: innerCandidate.kindConfidence - SUBTOTAL_DOUBT };
      }
    }
    return [...checkNetResults(model, candidates), ...proseTotals(model)];
  },
};
