import { cellsOf, type LineRange } from './document-lines.js';
import { type LineSpan, spanOn } from './evidence.js';
import { parsePostalBlock } from './parse-address.js';

/**
 * The address window of a letter: the sender's name and address compressed onto one line
 * ("Wendel GmbH · Ankerweg 29 · 54321 Brückstadt"), and right under it, in the same column,
 * the recipient's name and address block down to its postcode and city line (and a country line).
 * Neither carries a label: the layout says the first is the issuer and the second the addressee.
 */

export interface WindowLine {
  readonly text: string;
  readonly span: LineSpan;
}

export interface AddressWindow {
  /** The sender line's parts: the issuer's name, then its address lines. */
  readonly sender: readonly WindowLine[];
  /** The recipient's block: its name, then its address lines. */
  readonly recipient: readonly WindowLine[];
  /** The lines from the sender line to the recipient block's last line. */
  readonly range: LineRange;
}

/** The window sits near the top of the first page. */
const MAX_SENDER_LINE = 30;
/** Lines from the sender line to the recipient's postcode line, blank lines included. */
const MAX_RECIPIENT_SPAN = 10;
/** How far left of the sender line the recipient block may start (the sender line is often indented). */
const MAX_INDENT = 12;

/** Separators of a compressed sender line: bullets, middle dots, bars, spaced dashes. */
const SENDER_SEPARATOR = /\s*(?:[●•·|▪]|\s[-–]\s)\s*/u;

/** The parts of a cell that is a compressed sender line, with their spans, or null. */
function senderParts(line: number, cell: { text: string; start: number }): WindowLine[] | null {
  const parts: WindowLine[] = [];
  let offset = 0;
  for (const piece of cell.text.split(SENDER_SEPARATOR)) {
    const at = cell.text.indexOf(piece, offset);
    offset = at + piece.length;
    if (piece.trim() === '') continue;
    parts.push({ text: piece, span: spanOn(line, cell.start + at, cell.start + at + piece.length) });
  }
  // A name, a street, a postcode and city at least, the postcode line after the name.
  if (parts.length < 3 || parts.length > 5) return null;
  const postal = parsePostalBlock(parts.slice(1).map((part) => part.text));
  return postal && postal.street !== undefined ? parts : null;
}

/** The recipient block under the sender line: the first cell of each line near its column, to the postcode line. */
function recipientBlock(lines: readonly string[], from: number, column: number): WindowLine[] | null {
  const block: WindowLine[] = [];
  for (let index = from; index < lines.length && index - from < MAX_RECIPIENT_SPAN; index++) {
    const text = lines[index] ?? '';
    if (text.includes('\f')) break;
    const cell = cellsOf(text)[0];
    if (!cell) continue;
    // A line with nothing in the window's column (a letterhead's phone on the right) is passed over.
    if (cell.start > column + MAX_INDENT) continue;
    if (/[:：@]/.test(cell.text)) break;
    block.push({ text: cell.text, span: spanOn(index, cell.start, cell.end) });
    const parts = parsePostalBlock(block.slice(1).map((line) => line.text));
    if (parts && parts.locality.line === block.length - 2) {
      // A country line may follow the postcode line.
      const next = lines.slice(index + 1, index + 2)[0];
      const country = next !== undefined ? cellsOf(next)[0] : undefined;
      if (country && country.start <= column + MAX_INDENT) {
        const withCountry = [...block, { text: country.text, span: spanOn(index + 1, country.start, country.end) }];
        if (parsePostalBlock(withCountry.slice(1).map((line) => line.text))?.country) return withCountry;
      }
      return block;
    }
  }
  return null;
}

/** A word alone on the line over a recipient's block that addresses it ("An", "To"). */
const ADDRESSING_WORD = /^(?:an|to|a|à|aan|attn\.?|z\.\s?hd\.?)$/iu;

/** The first cells of the lines from `from` to the next blank line. */
function blockCells(lines: readonly string[], from: number): WindowLine[] {
  const block: WindowLine[] = [];
  for (let index = from; index < lines.length; index++) {
    const text = lines[index] ?? '';
    const cell = cellsOf(text)[0];
    if (!cell || text.includes('\f')) break;
    block.push({ text: cell.text, span: spanOn(index, cell.start, cell.end) });
  }
  return block;
}

/**
 * A letterhead block of the issuer's name and postal address, without a compressed sender line,
 * and after a blank line a block of the recipient's name and address in the same column (under
 * an addressing word or not): the letterhead is the sender, the block the recipient.
 */
function letterheadWindow(lines: readonly string[]): AddressWindow | null {
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first < 0 || first >= MAX_SENDER_LINE) return null;
  const letterhead = blockCells(lines, first);
  const own = parsePostalBlock(letterhead.slice(1).map((line) => line.text));
  if (!own || own.street === undefined || letterhead.length > MAX_RECIPIENT_SPAN) return null;
  // The name, the address lines down to the postcode line, and a country line under it.
  const sender = letterhead.slice(0, (own.country?.line ?? own.locality.line) + 2);
  let start = first + letterhead.length;
  while (start < lines.length && (lines[start] ?? '').trim() === '') start++;
  const column = (letterhead[0] as WindowLine).span.start;
  if (ADDRESSING_WORD.test((lines[start] ?? '').trim())) start++;
  const opening = cellsOf(lines[start] ?? '')[0];
  if (!opening || Math.abs(opening.start - column) > MAX_INDENT) return null;
  const recipient = recipientBlock(lines, start, column);
  if (!recipient || recipient.length < 3) return null;
  // The recipient's block is one block: no blank line inside it.
  const end = recipient.at(-1)?.span.line ?? start;
  if (lines.slice(start, end + 1).some((line) => line.trim() === '')) return null;
  return { sender, recipient, range: { from: first, to: end + 1 } };
}

/** The document's address window, when its first page prints one. */
export function addressWindow(lines: readonly string[]): AddressWindow | null {
  return senderLineWindow(lines) ?? letterheadWindow(lines);
}

function senderLineWindow(lines: readonly string[]): AddressWindow | null {
  const last = Math.min(lines.length, MAX_SENDER_LINE);
  for (let index = 0; index < last; index++) {
    const text = lines[index] ?? '';
    if (text.includes('\f')) return null;
    for (const cell of cellsOf(text)) {
      const sender = senderParts(index, cell);
      if (!sender) continue;
      const recipient = recipientBlock(lines, index + 1, cell.start);
      if (!recipient || recipient.length < 3) continue;
      const end = recipient.at(-1)?.span.line ?? index;
      return { sender, recipient, range: { from: index, to: end + 1 } };
    }
  }
  return null;
}
