import {
  PARTY_ROLE_LABELS,
  SIGNED_FOR_PHRASES,
  SIGNING_FOR_PHRASES,
  SIGNING_VERBS,
} from '../lexicon/contract-words.js';
import { LEGAL_FORM_PATTERN } from '../lexicon/legal-forms.js';
import type { DocumentModel, ModelLine } from '../model/document-model.js';
import type { Candidate } from './candidate.js';
import { cellUnder, MAX_COLUMN_SHIFT, partiesListCandidate } from './parties-list.js';
import { phrasePattern } from './phrase-pattern.js';

/**
 * The signatories of the signature blocks: the name printed just above each block's "By:" line
 * ("ACME, INC." / "By: ____" / "Name:" / "Title:"), or after the words that say whom the signer
 * signs for ("Signed for and on behalf of" / "BETA LIMITED", "For and on behalf of: Beta Ltd");
 * blocks side by side read column by column. A weaker statement of the parties than the opening clause.
 */

const SIGNATURE_CELL = /^By\s*:/i;
const NOT_A_SIGNATORY = /^(?:by|name|title|date|its|witness|signature|in witness)\b|\/s\/|_{3}|:$/i;
const ENDS_WITH_LEGAL_FORM = new RegExp(`(?<![\\p{L}])${LEGAL_FORM_PATTERN}$`, 'u');
const ROLES: ReadonlySet<string> = new Set(PARTY_ROLE_LABELS);

/** A signatory's name is printed in capitals ("BØRGEN LOAN PARTNERS FEEDER, L.P.") or ends in a legal form ("Acme Widgets, Inc."). */
function isSignatoryName(text: string): boolean {
  if (text.length > 80 || NOT_A_SIGNATORY.test(text) || ROLES.has(text.toLowerCase())) return false;
  const letters = text.replace(/[^\p{L}]/gu, '');
  return (letters.length >= 3 && letters === letters.toUpperCase()) || ENDS_WITH_LEGAL_FORM.test(text);
}

/** The nearest non-blank line above `index`. */
function lineAbove(lines: readonly ModelLine[], index: number): ModelLine | undefined {
  let above = index - 1;
  while (above >= 0 && (lines[above]?.text.trim() ?? '') === '') above--;
  return above >= 0 ? lines[above] : undefined;
}

/** "Signed for and on behalf of", "For and on behalf of:", "Executed by Jo Bloggs on behalf of": the party's name follows (group 1). */
const SIGNING_FOR = new RegExp(
  `^(?:(?:${phrasePattern(SIGNING_VERBS)})(?:\\s+by\\s+[^,:]{1,60}?)?\\s+(?:${phrasePattern(SIGNED_FOR_PHRASES)})|${phrasePattern(SIGNING_FOR_PHRASES)})\\s*:?\\s*(.*)$`,
  'i',
);

/** The party a block's "for and on behalf of" cell names: beside the words, or the cell under them. */
function signedFor(model: DocumentModel, line: ModelLine): { text: string; line: number }[] {
  return line.cells.flatMap((cell) => {
    const signing = SIGNING_FOR.exec(cell.text.trim());
    if (!signing) return [];
    const beside = (signing[1] ?? '').trim();
    if (beside !== '') return [{ text: beside, line: line.index }];
    const under = cellUnder(model, line.index, cell.start);
    return under.cell ? [{ text: under.cell.text.trim(), line: under.line }] : [];
  });
}

export function signatoriesCandidate(model: DocumentModel, nameOf: (text: string) => string | null): Candidate[] {
  const names: string[] = [];
  let firstLine = -1;
  let lastLine = -1;
  const add = (text: string, index: number) => {
    if (!isSignatoryName(text)) return;
    const name = nameOf(text);
    if (!name || names.includes(name)) return;
    names.push(name);
    if (firstLine < 0) firstLine = index;
    lastLine = index;
  };
  for (const line of model.lines) {
    for (const signing of signedFor(model, line)) add(signing.text, signing.line);
    const signatures = line.cells.filter((cell) => SIGNATURE_CELL.test(cell.text.trim()));
    if (signatures.length === 0) continue;
    const above = lineAbove(model.lines, line.index);
    if (!above) continue;
    for (const signature of signatures) {
      // One block over one name is read whatever the indents; blocks side by side by their columns.
      const alone = signatures.length === 1 && above.cells.length === 1;
      const cell = alone
        ? above.cells[0]
        : above.cells.find((candidate) => Math.abs(candidate.start - signature.start) <= MAX_COLUMN_SHIFT);
      add(cell?.text.trim() ?? '', above.index);
    }
  }
  return partiesListCandidate(model, names, { first: firstLine, last: lastLine }, 0.4, 'none');
}
