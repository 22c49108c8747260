import { type Cell, cellsOf } from '../document-lines.js';
import { type LineSpan, spanOn } from '../evidence.js';
import {
  CHECK_MARK,
  FILL_IN_LEAD,
  FILL_IN_TRAIL,
  LABEL_SEPARATOR,
  OPTION_MARK,
  RULED_PAIR,
} from '../lexicon/form-layout.js';
import { MONTHS } from '../lexicon/months.js';
import { STOP_WORDS } from '../lexicon/stop-words.js';
import type { DocumentModel, ModelLine } from './document-model.js';

/**
 * The key-value pairs a form prints, in reading order: "Label: value" on one line, a label cell
 * and a value cell across a column gap, a label line with its value on the line under it, and
 * check boxes ("Label [x]"). A value that wraps onto lines indented to its own column reads as one.
 * Keys are the label as printed without its colon; values as printed without fill-in rules.
 */

export type PairLayout = 'same-line' | 'below' | 'check-box';

export interface KeyValuePair {
  readonly key: string;
  readonly value: string;
  readonly keySpan: LineSpan;
  readonly valueSpan: LineSpan;
  readonly layout: PairLayout;
  /** How sure the reader is that this is a label and its value (0..1). */
  readonly confidence: number;
}

/** A label printed with a colon: up to this many words (a question on a line of its own may be longer). */
const MAX_INLINE_LABEL_WORDS = 6;
const MAX_LINE_LABEL_WORDS = 16;
/** A label cell without a colon, before a value cell across a column gap. */
const MAX_CELL_LABEL_WORDS = 5;
/** Continuation lines a value may take. */
const MAX_VALUE_LINES = 12;
/** A value line at least this long may wrap back to the label's column... */
const WRAPPING_LINE = 50;
/** ...when the value on it is at least this long (a short value is a whole entry). */
const WRAPPING_VALUE = 25;
/** A gap of this many spaces after a value ends it: what follows is another column of the form. */
const WIDE_GAP = /\s{6,}(?=\S)/;
/** A few characters after a column gap at the end of a value. */
const STRAY_TAIL = /\s{3,}\S{1,4}$/;
/** Lines longer than this are prose, not form lines (bounds the work per line). */
const MAX_LINE_LENGTH = 400;

interface Marker {
  /** Where the label starts and where its colon is, in the line. */
  readonly start: number;
  readonly colon: number;
}

function words(text: string): number {
  return text.trim() === '' ? 0 : text.trim().split(/\s+/).length;
}

/** A label's text: starts with a letter, is not a clock time or a URL's scheme. */
function isLabelText(text: string, maxWords: number): boolean {
  const trimmed = text.trim();
  return /^[\p{L}(#]/u.test(trimmed) && /\p{L}{2}|\p{Lu}/u.test(trimmed) && words(trimmed) <= maxWords;
}

/**
 * The colon-ended labels of a line, left to right. A label starts at the start of its cell or just
 * after a separator (a dash, a bar, a semicolon) inside it: "M. Harper — Date: 9/3/92".
 */
function markersOf(line: string): Marker[] {
  const markers: Marker[] = [];
  let boundary = 0;
  // The cell before the last column gap, for a colon that opens its value's cell: "Phone Booth    :20".
  let cellStart = 0;
  let previousCell = -1;
  for (let index = 0; index < line.length; index++) {
    const char = line[index] as string;
    if (char === ' ' && line[index + 1] === ' ') {
      previousCell = boundary === cellStart && line.slice(cellStart, index).trim() !== '' ? cellStart : -1;
      while (line[index + 1] === ' ') index++;
      boundary = index + 1;
      cellStart = boundary;
      continue;
    }
    if (LABEL_SEPARATOR.test(char)) {
      boundary = index + 1;
      continue;
    }
    if (char !== ':' && char !== '：') continue;
    // "8:00", "http://" are not labels.
    if (/\d/.test(line[index - 1] ?? '') && /\d/.test(line[index + 1] ?? '')) continue;
    if (line[index + 1] === '/') continue;
    if (index === cellStart && previousCell >= 0 && /[\d\p{L}]/u.test(line[index + 1] ?? '')) {
      const label = line.slice(previousCell, index).trimEnd();
      if (isLabelText(label, MAX_INLINE_LABEL_WORDS)) markers.push({ start: previousCell, colon: index });
      boundary = index + 1;
      previousCell = -1;
      continue;
    }
    const text = line.slice(boundary, index);
    const maxWords = line.slice(0, boundary).trim() === '' ? MAX_LINE_LABEL_WORDS : MAX_INLINE_LABEL_WORDS;
    if (isLabelText(text, maxWords))
      markers.push({ start: boundary + (text.length - text.trimStart().length), colon: index });
    boundary = index + 1;
    previousCell = -1;
  }
  return markers;
}

/** A value without fill-in rules, leaders and stray separators around it. */
function cleanValue(text: string): { text: string; offset: number } {
  const offset = text.match(FILL_IN_LEAD)?.[0].length ?? 0;
  // A scrap of a few characters across a column gap after the value is a mark, not part of it.
  const body = text.slice(offset).replace(STRAY_TAIL, '');
  return { text: body.replace(FILL_IN_TRAIL, ''), offset };
}

/** The first non-blank line after `index` in the same block, or after one blank line. */
function nextLine(model: DocumentModel, index: number): ModelLine | undefined {
  for (let next = index + 1; next < model.lines.length && next <= index + 2; next++) {
    const line = model.lines[next] as ModelLine;
    if (line.text.includes('\f')) return undefined;
    if (line.block >= 0) return line;
  }
  return undefined;
}

interface Reader {
  readonly model: DocumentModel;
  readonly used: Set<number>;
}

/** Lines under a value that continue it: indented to its column (or wrapping from a long line), with no label of their own. */
function continuation(reader: Reader, from: ModelLine, column: number, value: string) {
  const parts: string[] = [];
  let endLine = from.index;
  let end = 0;
  let previousLength = value.length < WRAPPING_VALUE ? 0 : from.text.trimEnd().length;
  let current = from;
  for (let count = 0; count < MAX_VALUE_LINES; count++) {
    const next = reader.model.lines[current.index + 1];
    if (!next || next.block !== from.block || reader.used.has(next.index)) break;
    const first = next.cells[0];
    if (!first || markersOf(next.text).length > 0 || next.cells.length > 2) break;
    const aligned = Math.abs(first.start - column) <= 2;
    const wrapped = previousLength >= WRAPPING_LINE && first.start < column;
    if (!aligned && !wrapped) break;
    const text = next.text.trim();
    parts.push(text);
    reader.used.add(next.index);
    endLine = next.index;
    end = next.text.trimEnd().length;
    previousLength = next.text.trimEnd().length;
    current = next;
  }
  return { parts, endLine, end };
}

/** Where the value starting at `from` in `text` ends: before a wide column gap, else at `to`. */
function valueEnd(text: string, from: number, to: number): number {
  const gap = WIDE_GAP.exec(text.slice(from, to));
  return gap ? from + gap.index : to;
}

function pairsOfMarkers(reader: Reader, line: ModelLine, markers: readonly Marker[], pairs: KeyValuePair[]): void {
  // Cells before the first label are label-value cells of their own.
  cellPairs(line, cellsOf(line.text.slice(0, (markers[0] as Marker).start)), pairs);
  markers.forEach((marker, position) => {
    const next = markers[position + 1];
    const regionEnd = next ? next.start : line.text.length;
    const lead = line.text.slice(marker.colon + 1, regionEnd).match(FILL_IN_LEAD)?.[0].length ?? 0;
    const start = marker.colon + 1 + lead;
    const end = valueEnd(line.text, start, regionEnd);
    // What lies across a wide gap after the value is another column: its own label and value cells.
    const rest = cellsOf(line.text.slice(0, regionEnd)).filter((cell) => cell.start >= end);
    markerPair(reader, line, marker, { start, end, last: !next && rest.length === 0 }, pairs);
    cellPairs(line, rest, pairs);
  });
}

/** The value of one colon-ended label: [start, end) of its line, else (when `last`) the line under it. */
function markerPair(
  reader: Reader,
  line: ModelLine,
  marker: Marker,
  region: { start: number; end: number; last: boolean },
  pairs: KeyValuePair[],
): void {
  const { start, end, last } = region;
  const key = line.text.slice(marker.start, marker.colon).trim();
  const keySpan = spanOn(line.index, marker.start, marker.start + key.length);
  const value = cleanValue(line.text.slice(start, end));
  if (value.text !== '') {
    if (optionPair(line, start, value.text, pairs)) return;
    const more = last
      ? continuation(reader, line, start, value.text)
      : { parts: [], endLine: line.index, end: start + value.text.length };
    const text = [value.text, ...more.parts].join(' ');
    const valueSpan =
      more.parts.length > 0
        ? { line: line.index, start, endLine: more.endLine, end: more.end }
        : spanOn(line.index, start, start + value.text.length);
    pairs.push({ key, value: text, keySpan, valueSpan, layout: 'same-line', confidence: 0.8 });
    return;
  }
  if (!last) return;
  // Nothing after the colon: the value is the cell under the label, or the next line's text.
  const below = nextLine(reader.model, line.index);
  if (!below || reader.used.has(below.index) || markersOf(below.text).length > 0) return;
  const cell = below.cells.find((candidate) => candidate.end > marker.start) ?? below.cells[0];
  if (!cell) return;
  const under = cleanValue(cell.text);
  if (under.text === '') return;
  reader.used.add(below.index);
  const underStart = cell.start + under.offset;
  const more = continuation(reader, below, underStart, under.text);
  const valueSpan =
    more.parts.length > 0
      ? { line: below.index, start: underStart, endLine: more.endLine, end: more.end }
      : spanOn(below.index, underStart, underStart + under.text.length);
  pairs.push({
    key,
    value: [under.text, ...more.parts].join(' '),
    keySpan,
    valueSpan,
    layout: 'below',
    confidence: 0.7,
  });
}

/** "Yes  x  No" as a value: the option the mark follows is the label, the mark its value. */
function optionPair(line: ModelLine, start: number, value: string, pairs: KeyValuePair[]): boolean {
  const match = OPTION_MARK.exec(value);
  if (!match?.groups || match.index === undefined) return false;
  const { option = '', mark = '' } = match.groups;
  const optionStart = start + line.text.slice(start).indexOf(option);
  const markStart = line.text.indexOf(mark, optionStart + option.length);
  pairs.push({
    key: option,
    value: mark,
    keySpan: spanOn(line.index, optionStart, optionStart + option.length),
    valueSpan: spanOn(line.index, markStart, markStart + mark.length),
    layout: 'check-box',
    confidence: 0.6,
  });
  return true;
}

/** "Label [x]", "[x] Label", "☒ Label": the label and the mark as printed. */
function checkBoxPair(line: ModelLine, pairs: KeyValuePair[]): boolean {
  const match = line.text.match(CHECK_MARK);
  if (!match?.groups) return false;
  const { before = '', mark = '', after = '' } = match.groups;
  const label = (before.trim() !== '' ? before : after).trim();
  if (!isLabelText(label, MAX_INLINE_LABEL_WORDS)) return false;
  const labelStart = line.text.indexOf(label);
  const tick = mark.replace(/[[\]()<>\s]/g, '');
  const markStart = line.text.indexOf(tick, before.length);
  pairs.push({
    key: label,
    value: tick,
    keySpan: spanOn(line.index, labelStart, labelStart + label.length),
    valueSpan: spanOn(line.index, markStart, markStart + tick.length),
    layout: 'check-box',
    confidence: 0.6,
  });
  return true;
}

/** A short label-like text: starts with a letter, few words, not a sentence ("No." is an abbreviation). */
function isCellLabel(text: string): boolean {
  return isLabelText(text, MAX_CELL_LABEL_WORDS) && !/[!?]$|\p{L}{5,}\.$/u.test(text);
}

function pushCellPair(line: ModelLine, label: Cell, content: Cell, pairs: KeyValuePair[]): void {
  const value = cleanValue(content.text);
  if (value.text === '') return;
  const start = content.start + value.offset;
  pairs.push({
    key: label.text,
    value: value.text,
    keySpan: spanOn(line.index, label.start, label.end),
    valueSpan: spanOn(line.index, start, start + value.text.length),
    layout: 'same-line',
    confidence: 0.5,
  });
}

/** "Supplier _ Swift": a label and its value in one cell, a fill-in rule between them. */
function ruledCell(cell: Cell): [Cell, Cell] | null {
  const match = cell.text.match(RULED_PAIR);
  if (!match || match.index === undefined) return null;
  const label = cell.text.slice(0, match.index);
  if (!isCellLabel(label)) return null;
  const valueStart = match.index + match[0].length;
  return [
    { text: label, start: cell.start, end: cell.start + label.length },
    { text: cell.text.slice(valueStart), start: cell.start + valueStart, end: cell.end },
  ];
}

/** A token that opens a written figure: a digit, or a sign, currency or number mark before one. */
const FIGURE_START = /^[#$€£(+-]?\d/u;

/**
 * "JOB NO. 7848", "Dry Wt. With Adhesive 93.3 gms.": a label and a figure in one cell, one space
 * apart. The value starts at the last figure that no further label words and figure follow, so
 * "F.P.M. No. 2 Roller 362.5" keeps "No. 2 Roller" in its label.
 */
function inlineFigure(cell: Cell): [Cell, Cell] | null {
  const tokens = [...cell.text.matchAll(/\S+/g)].map((match) => ({ text: match[0], at: match.index }));
  const figure = (index: number) => FIGURE_START.test(tokens[index]?.text ?? '');
  const word = (index: number) => /^\p{L}{2,}/u.test(tokens[index]?.text ?? '');
  let valueAt = -1;
  let laterFigure = false;
  // From the end: a figure with no "word ... figure" after it opens the value.
  for (let index = tokens.length - 1; index > 0; index--) {
    if (word(index) && laterFigure) break;
    if (figure(index)) {
      valueAt = index;
      laterFigure = true;
    }
  }
  // A date written with its month's name starts at the name: "Date May 1, 1985".
  const month = tokens[valueAt - 1]?.text.toLowerCase().replace(/\.$/, '') ?? '';
  if (valueAt > 1 && MONTHS[month] !== undefined) valueAt--;
  if (valueAt <= 0) return null;
  const at = tokens[valueAt]?.at ?? 0;
  const label = cell.text.slice(0, at).trimEnd();
  // A label ends in a noun, not in a word that joins a sentence: "Start at 8:00" is prose.
  const lastWord = label.slice(label.lastIndexOf(' ') + 1).toLowerCase();
  if (!isCellLabel(label) || /\d$/.test(label) || STOP_WORDS.has(lastWord)) return null;
  // A dash set off by spaces ends the value: "Date Made 11/3/61 — Tobacco Used".
  const value = cell.text.slice(at).split(/\s[—–|]\s/)[0] as string;
  return [
    { text: label, start: cell.start, end: cell.start + label.length },
    { text: value, start: cell.start + at, end: cell.start + at + value.length },
  ];
}

/**
 * Cells read as label, value, label, value... across column gaps: "Charity number      1132766". A
 * label cell takes the value cell after it; a cell that holds a label and its figure is a pair alone.
 */
function cellPairs(line: ModelLine, cells: readonly Cell[], pairs: KeyValuePair[]): void {
  for (let index = 0; index < cells.length; index++) {
    const cell = cells[index] as Cell;
    const split = ruledCell(cell);
    if (split) {
      pushCellPair(line, split[0], split[1], pairs);
      continue;
    }
    const next = cells[index + 1];
    const label = isCellLabel(cell.text);
    if (label && next && !isCellLabel(next.text)) {
      pushCellPair(line, cell, next, pairs);
      index++;
      continue;
    }
    const inline = inlineFigure(cell);
    if (inline) {
      pushCellPair(line, inline[0], inline[1], pairs);
      continue;
    }
    if (!next || !label) continue;
    pushCellPair(line, cell, next, pairs);
    index++;
  }
}

export function keyValuePairs(model: DocumentModel): KeyValuePair[] {
  const pairs: KeyValuePair[] = [];
  const reader: Reader = { model, used: new Set() };
  for (const line of model.lines) {
    if (line.block < 0 || reader.used.has(line.index) || line.text.length > MAX_LINE_LENGTH) continue;
    const markers = markersOf(line.text);
    if (markers.length > 0) {
      pairsOfMarkers(reader, line, markers, pairs);
      continue;
    }
    if (checkBoxPair(line, pairs)) continue;
    cellPairs(line, line.cells, pairs);
  }
  return pairs;
}
