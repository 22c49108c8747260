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

/** "NAME OF PURCHASER: Bramble Fund, L.P.", "Investor Name: ...": the label over a signatory's name. */
const NAME_LABEL = /^(?:name\s+of\s+[\p{L} ]{1,30}|[\p{L} ]{1,30}\s+name)\s*:\s*(?=\S)/iu;

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

/** "Thomas Miller", "MARY J. SMITH": two to four capitalised words. */
const PERSON_NAME = /^(?:\p{Lu}[\p{L}'’-]*\.?\s+){1,3}\p{Lu}[\p{L}'’-]+$/u;
/** "/s/ Jane Roe": a signature typed into a filed copy. */
const TYPED_SIGNATURE = /^\/s\/\s*(.*)$/i;
/** A line that signs or names the signer: a typed signature or a signature rule. */
const SIGNATURE_MARK = /^\/s\/|_{3,}/;
/** How far above a signature its block is read for whom the signer signs. */
const BLOCK_LINES = 4;

/**
 * The block above a signature at line `index`, column `column`, up to a blank line: an officer
 * signs for the organisation named there or after "By:"; nobody else signs in a person's own block.
 */
function signsForAnother(lines: readonly ModelLine[], index: number, column: number): boolean {
  for (let above = index - 1; above >= Math.max(0, index - BLOCK_LINES); above--) {
    const line = lines[above];
    if (!line || line.text.trim() === '') return false;
    const cell = line.cells.find((candidate) => Math.abs(candidate.start - column) <= MAX_COLUMN_SHIFT);
    if (!cell) continue;
    const text = cell.text.trim();
    if (SIGNATURE_MARK.test(text)) continue;
    return true;
  }
  return false;
}

/**
 * People who sign for themselves ("/s/ Jane Roe" over "JANE ROE", a name under a signature rule),
 * in a block of their own: no organisation's name and no "By:" above the signature.
 */
export function selfSigners(model: DocumentModel): { name: string; line: number }[] {
  const found: { name: string; line: number }[] = [];
  for (const line of model.lines) {
    for (const cell of line.cells) {
      const text = cell.text.trim();
      const typed = TYPED_SIGNATURE.exec(text);
      const over = model.lines[line.index - 1]?.cells.find(
        (candidate) => Math.abs(candidate.start - cell.start) <= MAX_COLUMN_SHIFT,
      );
      const under = !typed && over !== undefined && SIGNATURE_MARK.test(over.text.trim());
      const name = (typed ? (typed[1] ?? '') : under ? text : '').trim();
      // "By:      /s/ Chris Hermann": an officer's signature, its "By:" in a column of its own.
      if (/(?:^|\s)By\s*:?\s*$/i.test(line.text.slice(0, cell.start))) continue;
      if (!PERSON_NAME.test(name) || signsForAnother(model.lines, typed ? line.index : line.index - 1, cell.start))
        continue;
      const bare = name.toLowerCase();
      if (!found.some((known) => known.name.toLowerCase() === bare)) found.push({ name, line: line.index });
    }
  }
  return found;
}

export function signatoriesCandidate(model: DocumentModel, nameOf: (text: string) => string | null): Candidate[] {
  const names: string[] = [];
  let firstLine = -1;
  let lastLine = -1;
  const add = (printed: string, index: number) => {
    const text = printed.replace(NAME_LABEL, '');
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
  for (const person of selfSigners(model)) {
    if (names.some((known) => known.toLowerCase() === person.name.toLowerCase())) continue;
    names.push(person.name);
    if (firstLine < 0) firstLine = person.line;
    lastLine = Math.max(lastLine, person.line);
  }
  return partiesListCandidate(model, names, { first: firstLine, last: lastLine }, 0.4, 'none');
}
