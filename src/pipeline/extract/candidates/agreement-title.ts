import { AGREEMENT_NOUNS } from '../lexicon/contract-words.js';
import type { DocumentModel, ModelLine } from '../model/document-model.js';
import type { Candidate, CandidateGenerator, RelationSpec } from './candidate.js';

/**
 * An agreement's title: the heading near the top of its first page that names the instrument
 * ("DISTRIBUTOR AGREEMENT", "Master Franchise Agreement"), joined with the line above when the
 * heading runs over two lines ("FORM OF" / "MEDIA SUPPLY AGREEMENT").
 */

export const TITLE_RELATIONS: readonly RelationSpec[] = [
  {
    relation: 'title',
    propertyPhrases: [
      'agreement title',
      'contract title',
      'document title',
      'heading',
      'name of the agreement',
      'agreement name',
      'document name',
      'contract name',
    ],
  },
];

/** The title is among the first lines of the first page. */
const HEADING_LINES = 40;
const NOUN = new RegExp(`\\b(?:${AGREEMENT_NOUNS.join('|')})\\b`, 'i');
/** Lines near the top that are not the title: exhibit numbers, filing notes, page headers. */
const NOT_A_TITLE =
  /^(?:exhibit|schedule|annex|appendix|source|page|table of contents|confidential|execution|this|the following)\b/i;
/** A heading line that continues on the next one ends or begins with a connective ("FORM OF", "SUPPLY AND"). */
const CONTINUES = /(?:\b(?:of|and|for|to|the|on|in)|[&,-])$/i;
const CONTINUED = /^(?:of|and|for|to|&)\b/i;

function isCapitals(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (letters.length < 4) return false;
  const upper = letters.replace(/[^\p{Lu}]/gu, '').length;
  return upper / letters.length >= 0.8;
}

/** Title Case: every word of four letters or more capitalised. */
function isTitleCase(text: string): boolean {
  const words = text.split(/\s+/).filter((word) => /^\p{L}{4,}/u.test(word));
  return words.length > 0 && words.every((word) => /^\p{Lu}/u.test(word));
}

function headingOf(lines: readonly ModelLine[], index: number, line: string): { text: string; first: number } {
  const above = lines[index - 1];
  const aboveText = above?.text.trim() ?? '';
  const joins =
    above !== undefined &&
    above.page === lines[index]?.page &&
    aboveText !== '' &&
    aboveText.length <= 60 &&
    isCapitals(aboveText) === isCapitals(line) &&
    (CONTINUES.test(aboveText) || CONTINUED.test(line)) &&
    !NOT_A_TITLE.test(aboveText);
  return joins ? { text: `${aboveText} ${line}`, first: index - 1 } : { text: line, first: index };
}

/** Words a heading ends with that belong to the next line ("Marketing Agreement Between" / A and B). */
const TRAILING_CONNECTIVE = /\s+(?:by and between|between|by and among|among|by|dated|-|–)$/i;
/** A section number ("G. TERMINATION OF AGREEMENT", "12. Entire Agreement") marks a clause heading, not the title. */
const SECTION_NUMBER = /^(?:\p{Lu}|\d+(?:\.\d+)*|[IVX]+)[.)]\s/u;
/** Capitals that open a paragraph written on one line (a converted word-processor file): "MARKETING AGREEMENT This ...". */
const CAPITALS_PREFIX = /^(?:[Ee]xhibit\s+[\w.()-]+\s+)?((?:[\p{Lu}\p{N}&'’,/-]+\s+){0,10})/u;

/** The heading cell of a line: the cell naming the instrument, cut after its last noun when a note follows ("AGREEMENT - DR. X"). */
function headingText(line: ModelLine): string | null {
  const cell = line.cells.find((candidate) => NOUN.test(candidate.text))?.text.trim() ?? '';
  if (cell.length < 4 || NOT_A_TITLE.test(cell) || SECTION_NUMBER.test(cell)) return null;
  if (cell.length > 100) {
    const prefix = CAPITALS_PREFIX.exec(`${cell} `)?.[1]?.trim() ?? '';
    const nouns = [...prefix.matchAll(new RegExp(NOUN.source, 'gi'))];
    const last = nouns[nouns.length - 1];
    return last && isCapitals(prefix) ? prefix.slice(0, last.index + last[0].length) : null;
  }
  if (/[.;:]$/.test(cell) && !/\b(?:inc|ltd|no)\.$/i.test(cell)) return null;
  if (!isCapitals(cell) && !isTitleCase(cell)) return null;
  const dash = /\s+[-–]\s+/.exec(cell);
  const kept = dash && NOUN.test(cell.slice(0, dash.index)) ? cell.slice(0, dash.index) : cell;
  return kept.replace(TRAILING_CONNECTIVE, '');
}

export function titleCandidates(model: DocumentModel): Candidate[] {
  const candidates: Candidate[] = [];
  let seen = 0;
  for (const line of model.lines) {
    if (line.text.trim() === '') continue;
    if (seen++ >= HEADING_LINES) break;
    const text = headingText(line);
    if (!text) continue;
    const heading = headingOf(model.lines, line.index, text);
    const value = heading.text.replace(/\s+/g, ' ').replace(/[\s(,-]+$/, '');
    const first = candidates.length === 0;
    candidates.push({
      kind: 'text',
      value,
      raw: value,
      span: { line: heading.first, start: 0, endLine: line.index, end: line.text.length },
      kindConfidence: (isCapitals(value) ? 0.9 : 0.7) - (first ? 0 : 0.3) - (line.page > 0 ? 0.1 : 0),
      layout: 'letterhead',
      relations: ['title'],
      labelWords: [],
    });
  }
  return candidates;
}

export const agreementTitleGenerator: CandidateGenerator = {
  name: 'agreement-title',
  relations: TITLE_RELATIONS,
  generate: titleCandidates,
};
