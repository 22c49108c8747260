import type { DocumentModel } from '../model/document-model.js';
import type { Candidate } from './candidate.js';
import { candidate, MAX_LINES, TRADING } from './issuer-names.js';
import { LETTERHEAD_LINES, letterheadLines } from './letterhead-lines.js';
import { domainSpellsName, webDomainLabels } from './web-domain-names.js';

/** A name line the document's own web or mail address spells, not proposed otherwise, is this sure of itself. */
const DOMAIN_NAME_CONFIDENCE = 0.75;

/**
 * The issuer's names that the document's own web or mail address spells ("Maple Leaf Diner" and
 * "www.mapleleafdiner.com") are supported by it; a letterhead line above the address that the
 * domain spells and no rule proposed (set beside a column of OCR noise) is proposed as the issuer's name.
 */
export function confirmedByDomain(model: DocumentModel, found: readonly Candidate[]): Candidate[] {
  const labels = webDomainLabels(model.lines.slice(0, MAX_LINES).map((line) => line.text));
  if (labels.length === 0) return [...found];
  const spelled = (text: string) => labels.some((label) => domainSpellsName(text, label));
  const confirmed = found.map((name) =>
    name.relations.includes('issuer') && typeof name.value === 'string' && spelled(name.value)
      ? { ...name, support: 1 }
      : name,
  );
  const proposed = new Set(found.map((name) => name.span.line));
  // Only the letterhead's name lines, above its address and contacts: a name further down (the
  // buyer's, with the buyer's own mail address) is not the issuer's.
  const body = letterheadLines(model).find((entry) => entry.role === 'address' || entry.role === 'end');
  for (const line of model.lines.slice(0, body?.line.index ?? MAX_LINES)) {
    if (line.page > 0 || line.rankOnPage >= LETTERHEAD_LINES) break;
    if (proposed.has(line.index)) continue;
    // (The address's own line spells it, and is no name.)
    const cell = line.cells.find((part) => !/www|@|\.\s?\p{L}{2,3}\b/iu.test(part.text) && spelled(part.text));
    if (!cell) continue;
    const text = cell.text.trim();
    const start = cell.start + cell.text.indexOf(text);
    confirmed.push({
      ...candidate(line, text, start, start + text.length, DOMAIN_NAME_CONFIDENCE, true, TRADING),
      support: 1,
    });
  }
  return confirmed;
}
