import { type Cell, cellsOf } from '../document-lines.js';
import { spanOn } from '../evidence.js';
import { FIGURE_LABEL_WORDS, STRAY_LEAD } from '../lexicon/form-layout.js';
import { hasOwnPairs, isCaptionText } from './cell-pairs.js';
import type { DocumentModel, ModelLine } from './document-model.js';
import { cleanValue, isBlankValue, isLabelPhrase, isLabelText, isSpeck, type KeyValuePair } from './form-text.js';

/**
 * A row of labels left blank over rows of values, each value in the column of the label above it:
 * "Recipient:   Company:   Fax No.:" over "J. Doe   Acme Ltd   555-0100", and the lines under that
 * row whose cells start where the column's values start (a wrapped name, the next recipient). The
 * values of one column read as one, top to bottom.
 */

/** A label of the row has at most this many words. */
const MAX_ROW_LABEL_WORDS = 6;
/** A value may start this far left of its label and still stand in its column. */
const COLUMN_SLACK = 2;
/** Rows of values read under one row of labels, at most. */
const MAX_VALUE_ROWS = 12;

interface RowLabel {
  readonly cell: Cell;
  /** The label as printed, without its colon. */
  readonly key: string;
  /** Whether it is surely a label: it ends in a colon or a field's noun, not merely short words. */
  readonly strong: boolean;
}

/** A remark in brackets closing a label, which may hold figures: "Registry Number (if applicable)". */
const TRAILING_REMARK = /\s*\([^)]*\)?$/;

/** The cell as a label of a row: short words without a figure (a closing remark aside), a colon or a field's noun marking it sure. */
function rowLabel(raw: Cell): RowLabel | null {
  const marks = raw.text.match(STRAY_LEAD)?.[0].length ?? 0;
  const text = cleanValue(raw.text.slice(marks)).text;
  const cell = { text, start: raw.start + marks, end: raw.start + marks + text.length };
  const head = text.replace(TRAILING_REMARK, '');
  if (!isLabelText(head, MAX_ROW_LABEL_WORDS) || /\d/.test(head) || !isCaptionText(head)) return null;
  const key = text.replace(/\s*:$/, '').replace(/\s+/g, ' ');
  return { cell, key, strong: /:$/.test(text) || isLabelPhrase(head) };
}

/** The cells of writing of a line: no specks of the scan, no fill-in rules. */
function writing(line: ModelLine): Cell[] {
  return cellsOf(line.text).filter((cell) => !isSpeck(cell.text) && cleanValue(cell.text).text !== '');
}

/**
 * The column of each cell: the label it overlaps most, else the last label starting left of it when
 * it ends before the next; null when a cell stands in no column or the cells cross columns out of order.
 */
function columnsOf(labels: readonly RowLabel[], cells: readonly Cell[]): number[] | null {
  const columns: number[] = [];
  for (const cell of cells) {
    let at = -1;
    let most = 0;
    labels.forEach((label, position) => {
      const overlap = Math.min(cell.end, label.cell.end) - Math.max(cell.start, label.cell.start);
      if (overlap > most) {
        most = overlap;
        at = position;
      }
    });
    if (at < 0) {
      at = labels.filter((label) => label.cell.start <= cell.start + COLUMN_SLACK).length - 1;
      const next = labels[at + 1];
      if (at < 0 || (next && cell.end > next.cell.start)) return null;
    }
    if (at < (columns[columns.length - 1] ?? 0)) return null;
    columns.push(at);
  }
  return columns;
}

/** Whether the label asks for a figure (a date, a phone number): its value then has a digit. */
function asksFigure(label: RowLabel): boolean {
  return label.key
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .some((word) => FIGURE_LABEL_WORDS.has(word));
}

/**
 * A row of values: cells of writing in two columns at least, none a label of its own, nor two cells
 * of one column a label and its value ("Supplier   Acme" under "Paper:"), nor words without a figure
 * under a label asking for one ("A. Quill" under "Phone No.").
 */
function isValueRow(line: ModelLine, row: readonly RowLabel[], cells: readonly Cell[], columns: readonly number[]) {
  if (cells.some((cell) => isLabelPhrase(cell.text) || /:$/.test(cell.text) || isBlankValue(cell.text))) return false;
  if (cells.some((cell, position) => asksFigure(row[columns[position] as number] as RowLabel) && !/\d/.test(cell.text)))
    return false;
  const filled = new Set(columns);
  for (const column of filled) {
    const own = cells.filter((_, position) => columns[position] === column);
    if (own.length > 1 && hasOwnPairs(line, own)) return false;
  }
  return filled.size >= 2;
}

/** The next line of the block, or the line after one blank line. */
function lineAfter(model: DocumentModel, index: number): ModelLine | undefined {
  for (let next = index + 1; next <= index + 2 && next < model.lines.length; next++) {
    const line = model.lines[next] as ModelLine;
    if (line.text.includes('\f')) return undefined;
    if (line.block >= 0) return line;
  }
  return undefined;
}

/**
 * Reads `line` as a row of labels over rows of values; returns the lines read (the labels' first)
 * or null. `hasLabels` says whether a line prints colon labels of its own.
 */
export function labelRowPairs(
  model: DocumentModel,
  line: ModelLine,
  used: ReadonlySet<number>,
  hasLabels: (text: string) => boolean,
  pairs: KeyValuePair[],
): number[] | null {
  const cells = writing(line);
  if (cells.length < 2) return null;
  const labels = cells.map(rowLabel);
  if (labels.some((label) => label === null)) return null;
  const row = labels as RowLabel[];
  // Captions alone may be a table's head or a heading over words: two and half of them at least are sure labels.
  const strong = row.filter((label) => label.strong).length;
  if (strong < 2 || strong * 2 < row.length) return null;
  const values: { cell: Cell; line: number }[][] = row.map(() => []);
  const read: number[] = [line.index];
  let current = line;
  for (let count = 0; count < MAX_VALUE_ROWS; count++) {
    const next = lineAfter(model, current.index);
    if (!next || used.has(next.index) || hasLabels(next.text)) break;
    const found = writing(next);
    const columns = found.length > 0 ? columnsOf(row, found) : null;
    if (!columns) break;
    if (count === 0) {
      if (!isValueRow(next, row, found, columns)) return null;
    } else {
      // Later rows go on with the columns: each cell starts where a value of its column started.
      const aligned = found.every((cell, position) =>
        (values[columns[position] as number] ?? []).some((value) => Math.abs(value.cell.start - cell.start) <= 1),
      );
      if (!aligned || found.some((cell) => isLabelPhrase(cell.text))) break;
    }
    found.forEach((cell, position) => {
      values[columns[position] as number]?.push({ cell, line: next.index });
    });
    read.push(next.index);
    current = next;
  }
  if (read.length < 2) return null;
  row.forEach((label, position) => {
    const column = values[position] ?? [];
    const first = column[0];
    const last = column[column.length - 1];
    if (!first || !last) return;
    pairs.push({
      key: label.key,
      value: column.map(({ cell }) => cleanValue(cell.text).text).join(' '),
      keySpan: spanOn(line.index, label.cell.start, label.cell.start + label.key.length),
      valueSpan: { line: first.line, start: first.cell.start, endLine: last.line, end: last.cell.end },
      layout: 'below',
      confidence: 0.6,
    });
  });
  return read;
}
