import type { ConvertedDocument } from '../types.js';

/** Characters of document text sent per request by default: about 12k tokens, within a 16k-token context. */
export const DEFAULT_LLM_MAX_INPUT_CHARS = 48_000;

/** Share of the budget kept from the start of a long document; the rest comes from its end. */
const HEAD_SHARE = 2 / 3;

function pageMarker(page: number, pages: number, continued = false): string {
  return `=== Page ${page} of ${pages}${continued ? ' (continued)' : ''} ===`;
}

/**
 * The document's pages for a prompt, each under a `=== Page N of M ===` line so the model can
 * tell page breaks apart. A document over `maxChars` keeps its start (two thirds of the budget:
 * headers, parties, numbers) and its end (one third: totals and signatures usually close a
 * document), with a line in between saying how much was left out and why, so the model knows
 * the text is incomplete instead of guessing that it is not.
 */
export function documentForPrompt(document: ConvertedDocument, maxChars: number): string {
  const count = document.pages.length;
  const parts: string[] = [];
  const pageStarts: number[] = [];
  let length = 0;
  for (const [index, page] of document.pages.entries()) {
    pageStarts.push(length);
    const part = `${pageMarker(index + 1, count)}\n${page.trimEnd()}\n`;
    parts.push(part);
    length += part.length;
  }
  const whole = parts.join('\n');
  if (whole.length <= maxChars) return whole;

  let headEnd = Math.floor(maxChars * HEAD_SHARE);
  const headBreak = whole.lastIndexOf('\n', headEnd);
  if (headBreak > headEnd * 0.8) headEnd = headBreak;
  let tailStart = whole.length - (maxChars - headEnd);
  const tailBreak = whole.indexOf('\n', tailStart);
  if (tailBreak >= 0 && tailBreak - tailStart < 200) tailStart = tailBreak + 1;
  // pageStarts ignore the joining newlines: index i's part starts at pageStarts[i] + i.
  let tailPage = 0;
  while (tailPage + 1 < count && (pageStarts[tailPage + 1] as number) + tailPage + 1 <= tailStart) tailPage++;
  const tailOpensPage = pageStarts[tailPage] !== undefined && (pageStarts[tailPage] as number) + tailPage === tailStart;
  const note =
    `[… ${tailStart - headEnd} characters of the document are left out here: it is longer than ` +
    `the ${maxChars}-character input limit. Values in the left-out part cannot be read …]`;
  return [
    whole.slice(0, headEnd).trimEnd(),
    note,
    ...(tailOpensPage ? [] : [pageMarker(tailPage + 1, count, true)]),
    whole.slice(tailStart),
  ].join('\n');
}
