import { type Cell, cellsOf } from '../document-lines.js';
import { spanOn } from '../evidence.js';
import {
  BOX_BEFORE_OPTION,
  CHECK_MARK,
  FILL_IN_LEAD,
  LABEL_SEPARATOR,
  LIST_NUMBER,
  MARK_BEFORE_OPTION,
  OPTION_MARK,
  STRAY_LEAD,
} from '../lexicon/form-layout.js';
import { STOP_WORDS } from '../lexicon/stop-words.js';
import {
  captionRowPairs,
  cellPairs,
  hasOwnPairs,
  isCaptionText,
  isCellCaption,
  startsWithCellPair,
  valuesAboveCaptionRow,
} from './cell-pairs.js';
import type { DocumentModel, ModelLine } from './document-model.js';
import {
  cleanValue,
  isBlankValue,
  isFieldName,
  isLabelPhrase,
  isLabelText,
  isPersonName,
  isSpeck,
  type KeyValuePair,
  words,
} from './form-text.js';
import { labelRowPairs } from './label-rows.js';
import { isWholeFigure } from './value-kinds.js';

export type { KeyValuePair, PairLayout } from './form-text.js';

/**
 * The key-value pairs a form prints, in reading order: "Label: value" on one line, a label cell
 * and a value cell across a column gap, a label line with its value on the line under it, and
 * check boxes ("Label [x]"). A value that wraps onto lines indented to its own column reads as one.
 * Keys are the label as printed without its colon; values as printed without fill-in rules.
 */

/** A label printed with a colon: up to this many words (a question on a line of its own may be longer). */
const MAX_INLINE_LABEL_WORDS = 6;
const MAX_LINE_LABEL_WORDS = 16;
/** A gap of at most this many spaces may fall inside a label, between the words of a phrase. */
const NARROW_GAP = 4;
/** A figure, then capitalised words up to the end: the words are a label that follows a value. */
const LABEL_AFTER_FIGURE = /\d\S*(?:\s+_+)?\s+(\p{Lu}[\p{L}.#'&/() -]*?)$/u;
/** Words in capitals at the end, after a word in other letters: a printed label after a written value. */
const CAPITALS_AFTER_VALUE = /\p{Ll}\S*[\s_—–-]*\s((?:\p{Lu}[\p{Lu}.#'&/()-]*\s*)+)$/u;
/** A remark in brackets opening the value, set off from what follows: "(before June 4)   $210" qualifies its label. */
const REMARK = /^\([^()]*\)(?=\s{2,}\S)\s*/;
/** A speck before the value: one letter across a gap, or a few marks ("y     10/17/93", ". 10:15"). */
const SPECK_BEFORE_VALUE = /^(?:\p{L}\s{2,}|[.,'"`‘’“”~•·|\\-]{1,3}\s+)(?=\S)/u;
/** Before a label: a scan's stray marks, or the number of a numbered list ("2. Documents Served:", "(b) Court:"). */
const LEAD_BEFORE_LABEL = new RegExp(`^(?:${STRAY_LEAD.source.slice(1)}|${LIST_NUMBER.source.slice(1)})+`, 'u');
/** A token of marks and figures, without a letter, before a word. */
const JUNK_BEFORE_LABEL = /^[^\p{L}\s]+\s+(?=\p{L})/u;
/** Continuation lines a value may take. */
const MAX_VALUE_LINES = 12;
/** A value line at least this long may wrap back to the label's column... */
const WRAPPING_LINE = 50;
/** ...when the value on it is at least this long (a short value is a whole entry). */
const WRAPPING_VALUE = 25;
/** A gap of this many spaces after a value ends it: what follows is another column of the form. */
const WIDE_GAP_LENGTH = 6;
const WIDE_GAP = new RegExp(`\\s{${WIDE_GAP_LENGTH},}(?=\\S)`);
/** A value written above its label is a short entry, up to this many words, at most this far right of the colon. */
const MAX_VALUE_ABOVE_WORDS = 6;
const VALUE_ABOVE_REACH = 24;
/** Lines longer than this are prose, not form lines (bounds the work per line). */
const MAX_LINE_LENGTH = 400;

interface Marker {
  /** Where the label starts and where its colon is, in the line. */
  readonly start: number;
  readonly colon: number;
}

/**
 * The colon-ended labels of a line, left to right. A label starts at the start of its cell or just
 * after a separator (a dash, a bar, a semicolon) inside it: "M. Harper — Date: 9/3/92".
 */
function markersOf(line: string): Marker[] {
  const markers: Marker[] = [];
  let boundary = 0;
  // The cell before the last column gap, for a colon that opens its value's cell: "Coat Rack    :35".
  let cellStart = 0;
  let previousCell = -1;
  let previousEnd = 0;
  for (let index = 0; index < line.length; index++) {
    const char = line[index] as string;
    if (char === ' ' && line[index + 1] === ' ') {
      previousCell = boundary === cellStart && line.slice(cellStart, index).trim() !== '' ? cellStart : -1;
      previousEnd = index;
      while (line[index + 1] === ' ') index++;
      boundary = index + 1;
      cellStart = boundary;
      continue;
    }
    // A semicolon or a bang after a word (or its bracket) and before a column gap is a colon the scan
    // misread: "Served;    J. Doe", "PHONE!    555-0100", "Pages (with cover);    4".
    const misreadColon =
      (char === ';' || char === '!') &&
      /[\p{L})]/u.test(line[index - 1] ?? '') &&
      /^ {2,}\S/.test(line.slice(index + 1));
    if (LABEL_SEPARATOR.test(char) && !misreadColon) {
      boundary = index + 1;
      continue;
    }
    if (char !== ':' && char !== '：' && !misreadColon) continue;
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
    // A label does not open with a joining word: "Basis   for Decision:" is one label.
    const joined =
      previousCell >= 0 &&
      boundary - previousEnd <= NARROW_GAP &&
      STOP_WORDS.has(line.slice(boundary, index).trim().split(' ')[0] ?? '');
    const from = joined ? previousCell : boundary;
    const spaced = line.slice(from, index);
    // A scan's stray quote or dot before the label is no part of it.
    const lead = spaced.length - spaced.trimStart().length;
    const marks = spaced.slice(lead).match(LEAD_BEFORE_LABEL)?.[0].length ?? 0;
    const text = spaced.slice(lead + marks);
    const maxWords = line.slice(0, from).trim() === '' ? MAX_LINE_LABEL_WORDS : MAX_INLINE_LABEL_WORDS;
    // After a label's written value, a label printed in capitals: "North Plant DIVISION NAME:".
    const capitals = markers.length > 0 ? text.match(CAPITALS_AFTER_VALUE)?.[1] : undefined;
    if (capitals && isLabelText(capitals, MAX_INLINE_LABEL_WORDS))
      markers.push({ start: index - capitals.length, colon: index });
    else if (isLabelText(text, maxWords)) markers.push({ start: from + lead + marks, colon: index });
    else if (JUNK_BEFORE_LABEL.test(text)) {
      // Marks and figures without a letter, one space before the label, are a scan's scraps: "+/4* Level:".
      const junk = (text.match(JUNK_BEFORE_LABEL) as RegExpMatchArray)[0].length;
      if (isLabelText(text.slice(junk), maxWords)) markers.push({ start: from + lead + marks + junk, colon: index });
    } else if (markers.length > 0) {
      // After a label's short value, the next label may follow one space on: "Zone: 3 Sector: 24".
      const after = text.match(LABEL_AFTER_FIGURE);
      if (after?.index !== undefined && isLabelText(after[1] as string, MAX_INLINE_LABEL_WORDS))
        markers.push({ start: index - (after[1] as string).length, colon: index });
    }
    boundary = index + 1;
    previousCell = -1;
  }
  return markers;
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
  // A date, a time or a phone number is whole on its line.
  const whole = isWholeFigure(value);
  for (let count = 0; count < MAX_VALUE_LINES && !whole; count++) {
    const next = reader.model.lines[current.index + 1];
    if (!next || next.block !== from.block || reader.used.has(next.index)) break;
    const cells = writingCells(next);
    const first = cells[0];
    if (!first || markersOf(next.text).length > 0) break;
    // A line that is only such a figure does not go on with words: a name, then its phone number (an
    // address with figures may end in one).
    if (cells.length === 1 && isWholeFigure(first.text) && ![value, ...parts].some((part) => /\d/.test(part))) break;
    const aligned = Math.abs(first.start - column) <= 2;
    // A person's name under a value of names goes on with the list, whatever other columns its line holds.
    if (aligned && isPersonName(first.text)) cells.length = 1;
    if (cells.length > 2) break;
    const wrapped = previousLength >= WRAPPING_LINE && first.start < column && cells.length === 1;
    // A line of label and value cells of its own starts a new entry.
    // One cell aligned under the value goes on with it even when it reads as a label and a figure ("Town 12AB").
    const own = cells.length > 1 || !aligned ? hasOwnPairs(next, cells) : false;
    if ((!aligned && !wrapped) || own || isValueAboveLabel(reader, next)) break;
    // As on the value's first line, a wide gap ends the value: what follows is another column.
    const far = cells.findIndex((cell, position) => position > 0 && isWideGap(cells[position - 1] as Cell, cell));
    if (far > 0) cells.length = far;
    const text = cells.map((cell) => cell.text).join(' ');
    // A speck of a letter or a mark is no line of writing, nor a rule with a few specks in it.
    if (!/\p{L}{2}|\d/u.test(text) || isRuleLine(text)) break;
    // Words in capitals back at the labels' column, under a value in other letters, are the next label;
    // a caption in capitals alone left of the value heads the next section ("SHIPPING" under "TITLE: ...").
    if (!aligned && !/\p{Ll}/u.test(text) && (/\p{Ll}/u.test(value) || isCaptionText(text))) break;
    parts.push(text);
    reader.used.add(next.index);
    endLine = next.index;
    end = (cells[cells.length - 1] as Cell).end;
    previousLength = end;
    current = next;
  }
  return { parts, endLine, end };
}

/** A line of marks more than of writing: a form's rule with specks the scan read as letters ("——Oe—]—"). */
function isRuleLine(text: string): boolean {
  const visible = text.replace(/\s/g, '');
  return visible.replace(/[^\p{L}\p{N}]/gu, '').length * 2 < visible.length;
}

/** A scrap of up to this many characters far right of the writing on its line is a mark of the scan. */
const MAX_SCRAP_LENGTH = 2;
const SCRAP_GAP = 8;

/**
 * The cells of a line of writing: without specks of the scan or fill-in rules, nor a scrap of a character or two far
 * right of the last word ("Northfield Growers Guild            2").
 */
function writingCells(line: ModelLine): Cell[] {
  const cells = line.cells.filter((cell) => !isSpeck(cell.text) && cleanValue(cell.text).text !== '');
  const last = cells[cells.length - 1];
  const before = cells[cells.length - 2];
  if (last && before && last.text.length <= MAX_SCRAP_LENGTH && last.start - before.end >= SCRAP_GAP) cells.pop();
  return cells;
}

/** Whether the gap between two cells is wide enough to part two columns, not after a comma. */
function isWideGap(before: Cell, after: Cell): boolean {
  return after.start - before.end >= WIDE_GAP_LENGTH && !before.text.endsWith(',');
}

/**
 * Where the value starting at `from` in `text` ends: before a wide column gap, else at `to`. A value
 * ending in a comma goes on across the gap ("April 22,        2003").
 */
function valueEnd(text: string, from: number, to: number): number {
  let at = from;
  for (;;) {
    const gap = WIDE_GAP.exec(text.slice(at, to));
    if (!gap) return to;
    const end = at + gap.index;
    if (!text.slice(from, end).endsWith(',')) return end;
    at = end + gap[0].length;
  }
}

function pairsOfMarkers(reader: Reader, line: ModelLine, markers: readonly Marker[], pairs: KeyValuePair[]): void {
  // Cells before the first label are label-value cells of their own.
  cellPairs(line, cellsOf(line.text.slice(0, (markers[0] as Marker).start)), pairs);
  markers.forEach((marker, position) => {
    const next = markers[position + 1];
    const regionEnd = next ? next.start : line.text.length;
    const lead = line.text.slice(marker.colon + 1, regionEnd).match(FILL_IN_LEAD)?.[0].length ?? 0;
    let start = marker.colon + 1 + lead;
    // A speck of the scan before the value is no part of it: "DATE:   y     11/17/93", "TIME:  . 09:40".
    start += line.text.slice(start, regionEnd).match(SPECK_BEFORE_VALUE)?.[0].length ?? 0;
    // A remark in brackets after the colon qualifies the label; the value is what follows it.
    start += line.text.slice(start, regionEnd).match(REMARK)?.[0].length ?? 0;
    let end = valueEnd(line.text, start, regionEnd);
    // What lies across a wide gap after the value is another column: its own label and value cells.
    let rest = cellsOf(line.text.slice(0, regionEnd)).filter((cell) => cell.start >= end);
    // A label of a cell with its value cell after it: the colon label was left blank ("Name:    #LOT    4").
    const caption = line.text.slice(start, end);
    if (
      rest.length > 0 &&
      cleanValue(caption).text === caption.trim() &&
      startsWithCellPair(caption, rest[0] as Cell)
    ) {
      rest = cellsOf(line.text.slice(0, regionEnd)).filter((cell) => cell.start >= start);
      end = start;
    }
    // Scraps after the value (a speck, two letters of a stamp) leave it the last on its line.
    let last = !next && rest.every((cell) => isSpeck(cell.text) || cell.text.length <= 2);
    let nextLabel = next?.start;
    // A label phrase after the colon is the next label, the colon's left blank ("Checked By:     Date"):
    // its value may stand under it, between the two labels.
    const phrase = cellsOf(line.text.slice(0, end)).find((cell) => cell.start >= start);
    if (phrase && phrase.end === end && (isFieldName(phrase.text) || isLabelPhrase(phrase.text))) {
      rest = cellsOf(line.text.slice(0, regionEnd)).filter((cell) => cell.start >= start);
      end = start;
      last = false;
      nextLabel = phrase.start;
    }
    const region = { start, end, last, next: nextLabel };
    markerPair(reader, line, marker, region, pairs);
    cellPairs(line, rest, pairs);
  });
}

/** The value of one colon-ended label: [start, end) of its line, else (when `last`) the line under it. */
function markerPair(
  reader: Reader,
  line: ModelLine,
  marker: Marker,
  region: { start: number; end: number; last: boolean; next?: number | undefined },
  pairs: KeyValuePair[],
): void {
  const { start, end, last } = region;
  const printed = line.text.slice(marker.start, marker.colon).trim();
  const keySpan = spanOn(line.index, marker.start, marker.start + printed.length);
  // The label's words as one phrase, whatever gap the layout left between them.
  const key = printed.replace(/\s+/g, ' ');
  const value = cleanValue(line.text.slice(start, end));
  // Marks or a speck after the colon leave the label blank: its value may stand under it.
  if (value.text !== '' && !isBlankValue(value.text)) {
    // Options may stand across wide gaps: the whole region up to the next label is read for them.
    const options = cleanValue(line.text.slice(start, region.next ?? line.text.length));
    if (optionPair(line, start + options.offset, options.text, pairs)) return;
    const more = last
      ? continuation(reader, line, start, value.text)
      : { parts: [], endLine: line.index, end: start + value.text.length };
    // A value that went on across a gap after a comma reads with one space there.
    const text = [value.text.replace(/,\s{2,}/g, ', '), ...more.parts].join(' ');
    const valueSpan =
      more.parts.length > 0
        ? { line: line.index, start, endLine: more.endLine, end: more.end }
        : spanOn(line.index, start, start + value.text.length);
    pairs.push({ key, value: text, keySpan, valueSpan, layout: 'same-line', confidence: 0.8 });
    return;
  }
  if (!last) {
    if (region.next !== undefined) blankBeforeLabel(reader, line, marker, region.next, key, pairs);
    return;
  }
  // Nothing after the colon: the value is the cell under the label, or the next line's text.
  const below = nextLine(reader.model, line.index);
  if (!below || reader.used.has(below.index) || markersOf(below.text).length > 0) {
    valueAbove(reader, line, marker, key, pairs);
    return;
  }
  // A line that reads as label and value cells of its own is not the value of the label above it,
  // nor a caption with its value under it: the colon label heads a section ("SEND TO:" over "NAME").
  if (hasOwnPairs(below) || captionValue(reader, below)) return;
  const cell = below.cells.find((candidate) => candidate.end > marker.start) ?? below.cells[0];
  if (!cell) return;
  const under = cleanValue(cell.text);
  if (under.text === '') return;
  reader.used.add(below.index);
  pairs.push({
    key,
    keySpan,
    ...valueUnder(reader, below, cell.start + under.offset, under.text),
    layout: 'below',
    confidence: 0.7,
  });
}

/** A value read from `start` of the line under its label, with the lines under it that continue it. */
function valueUnder(reader: Reader, below: ModelLine, start: number, text: string) {
  const more = continuation(reader, below, start, text);
  const valueSpan =
    more.parts.length > 0
      ? { line: below.index, start, endLine: more.endLine, end: more.end }
      : spanOn(below.index, start, start + text.length);
  return { value: [text, ...more.parts].join(' '), valueSpan };
}

/**
 * The one cell of the line above a colon label left blank, written right of its colon: the typed
 * line of a form often sits a little higher than its printed label ("   300" over "Quantity:").
 */
function valueAbove(reader: Reader, line: ModelLine, marker: Marker, key: string, pairs: KeyValuePair[]): void {
  const above = reader.model.lines[line.index - 1];
  const cell = above ? cellAboveLabel(reader, above, true) : null;
  if (above && cell) pushLineValue(reader, { line, marker, key }, above, cell, 0.5, pairs);
}

/** Pushes a colon label's value read whole from one cell of another line, and marks that line read. */
function pushLineValue(
  reader: Reader,
  label: { line: ModelLine; marker: Marker; key: string },
  valueLine: ModelLine,
  cell: Cell,
  confidence: number,
  pairs: KeyValuePair[],
): void {
  const value = cleanValue(cell.text);
  if (value.text === '') return;
  reader.used.add(valueLine.index);
  const start = cell.start + value.offset;
  pairs.push({
    key: label.key,
    value: value.text,
    keySpan: spanOn(label.line.index, label.marker.start, label.marker.colon),
    valueSpan: spanOn(valueLine.index, start, start + value.text.length),
    layout: 'below',
    confidence,
  });
}

/**
 * Whether `line` is one short value, right of the colon of a label left blank on the line under it,
 * with no label of its own: that label's value, not the end of a value above it.
 */
function isValueAboveLabel(reader: Reader, line: ModelLine): boolean {
  return cellAboveLabel(reader, line, false) !== null;
}

/**
 * The short value on `line` right of the colon of a label left blank on the line under it, near it.
 * With `others`, the line may hold other cells, left of the label ("Acme Inc     J. Doe" over
 * "      Contact:"); else that value is the line's one cell.
 */
function cellAboveLabel(reader: Reader, line: ModelLine, others: boolean): Cell | null {
  const label = reader.model.lines[line.index + 1];
  if (!label || label.block !== line.block || reader.used.has(line.index)) return null;
  const cells = line.cells.filter((cell) => !isSpeck(cell.text));
  if (cells.length === 0 || (!others && cells.length !== 1) || markersOf(line.text).length > 0) return null;
  if (hasOwnPairs(line, cells)) return null;
  const markers = markersOf(label.text);
  const first = markers[0];
  if (markers.length !== 1 || !first) return null;
  // The label is blank on its line and the value starts right of its colon, near it.
  if (cleanValue(label.text.slice(first.colon + 1)).text !== '') return null;
  const near = (cell: Cell) => cell.start > first.colon && cell.start - first.colon <= VALUE_ABOVE_REACH;
  const cell = cells.find(near);
  if (!cell || words(cell.text) > MAX_VALUE_ABOVE_WORDS || cleanValue(cell.text).text === '') return null;
  return cells.every((other) => other === cell || other.end < first.start) ? cell : null;
}

/**
 * A colon label left blank before the next label on its line ("Checked By:      Date:"): its value
 * is the line right under it, when that line's one cell starts between the two labels.
 */
function blankBeforeLabel(
  reader: Reader,
  line: ModelLine,
  marker: Marker,
  nextLabel: number,
  key: string,
  pairs: KeyValuePair[],
): void {
  const below = reader.model.lines[line.index + 1];
  if (!below || below.block !== line.block || reader.used.has(below.index) || below.cells.length !== 1) return;
  const cell = below.cells[0] as Cell;
  if (cell.start < marker.start || cell.start >= nextLabel || markersOf(below.text).length > 0) return;
  pushLineValue(reader, { line, marker, key }, below, cell, 0.6, pairs);
}

/**
 * Options with a mark as a value: "Yes  x  No" (the option the mark follows), "Yes       X _No"
 * (the option right after a mark far from the one before), "(X) Express Post  ( ) Courier" (the
 * option after a ticked box). The option is the label, the mark its value (a doubled tick is one).
 */
function optionPair(line: ModelLine, start: number, value: string, pairs: KeyValuePair[]): boolean {
  const match = MARK_BEFORE_OPTION.exec(value) ?? OPTION_MARK.exec(value) ?? BOX_BEFORE_OPTION.exec(value);
  if (!match?.groups) return false;
  const { option = '', mark = '' } = match.groups;
  const optionAt = match[0].lastIndexOf(option);
  const markAt = match[0].indexOf(mark, optionAt === 0 ? option.length : 0);
  const boxed = /[[({]/.test(mark);
  const tick = boxed || new Set(mark).size === 1 ? mark : (mark[0] as string);
  pairs.push(checkBox(line, option.trim(), start + optionAt, tick, start + markAt));
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
  pairs.push(checkBox(line, label, labelStart, tick, markStart));
  return true;
}

/** A ticked option as a pair: the option's words as printed and the mark beside them. */
function checkBox(line: ModelLine, key: string, keyStart: number, mark: string, markStart: number): KeyValuePair {
  return {
    key,
    value: mark,
    keySpan: spanOn(line.index, keyStart, keyStart + key.length),
    valueSpan: spanOn(line.index, markStart, markStart + mark.length),
    layout: 'check-box',
    confidence: 0.6,
  };
}

export function keyValuePairs(model: DocumentModel): KeyValuePair[] {
  const pairs: KeyValuePair[] = [];
  const reader: Reader = { model, used: new Set() };
  for (const line of model.lines) {
    if (line.block < 0 || reader.used.has(line.index) || line.text.length > MAX_LINE_LENGTH) continue;
    const markers = markersOf(line.text);
    if (labelRow(reader, line, pairs)) continue;
    if (markers.length > 0) {
      const before = pairs.length;
      pairsOfMarkers(reader, line, markers, pairs);
      continueColumns(reader, line, pairs, before);
      continue;
    }
    if (checkBoxPair(line, pairs) || captionRow(reader, line, pairs) || valuesAbove(reader, line, pairs)) continue;
    const before = pairs.length;
    cellPairs(line, line.cells, pairs);
    if (pairs.length === before) captionPair(reader, line, pairs);
    else continueLastCell(reader, line, pairs);
  }
  return pairs;
}

/**
 * Values of two or more labels side by side that wrap onto the lines under them, each in its own
 * column ("LINE: Seasonal Goods   UNIT: Shelf Divider" over "Nonspecific   Convenient
 * Stores"): a line under them whose every cell starts where one of the values starts goes on with them.
 */
function continueColumns(reader: Reader, line: ModelLine, pairs: KeyValuePair[], from: number): void {
  const open = pairs
    .map((pair, index) => ({ pair, index }))
    .filter(
      ({ pair, index }) =>
        index >= from &&
        pair.layout !== 'check-box' &&
        pair.valueSpan.line === line.index &&
        pair.valueSpan.endLine === line.index,
    );
  if (open.length < 2) return;
  let current = line;
  for (let count = 0; count < MAX_VALUE_LINES; count++) {
    const next = reader.model.lines[current.index + 1];
    if (!next || next.block !== line.block || reader.used.has(next.index)) return;
    const cells = next.cells.filter((cell) => !isSpeck(cell.text));
    // Cells under the values, not under the labels: the writing goes on (label cells stand under labels).
    if (cells.length === 0 || markersOf(next.text).length > 0) return;
    const under = cells.map((cell) => open.find(({ pair }) => Math.abs(pair.valueSpan.start - cell.start) <= 2));
    // A date, a time or a phone number is whole on its line: nothing under it goes on with it.
    if (under.some((column) => column === undefined || isWholeFigure(column.pair.value))) return;
    cells.forEach((cell, position) => {
      const column = under[position] as { pair: KeyValuePair; index: number };
      const pair = pairs[column.index] as KeyValuePair;
      pairs[column.index] = {
        ...pair,
        value: `${pair.value} ${cell.text}`,
        valueSpan: { ...pair.valueSpan, endLine: next.index, end: cell.end },
      };
    });
    reader.used.add(next.index);
    current = next;
  }
}

/** A row of labels left blank over rows of values in their columns: the values' lines are read with it. */
function labelRow(reader: Reader, line: ModelLine, pairs: KeyValuePair[]): boolean {
  const read = labelRowPairs(reader.model, line, reader.used, (text) => markersOf(text).length > 0, pairs);
  for (const index of read ?? []) reader.used.add(index);
  return read !== null;
}

/** A row of captions over a row of values: the values' line is read with it. */
function captionRow(reader: Reader, line: ModelLine, pairs: KeyValuePair[]): boolean {
  const below = nextLine(reader.model, line.index);
  if (!below || reader.used.has(below.index) || markersOf(below.text).length > 0) return false;
  if (!captionRowPairs(line, below, pairs)) return false;
  reader.used.add(below.index);
  return true;
}

/**
 * A row of values over the row of captions right under it, when that row has no values under it of
 * its own: the captions' line is read with the values.
 */
function valuesAbove(reader: Reader, line: ModelLine, pairs: KeyValuePair[]): boolean {
  const captions = reader.model.lines[line.index + 1];
  if (!captions || captions.block !== line.block || reader.used.has(captions.index)) return false;
  if (markersOf(captions.text).length > 0) return false;
  const below = nextLine(reader.model, captions.index);
  if (below && !reader.used.has(below.index) && captionRowPairs(captions, below, [])) return false;
  if (!valuesAboveCaptionRow(line, captions, pairs)) return false;
  reader.used.add(captions.index);
  return true;
}

/** A value in the line's last cell goes on over the lines under it that continue it. */
function continueLastCell(reader: Reader, line: ModelLine, pairs: KeyValuePair[]): void {
  const pair = pairs[pairs.length - 1] as KeyValuePair;
  const last = line.cells[line.cells.length - 1];
  if (!last || pair.valueSpan.line !== line.index || pair.valueSpan.end !== last.end) return;
  const more = continuation(reader, line, pair.valueSpan.start, pair.value);
  if (more.parts.length === 0) return;
  pairs[pairs.length - 1] = {
    ...pair,
    value: [pair.value, ...more.parts].join(' '),
    valueSpan: { ...pair.valueSpan, endLine: more.endLine, end: more.end },
  };
}

/** Cells of a line under a caption that may hold its value. */
const MAX_CAPTION_VALUE_CELLS = 2;

/** Whether the text's letters are all capitals. */
function isCapitals(text: string): boolean {
  return /\p{Lu}/u.test(text) && !/\p{Ll}/u.test(text);
}

/** The caption alone on `line` and the cell of the line under it that holds its value, if any. */
function captionValue(reader: Reader, line: ModelLine) {
  const caption = isCellCaption(line);
  // A caption has a word of three letters at least: shorter ones alone on a line are scraps of the scan.
  if (!caption || !/\p{L}{3}/u.test(caption.text)) return null;
  const below = nextLine(reader.model, line.index);
  if (!below || reader.used.has(below.index)) return null;
  const cells = writingCells(below);
  if (cells.length > MAX_CAPTION_VALUE_CELLS || markersOf(below.text).length > 0 || hasOwnPairs(below, cells))
    return null;
  const cell = cells.find(
    (candidate) => candidate.end > caption.start && candidate.start < caption.end + WRAPPING_LINE,
  );
  if (!cell) return null;
  const value = cleanValue(cell.text);
  // A value has a figure or a word of three letters: "ha", "q" are scraps of the scan.
  if (!/\p{L}{3}|\d/u.test(value.text)) return null;
  // Two captions in a row are headings, unless the lower is written in small letters under a caption
  // printed in capitals and starts under or right of it ("NAME" over "J. K. Miller"): a printed label
  // over a typed value (not a remark in brackets).
  const typed =
    isCapitals(caption.text) &&
    /\p{Ll}{2}/u.test(value.text) &&
    !value.text.startsWith('(') &&
    cell.start + value.offset >= caption.start;
  if (isCaptionText(value.text) && !typed) return null;
  return { caption, below, cell, value };
}

/**
 * "CIRCULATION" alone on its line, its value on the line under it: the cell of that line that
 * starts under or right of the caption, when that line holds no label of its own.
 */
function captionPair(reader: Reader, line: ModelLine, pairs: KeyValuePair[]): void {
  const found = captionValue(reader, line);
  if (!found) return;
  const { caption, below, cell, value } = found;
  reader.used.add(below.index);
  pairs.push({
    key: caption.text,
    keySpan: spanOn(line.index, caption.start, caption.end),
    ...valueUnder(reader, below, cell.start + value.offset, value.text),
    layout: 'below',
    confidence: 0.5,
  });
}
