import { FIRST_PERSON_AGREEMENT } from '../lexicon/contract-words.js';
import { escapeRegExp } from '../lexicon/escape-regexp.js';
import type { DocumentModel } from '../model/document-model.js';
import type { Candidate } from './candidate.js';
import { MAX_COLUMN_SHIFT, partiesListCandidate } from './parties-list.js';
import { partyAliases } from './party-aliases.js';

/**
 * An agreement written in the first person ("In consideration of my employment by Acme, Inc. (the
 * "Company"), I hereby agree ..."): its parties are the organisation it names with a defined short
 * name and the person who signs it at its end ("/s/ Thomas Miller", a name under a signature rule).
 */

const OPENING_CHARS = 3000;
const FIRST_PERSON = new RegExp(`\\b(?:${FIRST_PERSON_AGREEMENT.map(escapeRegExp).join('|')})\\b`);
/** A signatory is read from the document's last lines. */
const SIGNATURE_LINES = 25;
/** "Thomas Miller", "Mary J. Smith", "JANE DOE": two to four capitalised words. */
const PERSON_NAME = /^(?:\p{Lu}[\p{L}'’-]*\.?\s+){1,3}\p{Lu}[\p{L}'’-]+$/u;
/** What introduces the signer's name on its line: "/s/", "Signature:", "Name:", "Print Name:". */
const SIGNER_LEAD = /^\s*(?:\/s\/|(?:(?:print(?:ed)?\s+)?name|signature|signed|employee)\s*:)\s*/i;

export function signer(model: DocumentModel): { name: string; line: number } | null {
  const from = Math.max(0, model.lines.length - SIGNATURE_LINES);
  for (let index = model.lines.length - 1; index >= from; index--) {
    const line = model.lines[index];
    const above = model.lines[index - 1];
    // Blocks side by side are read cell by cell ("/s/ Jane Roe" beside "By: /s/ John Poe"), the leftmost first.
    for (const cell of line?.cells ?? []) {
      const lead = SIGNER_LEAD.exec(cell.text);
      // A name after its lead, or alone under a signature ("/s/ Thomas Miller" over "Thomas Miller", "______" over it);
      // not under an officer's "By:", who signs for an organisation.
      const over =
        above?.cells.find((candidate) => Math.abs(candidate.start - cell.start) <= MAX_COLUMN_SHIFT)?.text ?? '';
      const officer = /^\s*By\s*:/i.test(over);
      const underSignature = /\/s\/|_{3,}/.test(over) && !officer;
      const name = (lead && !officer ? cell.text.slice(lead[0].length) : underSignature ? cell.text : '').trim();
      if (PERSON_NAME.test(name)) return { name, line: index };
    }
  }
  return null;
}

export function firstPersonParties(model: DocumentModel): Candidate[] {
  const opening = model.prose.text.slice(0, OPENING_CHARS);
  const agreeing = FIRST_PERSON.exec(opening);
  if (!agreeing) return [];
  // The organisation the opening defines before the first person agrees ("Acme, Inc. (the "Company")").
  const [organisation] = partyAliases(opening.slice(0, agreeing.index + 200)).values();
  const person = signer(model);
  if (!organisation || !person || organisation === person.name) return [];
  const first = model.prose.lineAt[opening.indexOf(organisation)] ?? 0;
  return partiesListCandidate(model, [organisation, person.name], { first, last: person.line }, 0.45, 'prose');
}
