import type { LineRange } from './document-lines.js';
import type { LineSpan } from './evidence.js';

/**
 * A party's section: the block of lines a party's heading opens ("Seller", "Bill to:", "Käufer"),
 * down to the blank line that ends it, or the letterhead for an issuer printed without a heading.
 * The values of a party's fields (its name, address, VAT id) come from its own section when it
 * has one, and never from another party's: a postcode in the buyer's block is not the seller's.
 */

/** A heading's block runs at most this many lines. */
const MAX_SECTION_LINES = 14;

export interface PartyScope {
  /** The party's own section, when the document heads or places one. */
  readonly own: LineRange | null;
  /** The sections of the other parties of the same object. */
  readonly others: readonly LineRange[];
}

/** A block of "label: value" lines (a tax number, a VAT id) that may follow a party's address after a blank line. */
const MAX_LABELLED_TAIL = 4;

function isLabelledLine(text: string): boolean {
  return /^\s*[\p{L}][^:：]{0,40}[:：]\s*\S/u.test(text);
}

/**
 * The lines from `from` (a heading or the letterhead's first line) to the blank line that ends the
 * block; a short run of labelled lines right after that blank line (the party's tax numbers) belongs
 * to it too.
 */
export function blockRange(lines: readonly string[], from: number): LineRange {
  let to = from + 1;
  let content = 0;
  while (to < lines.length && to - from < MAX_SECTION_LINES) {
    const text = lines[to] ?? '';
    if (text.includes('\f')) break;
    if (text.trim() === '') {
      if (content > 0) {
        const tail = labelledTail(lines, to + 1);
        if (tail === 0) break;
        to += 1 + tail;
        continue;
      }
    } else {
      content++;
    }
    to++;
  }
  return { from, to: Math.min(to, lines.length) };
}

/** How many lines from `start` form a short block of labelled lines ended by a blank line, else 0. */
function labelledTail(lines: readonly string[], start: number): number {
  let end = start;
  while (end < lines.length && (lines[end] ?? '').trim() !== '') {
    const text = lines[end] ?? '';
    // A value's second line under it, right of its label ("Anschrift:   Musterstr. 12" / "   DE 12345 ...").
    const continued =
      end > start &&
      isLabelledLine(lines[end - 1] ?? '') &&
      indent(text) >= indent(lines[end - 1] ?? '') + VALUE_INDENT;
    if ((!isLabelledLine(text) && !continued) || end - start >= MAX_LABELLED_TAIL) return 0;
    end++;
  }
  return end - start;
}

/** How far right of its label's line a value's second line starts. */
const VALUE_INDENT = 8;

function indent(text: string): number {
  return text.length - text.trimStart().length;
}

/** The letterhead: the first block of the first page. */
export function letterheadRange(lines: readonly string[]): LineRange | null {
  const first = lines.findIndex((line) => line.trim() !== '');
  return first < 0 ? null : blockRange(lines, first);
}

function within(range: LineRange, line: number): boolean {
  return line >= range.from && line < range.to;
}

/** True when a value printed at `span` may be the party's: inside its own section, or outside every other party's. */
export function inPartyScope(scope: PartyScope, span: LineSpan): boolean {
  const { line } = span;
  if (scope.own) return within(scope.own, line);
  return !scope.others.some((range) => within(range, line));
}
