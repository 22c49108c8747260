import { PAGE_SEPARATOR } from '../../types.js';
import { type Cell, cellsOf } from '../document-lines.js';
import type { LineSpan } from '../evidence.js';
import { PAGE_NUMBER_LINE } from '../lexicon/form-layout.js';
import { type DateOrder, inferDateOrder } from '../parse-values.js';

/**
 * The document as the candidate generators read it, built once: lines with their page, indent and
 * cells; blocks (runs of lines between blank lines); and the prose of each block as one stream of
 * text, so that a sentence that wraps across lines ("governed by the laws of the State of\nNew
 * York") reads as one, with every offset in the stream mapped back to its line and column.
 */

export interface ModelLine {
  readonly index: number;
  readonly text: string;
  /** 0-based page of the line. */
  readonly page: number;
  /** Position among the page's non-blank lines, 0 = the first. */
  readonly rankOnPage: number;
  /** Non-blank lines on the page, for relative positions. */
  readonly linesOnPage: number;
  readonly cells: readonly Cell[];
  /** Block number; -1 for a blank line. */
  readonly block: number;
}

export interface Block {
  readonly first: number;
  /** Inclusive. */
  readonly last: number;
}

/** A block's lines joined by single spaces; `lineAt[i]`/`columnAt[i]` locate character i. */
export interface ProseStream {
  readonly text: string;
  readonly lineAt: Int32Array;
  readonly columnAt: Int32Array;
}

export interface DocumentModel {
  readonly lines: readonly ModelLine[];
  readonly blocks: readonly Block[];
  /** The whole document as one stream (blocks separated by a blank), for relations in prose. */
  readonly prose: ProseStream;
  readonly dateOrder: DateOrder;
  readonly pageCount: number;
}

/** The span of stream characters [start, end) in line/column terms. */
export function streamSpan(stream: ProseStream, start: number, end: number): LineSpan {
  const last = Math.max(start, end - 1);
  return {
    line: stream.lineAt[start] ?? 0,
    start: stream.columnAt[start] ?? 0,
    endLine: stream.lineAt[last] ?? 0,
    end: (stream.columnAt[last] ?? 0) + 1,
  };
}

/** Prose is read from at most this many characters, so a 500-page document stays linear and bounded. */
const MAX_PROSE_CHARS = 400_000;

/**
 * The page numbers printed at a page's end or the next one's start ("Page 1 of 2", "- 1 -"): left
 * out of the prose, so a sentence that runs across the page break reads as one ("a period of three
 * (3)" / "years from ...", not "... of 2 years").
 */
function pageNumberLines(lines: readonly ModelLine[], pageBreak: string): Set<number> {
  const furniture = new Set<number>();
  const nonBlank = (from: number, step: number): ModelLine | undefined => {
    for (let index = from; index >= 0 && index < lines.length; index += step) {
      const line = lines[index] as ModelLine;
      if (line.text === pageBreak) return undefined;
      if (line.text.trim() !== '') return line;
    }
    return undefined;
  };
  for (const line of lines) {
    if (line.text !== pageBreak) continue;
    for (const near of [nonBlank(line.index - 1, -1), nonBlank(line.index + 1, 1)]) {
      if (near && PAGE_NUMBER_LINE.test(near.text)) furniture.add(near.index);
    }
  }
  return furniture;
}

function buildProse(lines: readonly ModelLine[], skipped: ReadonlySet<number>): ProseStream {
  let size = 1;
  for (const line of lines) size += line.text.length + 1;
  const capacity = Math.min(size, MAX_PROSE_CHARS);
  const lineAt = new Int32Array(capacity);
  const columnAt = new Int32Array(capacity);
  const chars: string[] = [];
  let lastIsSpace = true; // no leading space
  // Runs of white space (column gaps, line ends) become one space: prose does not care about alignment.
  for (const line of lines) {
    if (skipped.has(line.index)) continue;
    const text = line.text;
    for (let column = 0; column < text.length && chars.length < capacity - 1; column++) {
      const code = text.charCodeAt(column);
      const space = code === 32 || code === 9 || code === 12 || code === 13 || code === 160;
      if (space && lastIsSpace) continue;
      lineAt[chars.length] = line.index;
      columnAt[chars.length] = column;
      chars.push(space ? ' ' : (text[column] as string));
      lastIsSpace = space;
    }
    if (!lastIsSpace && chars.length < capacity - 1) {
      lineAt[chars.length] = line.index;
      columnAt[chars.length] = text.length;
      chars.push(' ');
      lastIsSpace = true;
    }
  }
  const length = chars.length;
  return { text: chars.join(''), lineAt: lineAt.subarray(0, length), columnAt: columnAt.subarray(0, length) };
}

export function buildDocumentModel(text: string): DocumentModel {
  const raw = text.split('\n');
  const lines: ModelLine[] = [];
  const blocks: Block[] = [];
  let page = 0;
  let blockStart = -1;
  const pageLineCounts: number[] = [];
  const ranks: number[] = [];
  const pages: number[] = [];
  // Pages are joined by a line holding only a form feed.
  const pageBreak = PAGE_SEPARATOR.trim() === '' ? '\f' : PAGE_SEPARATOR.trim();
  for (const line of raw) {
    if (line === pageBreak) page++;
    pages.push(page);
    pageLineCounts[page] ??= 0;
    ranks.push(line.trim() === '' ? -1 : (pageLineCounts[page] as number));
    if (line.trim() !== '') pageLineCounts[page] = (pageLineCounts[page] as number) + 1;
  }
  for (const [index, line] of raw.entries()) {
    const blank = line.trim() === '';
    if (blank && blockStart >= 0) {
      blocks.push({ first: blockStart, last: index - 1 });
      blockStart = -1;
    } else if (!blank && blockStart < 0) blockStart = index;
    const pageOf = pages[index] ?? 0;
    lines.push({
      index,
      text: line,
      page: pageOf,
      rankOnPage: ranks[index] ?? -1,
      linesOnPage: pageLineCounts[pageOf] ?? 0,
      cells: blank ? [] : cellsOf(line),
      block: blank ? -1 : blocks.length,
    });
  }
  if (blockStart >= 0) blocks.push({ first: blockStart, last: raw.length - 1 });
  return {
    lines,
    blocks,
    prose: buildProse(lines, pageNumberLines(lines, pageBreak)),
    dateOrder: inferDateOrder(text),
    pageCount: page + 1,
  };
}
