import { NET_RESULT_LABEL } from '../lexicon/financial-report.js';
import type { DocumentModel, ModelLine } from '../model/document-model.js';
import type { Candidate, Relation } from './candidate.js';
import { currentYear, type StatementRow, statementRow } from './statement-figures.js';

/**
 * A statement's arithmetic: the total income less the total expenditure is the net result printed
 * under them ("Net income/(expenditure) for the year"). A pair of totals the net result agrees with
 * is supported, which tells the year's totals from the prior year's column and from a section's
 * subtotal. When only one of the pair is found, the other is the figure printed between it and the
 * net result that the arithmetic asks for (an unlabelled total row, a heading the scan misread).
 */

/** Lines above a net result where the totals it is the difference of may be. */
const LOOK_BACK = 80;
/** Rounding to whole units may leave the net result one off the difference. */
const ROUNDING = 1;

interface NetResult {
  readonly line: number;
  readonly value: number;
}

/** A line's figures: a line of figures only, or those after its label. */
function rowOf(line: ModelLine): StatementRow | null {
  const whole = statementRow(line.text);
  if (whole) return whole;
  const [label, ...rest] = line.cells;
  return label && rest.length > 0 && /\p{L}{2}/u.test(label.text) ? statementRow(line.text.slice(label.end)) : null;
}

function netResults(model: DocumentModel): NetResult[] {
  const results: NetResult[] = [];
  for (const line of model.lines) {
    if (line.block < 0 || line.text.length > 200) continue;
    const label = NET_RESULT_LABEL.exec(line.text);
    if (!label) continue;
    // A label wrapped onto the next line ("NET INCOMING/(OUTGOING)" / "RESOURCES   2,143 ...") has its figures there.
    const next = model.lines[line.index + 1];
    const rest = line.text.slice(label[0].length);
    const row = rest.trim() === '' && next && next.block === line.block ? rowOf(next) : statementRow(rest);
    const year = row ? currentYear(row) : null;
    if (year && year.value !== 0) results.push({ line: line.index, value: year.value });
  }
  return results;
}

/** The figure a total was printed as, before a "£'000" scale. */
function printed(candidate: Candidate): number {
  const figure = Number(candidate.raw.replace(/[,\s]/g, ''));
  return Number.isFinite(figure) ? figure : 0;
}

function differsBy(income: number, expenditure: number, net: number): boolean {
  // The net result's brackets are not kept: a surplus or a deficit.
  return Math.abs(Math.abs(income - expenditure) - net) <= ROUNDING;
}

/** The nearest line above `from` (down to `to`, exclusive) whose current-year figure is one of the targets. */
function figureAbove(model: DocumentModel, from: number, to: number, targets: readonly number[]): ModelLine | null {
  for (let index = from - 1; index > to && index >= 0; index--) {
    const line = model.lines[index] as ModelLine;
    if (line.block < 0) continue;
    const row = rowOf(line);
    const year = row ? currentYear(row) : null;
    if (year && targets.some((target) => target > 0 && Math.abs(year.value - target) <= ROUNDING)) return line;
  }
  return null;
}

function proposed(line: ModelLine, relation: Relation, scale: number): Candidate {
  const row = rowOf(line) as StatementRow;
  const value = (currentYear(row) as { value: number }).value;
  const start = line.text.length - line.text.trimStart().length;
  return {
    kind: 'amount',
    value: value * scale,
    raw: String(value),
    span: { line: line.index, start, endLine: line.index, end: line.text.trimEnd().length },
    kindConfidence: 0.7,
    layout: 'below',
    relations: [relation],
    labelWords: relation.split('_'),
    support: 1,
  };
}

/**
 * The candidates with the net result's evidence: supported pairs, and the total of a pair the
 * arithmetic finds when the candidates have only the other one.
 */
export function checkNetResults(model: DocumentModel, candidates: readonly Candidate[]): Candidate[] {
  const checked = [...candidates];
  const of = (relation: Relation) =>
    checked
      .map((candidate, at) => ({ candidate, at }))
      .filter(({ candidate }) => candidate.relations[0] === relation && printed(candidate) > 0);
  const incomes = of('total_income');
  const expenditures = of('total_expenditure');
  for (const net of netResults(model)) {
    const above = ({ candidate }: { candidate: Candidate }) =>
      candidate.span.line < net.line && net.line - candidate.span.line <= LOOK_BACK;
    const ins = incomes.filter(above);
    const outs = expenditures.filter(above);
    let paired = false;
    for (const income of ins) {
      for (const expenditure of outs) {
        if (!differsBy(printed(income.candidate), printed(expenditure.candidate), net.value)) continue;
        checked[income.at] = { ...income.candidate, support: 1 };
        checked[expenditure.at] = { ...expenditure.candidate, support: 1 };
        paired = true;
      }
    }
    if (paired) continue;
    for (const { candidate } of ins) {
      const figure = printed(candidate);
      const line = figureAbove(model, net.line, candidate.span.endLine, [figure - net.value, figure + net.value]);
      if (line) checked.push(proposed(line, 'total_expenditure', (candidate.value as number) / figure));
    }
    for (const { candidate } of outs) {
      const figure = printed(candidate);
      const line = figureAbove(model, candidate.span.line, net.line - LOOK_BACK, [
        figure + net.value,
        figure - net.value,
      ]);
      if (line) checked.push(proposed(line, 'total_income', (candidate.value as number) / figure));
    }
  }
  return checked;
}
