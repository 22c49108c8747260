import { cellsOf } from '../document-lines.js';
import { parseOrganization } from '../parse-identifiers.js';
import { contentWords } from '../text-tokens.js';
import { documentKindOf } from './document-title.js';
import { isPartyCaption } from './letterhead-lines.js';

/**
 * The first line of a company's name wrapped before its legal form ("ABC Beispielhafter" over
 * "Versicherungsverein Beispielstadt a.G.") under the party's heading: the line right above the
 * name's line, alone in the same column, of capitalised words only (two or more, no small words,
 * figures or colon), and not a caption, a document's title or another organisation's name.
 */
export interface WrappedStart {
  readonly text: string;
  readonly line: number;
  readonly start: number;
}

export function wrappedNameStart(
  lineAt: (index: number) => string | undefined,
  index: number,
  start: number,
): WrappedStart | null {
  const own = lineAt(index) ?? '';
  if (index === 0) return null;
  // Before the name on its line, nothing, or its label: a table row centred on a value of two lines
  // prints the label beside the value's second line ("ABC Beispielhafter" over "Name:  Verein a.G.").
  const before = own.slice(0, start).trim();
  const labelled = before !== '' && /^[\p{L}][\p{L} .'/-]*[:：]$/u.test(before);
  if (before !== '' && !labelled) return null;
  const [cell, ...others] = cellsOf(lineAt(index - 1) ?? '');
  if (!cell || others.length > 0 || Math.abs(cell.start - start) > 1 || /[\d:：@]/.test(cell.text)) return null;
  const words = cell.text.split(/\s+/);
  // Beside its label, one word is the value's first line too ("Herrn" over "Name:  Max Muster").
  if (words.length < (labelled ? 1 : 2) || !words.every((word) => /^\p{Lu}/u.test(word))) return null;
  if (contentWords(cell.text).length < words.length || parseOrganization(cell.text) !== null) return null;
  if (isPartyCaption(cell.text) || documentKindOf(cell.text)) return null;
  // Under a party's heading ("Verkäufer:"): at the top of a receipt, the owner's name over the
  // company's ("TAN WOON YANN" / "BOOK TA .K SDN BHD") is a name of its own.
  // Beside its label, the line above is the value's first line when it starts left of no label of its own.
  const heading = (lineAt(index - 2) ?? '').trim();
  if (!labelled && !/[:：]$/.test(heading) && !isPartyCaption(heading)) return null;
  return { text: cell.text, line: index - 1, start: cell.start };
}
