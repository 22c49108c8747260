import type { LabelVariant } from './schema-fields.js';
import { normalizeWord, type Token, tokenize } from './text-tokens.js';

/**
 * The converted text as lines of tokens, indexed by word, so finding every occurrence of a label
 * costs a map lookup instead of a scan of every line for every variant of every property.
 */
export interface DocumentLines {
  readonly lines: readonly string[];
  readonly tokens: readonly (readonly Token[])[];
  /** Where each word occurs; `width` 2 for a compound written with a hyphen ("Kunden-Nr."). */
  readonly byWord: ReadonlyMap<string, readonly WordPosition[]>;
}

interface WordPosition {
  readonly line: number;
  readonly token: number;
  readonly width?: number;
}

/** Two or more spaces separate columns: the converters write three, typed text often two. */
export const COLUMN_GAP = /\s{2,}/;

export function indexLines(text: string): DocumentLines {
  const lines = text.split('\n');
  const tokens = lines.map((line) => tokenize(line));
  const byWord = new Map<string, WordPosition[]>();
  const add = (word: string, position: WordPosition) => {
    let positions = byWord.get(word);
    if (!positions) {
      positions = [];
      byWord.set(word, positions);
    }
    positions.push(position);
  };
  tokens.forEach((lineTokens, line) => {
    const text = lines[line] ?? '';
    lineTokens.forEach((token, index) => {
      add(token.word, { line, token: index });
      // A compound split by a hyphen is the compound too: "Kunden-Nr." is the label "Kundennr".
      const next = lineTokens[index + 1];
      if (next && text.slice(token.end, next.start) === '-' && /^\p{L}/u.test(next.word)) {
        add(normalizeWord(text.slice(token.start, token.end) + text.slice(next.start, next.end)), {
          line,
          token: index,
          width: 2,
        });
      }
    });
  });
  return { lines, tokens, byWord };
}

export interface LabelMatch {
  readonly line: number;
  readonly firstToken: number;
  /** Exclusive. */
  readonly endToken: number;
  /** Character offsets of the label in its line. */
  readonly start: number;
  readonly end: number;
  readonly variant: LabelVariant;
}

export interface LineRange {
  readonly from: number;
  /** Exclusive. */
  readonly to: number;
}

/** Only punctuation and a single space between two words of one label: "Invoice No.", "E-mail". */
function joinsLabelWords(between: string): boolean {
  return between.length <= 4 && !/\s{2}/.test(between) && !/[\p{L}\p{N}]/u.test(between);
}

/** Every place the variant's words occur in order within one cell, stop words in between skipped. */
export function findLabel(document: DocumentLines, variant: LabelVariant, range?: LineRange): LabelMatch[] {
  const [first, ...rest] = variant.words;
  if (first === undefined) return [];
  const matches: LabelMatch[] = [];
  for (const position of document.byWord.get(first) ?? []) {
    if (range && (position.line < range.from || position.line >= range.to)) continue;
    const tokens = document.tokens[position.line] ?? [];
    const line = document.lines[position.line] ?? '';
    let current = position.token + (position.width ?? 1) - 1;
    let matched = true;
    for (const word of rest) {
      let next = current + 1;
      let skipped = 0;
      while (tokens[next]?.stop && tokens[next]?.word !== word && skipped < 2) {
        next++;
        skipped++;
      }
      const previous = tokens[next - 1];
      const candidate = tokens[next];
      if (!candidate || !previous || candidate.word !== word) {
        matched = false;
        break;
      }
      // Every gap crossed, including skipped stop words, must stay within the label's cell.
      for (let index = current; index < next; index++) {
        const left = tokens[index];
        const right = tokens[index + 1];
        if (left && right && !joinsLabelWords(line.slice(left.end, right.start))) matched = false;
      }
      if (!matched) break;
      current = next;
    }
    if (!matched) continue;
    const start = tokens[position.token]?.start ?? 0;
    const end = tokens[current]?.end ?? start;
    matches.push({ line: position.line, firstToken: position.token, endToken: current + 1, start, end, variant });
  }
  return matches;
}

export interface Cell {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** The line's cells: runs of text separated by column gaps, with their offsets. */
export function cellsOf(line: string): Cell[] {
  const cells: Cell[] = [];
  for (const match of line.matchAll(/\S+(?:\s\S+)*/g)) {
    cells.push({ text: match[0], start: match.index, end: match.index + match[0].length });
  }
  return cells;
}

/** The cell of `line` under the span [start, end) of a label above it: overlapping, else the nearest start. */
export function cellBelow(line: string, start: number, end: number): Cell | null {
  const cells = cellsOf(line);
  let best: { cell: Cell; distance: number } | null = null;
  for (const cell of cells) {
    const overlap = Math.min(end, cell.end) - Math.max(start, cell.start);
    const distance = overlap > 0 ? -overlap : Math.abs(cell.start - start);
    if (!best || distance < best.distance) best = { cell, distance };
  }
  if (!best || best.distance > 4) return null;
  return best.cell;
}
