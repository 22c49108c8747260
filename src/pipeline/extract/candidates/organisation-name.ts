import { AMBIGUOUS_LEGAL_FORM_PATTERN, LEGAL_FORM_PATTERN } from '../lexicon/legal-forms.js';
import {
  NAME_CONNECTORS,
  ORGANISATION_NAME_PROPERTY_PHRASES,
  ORGANISATION_NOUNS,
  REPORT_TITLE_WORDS,
} from '../lexicon/organisation-names.js';
import type { DocumentModel, ModelLine } from '../model/document-model.js';
import { parseOrganization } from '../parse-identifiers.js';
import { foldText } from '../text-tokens.js';
import type { Candidate, CandidateGenerator } from './candidate.js';
import { NAME_DETAIL_PHRASES } from './issuer.js';

/**
 * The document's own organisation: the name a report prints on its cover and repeats through its
 * pages. Each cell of the cover's first lines is read as a name when its words are capitalised
 * (small connectors aside) up to the words that begin a title ("Brookfield Reading Circle Trustees'
 * report" -> "Brookfield Reading Circle"); the more lines of the document repeat it, the surer it is, and
 * a name ending in an organisation noun or a legal form is surer than one that does not.
 */

/** The document's first non-blank lines, read as the cover (a short cover page runs on to the next). */
const COVER_LINES = 15;
const MIN_NAME_WORDS = 2;
const MAX_NAME_WORDS = 8;
const MIN_NAME_LETTERS = 6;
/** Lines of the document searched for repetitions, so that a very long report stays linear and bounded. */
const MAX_SEARCH_LINES = 20000;

const BASE_CONFIDENCE = 0.35;
/** Added per line repeating the name, up to MAX_COUNTED_REPEATS of them. */
const REPEAT_BONUS = 0.15;
const MAX_COUNTED_REPEATS = 3;
const NOUN_BONUS = 0.15;
const MIN_REPEATS_WITHOUT_NOUN = 2;
/** Less sure per line lower on the cover. */
const RANK_PENALTY = 0.02;

/** A word's letters, lower case and accents folded ("Trustees’" -> "trustees"). */
function letters(word: string): string {
  return foldText(word).replace(/[^\p{L}]+/gu, '');
}

/** The name at the start of a cover cell, or null when the cell is prose, a label or a title. */
export function nameAtStart(text: string): string | null {
  const kept: string[] = [];
  for (const match of text.matchAll(/\S+/g)) {
    const word = match[0];
    const bare = letters(word);
    if (/[\d:@/]/.test(word) || REPORT_TITLE_WORDS.has(bare)) break;
    if (NAME_CONNECTORS.has(bare) || word === '&') {
      kept.push(word);
      continue;
    }
    // A lower-case word is prose ("The aim and use of the funds"), not a name.
    if (!/^[("'‘“]?\p{Lu}/u.test(word)) return null;
    kept.push(word);
  }
  while (kept.length > 0 && NAME_CONNECTORS.has(letters(kept.at(-1) ?? ''))) kept.pop();
  // A name starts with a capitalised word or "The", not with a bracket or "For the year".
  const first = kept[0] ?? '';
  if (/^[(]/.test(first) || (NAME_CONNECTORS.has(letters(first)) && letters(first) !== 'the')) return null;
  const name = kept.join(' ').replace(/[,;.–-]+$/, '');
  const words = name.split(' ').filter((word) => letters(word) !== '');
  if (words.length < MIN_NAME_WORDS || words.length > MAX_NAME_WORDS) return null;
  // Initials ("D Whitlow") make a person's name.
  if (words.some((word) => letters(word).length === 1)) return null;
  if (letters(name).length < MIN_NAME_LETTERS) return null;
  return name;
}

function squeezed(text: string): string {
  return foldText(text).replace(/[^\p{L}\p{N}]+/gu, '');
}

/** How many of the lines (squeezed of spaces and punctuation) hold the name. */
function linesHolding(squeezedLines: readonly string[], name: string): number {
  const wanted = squeezed(name);
  let count = 0;
  for (const line of squeezedLines) if (line.includes(wanted)) count++;
  return count;
}

function endsInOrganisationNoun(name: string): boolean {
  const last = letters(name.split(' ').at(-1) ?? '');
  return ORGANISATION_NOUNS.has(last) || parseOrganization(name) !== null;
}

/** A line that is a legal form alone ("LIMITED", "Ltd.", "CIO"). */
const LEGAL_FORM_LINE = new RegExp(`^(?:${LEGAL_FORM_PATTERN}|${AMBIGUOUS_LEGAL_FORM_PATTERN})\\.?$`, 'iu');
/** How far a legal form printed under a name may stand from the name's column (a centred cover). */
const FORM_COLUMN_SLACK = 12;

/**
 * The legal form printed alone on the line under a cover's name, which ends the name ("BEER
 * HOUSE" / "LIMITED"): its text and where it ends. Null when the next line is anything else.
 */
function legalFormUnder(
  model: DocumentModel,
  line: ModelLine,
  column: number,
): { text: string; line: number; end: number } | null {
  const next = model.lines[line.index + 1];
  if (!next || next.block !== line.block || next.cells.length !== 1) return null;
  const cell = next.cells[0];
  if (!cell || Math.abs(cell.start - column) > FORM_COLUMN_SLACK || !LEGAL_FORM_LINE.test(cell.text)) return null;
  return { text: cell.text, line: next.index, end: cell.end };
}

function coverNames(model: DocumentModel): Candidate[] {
  const cover: ModelLine[] = model.lines.filter((line) => line.block >= 0).slice(0, COVER_LINES);
  const found: Candidate[] = [];
  let squeezedLines: string[] | null = null;
  for (const [rank, line] of cover.entries()) {
    for (const cell of line.cells) {
      const own = nameAtStart(cell.text);
      if (!own) continue;
      const form = legalFormUnder(model, line, cell.start);
      const name = form ? `${own} ${form.text}` : own;
      squeezedLines ??= model.lines.slice(0, MAX_SEARCH_LINES).map((other) => squeezed(other.text));
      const repeats = Math.min(MAX_COUNTED_REPEATS, linesHolding(squeezedLines, name) - 1);
      const noun = endsInOrganisationNoun(name);
      // Capitalised words alone ("Hall Rentals") name an organisation only when the document keeps repeating them.
      if (!noun && repeats < MIN_REPEATS_WITHOUT_NOUN) continue;
      const confidence = BASE_CONFIDENCE + REPEAT_BONUS * repeats + (noun ? NOUN_BONUS : 0) - RANK_PENALTY * rank;
      const start = line.text.indexOf(name, cell.start);
      found.push({
        kind: 'organization',
        value: name,
        raw: name,
        span: form
          ? { line: line.index, start, endLine: form.line, end: form.end }
          : { line: line.index, start, endLine: line.index, end: start + name.length },
        kindConfidence: Math.round(Math.max(0, Math.min(1, confidence)) * 100) / 100,
        layout: 'letterhead',
        relations: ['organisation_name'],
        labelWords: [],
        onlyWhenAsked: true,
      });
    }
  }
  return found;
}

export const organisationNameGenerator: CandidateGenerator = {
  name: 'organisation-name',
  relations: [
    {
      relation: 'organisation_name',
      propertyPhrases: ORGANISATION_NAME_PROPERTY_PHRASES,
      excludedBy: NAME_DETAIL_PHRASES,
    },
  ],
  generate: coverNames,
};
