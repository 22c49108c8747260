import { ATTACHMENT_NOUNS } from '../lexicon/contract-words.js';
import type { DocumentModel } from '../model/document-model.js';
import { LEGAL_FORM_AT_END } from './party-aliases.js';

/**
 * Parties listed in an attachment ("the persons and entities listed on Schedule A"): the names
 * printed one a line (or in a table's first column) under the attachment's heading, an
 * organisation by its legal form, a person by two to four capitalised words.
 */

const NOUNS = ATTACHMENT_NOUNS.join('|');
/** "Schedule A", "EXHIBIT 1", "Annex I-2": the attachment a reference names (group 1 its noun, 2 its number). */
const ATTACHMENT = new RegExp(`\\b(${NOUNS})\\s+([A-Z0-9][A-Z0-9.-]{0,5})(?![\\p{L}\\p{N}])`, 'iu');
/** Lines of the attachment read for names. */
const MAX_LINES = 80;
/** "Jane A. Roe", "SAMUEL PRICE": a person's name. */
const PERSON = /^(?:\p{Lu}[\p{L}'’-]*\.?\s+){1,3}\p{Lu}[\p{L}'’-]+$/u;

/** The attachment a reference names, as "<noun> <number>" in lower case, or null. */
export function attachmentOf(reference: string): { noun: string; number: string } | null {
  const found = ATTACHMENT.exec(reference);
  return found ? { noun: (found[1] ?? '').toLowerCase(), number: (found[2] ?? '').toLowerCase() } : null;
}

/** The line that heads the attachment: its noun and number alone, or before a title ("SCHEDULE A - Members"); the last one printed. */
function headingLine(model: DocumentModel, noun: string, number: string): number {
  const heading = new RegExp(
    `^\\s*${noun}\\s+${number.replace(/[.-]/g, '\\$&')}\\s*(?:$|[:.–—-]\\s*\\S|\\s{2,}\\S)`,
    'i',
  );
  for (let index = model.lines.length - 1; index >= 0; index--) {
    if (heading.test(model.lines[index]?.text ?? '')) return index;
  }
  return -1;
}

/** The names listed under the heading of the attachment a reference names; none when it is not found. */
export function attachmentParties(
  model: DocumentModel,
  reference: string,
  nameOf: (text: string) => string | null,
): string[] {
  const attachment = attachmentOf(reference);
  if (!attachment) return [];
  const heading = headingLine(model, attachment.noun, attachment.number);
  if (heading < 0) return [];
  const names: string[] = [];
  for (let index = heading + 1; index < Math.min(model.lines.length, heading + MAX_LINES); index++) {
    const first = model.lines[index]?.cells[0]?.text.trim() ?? '';
    // The next attachment's heading ends the list.
    if (attachmentOf(first)?.noun && new RegExp(`^(?:${NOUNS})\\s`, 'i').test(first)) break;
    const name = first === '' ? null : nameOf(first);
    if (!name || name !== first.replace(/[\s,;]+$/, '')) continue;
    if (!LEGAL_FORM_AT_END.test(name) && !PERSON.test(name)) continue;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}
