import { cellsOf, type LineRange } from './document-lines.js';
import type { LineSpan } from './evidence.js';
import { ADDRESSEE_POSSESSIVES, PARTY_IDENTITY_NOUNS } from './lexicon/field-words.js';
import { normalizeWord } from './text-tokens.js';

/**
 * A party's section: the block of lines a party's heading opens ("Seller", "Bill to:", "Käufer"),
 * down to the blank line that ends it, or the letterhead for an issuer printed without a heading.
 * The values of a party's fields (its name, address, VAT id) come from its own section when it
 * has one, and never from another party's: a postcode in the buyer's block is not the seller's.
 */

/** A heading's block runs at most this many lines. */
const MAX_SECTION_LINES = 14;

/** A section's lines, and the columns it spans when it stands beside another section ([left, right)). */
export interface SectionArea extends LineRange {
  readonly left?: number;
  readonly right?: number;
}

export interface PartyScope {
  /** The party's own sections, when the document heads or places them (none: empty). */
  readonly own: readonly SectionArea[];
  /** The sections of the other parties of the same object. */
  readonly others: readonly SectionArea[];
}

/** A block of "label: value" lines (a tax number, a VAT id) that may follow a party's address after a blank line. */
const MAX_LABELLED_TAIL = 4;

function isLabelledLine(text: string): boolean {
  return /^\s*[\p{L}][^:：]{0,40}[:：]\s*\S/u.test(text);
}

/**
 * The lines from `from` (a heading or the letterhead's first line) to the blank line that ends the
 * block; a short run of labelled lines right after that blank line (the party's tax numbers) belongs
 * to it too. A heading that is a label printed with its value ("Receipt #: 0451") is content itself:
 * the blank line under it ends the block.
 */
export function blockRange(lines: readonly string[], from: number, valuedHeading = false): LineRange {
  let to = from + 1;
  let content = valuedHeading && isLabelledLine(lines[from] ?? '') ? 1 : 0;
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
    // A value's second line under it, right of its label ("Anschrift:   Lindenweg 8" / "   DE 54321 ...").
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

/** True when the text at `column` of `line` lies in the area. */
export function withinArea(area: SectionArea, line: number, column: number): boolean {
  return (
    line >= area.from &&
    line < area.to &&
    column >= (area.left ?? 0) &&
    column < (area.right ?? Number.POSITIVE_INFINITY)
  );
}

/** True when a value printed at `span` may be the party's: inside its own sections, or outside every other party's. */
export function inPartyScope(scope: PartyScope, span: LineSpan): boolean {
  const { line, start } = span;
  if (scope.own.length > 0) return scope.own.some((area) => withinArea(area, line, start));
  return !scope.others.some((area) => withinArea(area, line, start));
}

/** A section and the column its heading starts at. */
export interface HeadedSection {
  readonly area: SectionArea;
  readonly column: number;
}

/** How far left of its heading a column's lines may start. */
const COLUMN_SLACK = 4;

/**
 * Sections whose lines overlap with their headings side by side ("Seller" at the left, "Buyer"
 * far right on the same or a nearby line) are columns: the left one ends where the right one's
 * heading begins, and the right one starts there.
 */
export function splitColumns(sections: readonly HeadedSection[]): SectionArea[] {
  return sections.map(({ area, column }) => {
    let { left, right } = area;
    for (const other of sections) {
      if (other.area === area || other.area.from >= area.to || area.from >= other.area.to) continue;
      const boundary = Math.max(0, Math.max(column, other.column) - COLUMN_SLACK);
      if (other.column > column + COLUMN_SLACK) right = Math.min(right ?? boundary, boundary);
      else if (column > other.column + COLUMN_SLACK) left = Math.max(left ?? boundary, boundary);
    }
    return left === area.left && right === area.right ? area : { ...area, left, right };
  });
}

/** Most labelled lines a section headed for the reader lists ("Your identifiers": GLN, SIRET, VAT ID). */
const MAX_ADDRESSEE_LINES = 8;

/**
 * Sections a heading addresses to the reader ("Your identifiers", "Vos identifiants", "Ihre
 * Angaben", "Uw gegevens"): the addressee's own numbers, printed as labelled lines under the
 * heading in its column. The area runs while the lines under it are labelled ("VAT ID: ...") and
 * no line moves left of the first one (another heading of the column).
 */
export function addresseeSections(lines: readonly string[]): SectionArea[] {
  const areas: SectionArea[] = [];
  lines.forEach((line, index) => {
    const cells = cellsOf(line);
    cells.forEach((cell, at) => {
      if (!addressesReader(cell.text)) return;
      const left = Math.max(0, cell.start - COLUMN_SLACK);
      const right = cells[at + 1] ? cells[at + 1]!.start - COLUMN_SLACK : undefined;
      let to = index + 1;
      let indent: number | null = null;
      while (to < lines.length && to - index <= MAX_ADDRESSEE_LINES) {
        const below = cellsOf(lines[to] ?? '').find(
          (own) => own.start >= left && (right === undefined || own.start < right),
        );
        if (!below || !/^[^:：]{1,40}[:：]\s*\S/u.test(below.text)) break;
        if (indent !== null && below.start < indent - 1) break;
        indent ??= below.start;
        to++;
      }
      if (to > index + 1) areas.push({ from: index, to, left, ...(right === undefined ? {} : { right }) });
    });
  });
  return areas;
}

/** A heading of a possessive addressing the reader and a noun for a party's own particulars. */
function addressesReader(text: string): boolean {
  if (/[:：]\s*\S/.test(text)) return false;
  const words = text
    .replace(/[:：]\s*$/, '')
    .split(/\s+/)
    .map(normalizeWord);
  return (
    words.length >= 2 &&
    words.length <= 3 &&
    ADDRESSEE_POSSESSIVES.has(words[0]!) &&
    words.slice(1).some((word) => PARTY_IDENTITY_NOUNS.has(word))
  );
}
