import type { LineSpan } from '../evidence.js';
import type { DocumentModel, ModelLine } from '../model/document-model.js';
import type { Candidate, CandidateGenerator } from './candidate.js';

/**
 * A form's headings: its title (the first prominent lines of the first page, printed in capitals,
 * a heading that wraps joined into one) and its section headings (short lines in capitals that
 * hold no label and no value), top to bottom, the title first.
 */

/** The title is among the first lines of the first page. */
const TITLE_LINES = 8;
const MAX_HEADING_WORDS = 12;
const MIN_HEADING_LETTERS = 4;
/** Of a heading's letters, at least this share are capitals. */
const CAPITALS = 0.8;
/** Of a heading's visible characters, at least this share are letters. */
const LETTERS = 0.6;

/** A heading is short: longer lines are prose or rows of a table. */
const MAX_HEADING_LENGTH = 120;

function isHeading(line: ModelLine): boolean {
  if (line.cells.length !== 1) return false;
  const text = line.text.trim();
  if (text.length > MAX_HEADING_LENGTH || /[:：]/.test(text) || text.split(/\s+/).length > MAX_HEADING_WORDS)
    return false;
  let letters = 0;
  let capitals = 0;
  let visible = 0;
  for (const char of text) {
    if (char === ' ') continue;
    visible++;
    const lower = char.toLowerCase();
    if (lower === char.toUpperCase()) continue;
    letters++;
    if (char !== lower) capitals++;
  }
  return (
    letters >= MIN_HEADING_LETTERS &&
    capitals >= CAPITALS * letters &&
    letters >= LETTERS * visible &&
    /\p{L}{2,}\s+\p{L}{2,}|\p{L}{5,}/u.test(text)
  );
}

function headingCandidate(lines: readonly ModelLine[], relation: string): Candidate {
  const first = lines[0] as ModelLine;
  const last = lines[lines.length - 1] as ModelLine;
  const text = lines.map((line) => line.text.trim()).join(' ');
  const span: LineSpan = {
    line: first.index,
    start: first.text.length - first.text.trimStart().length,
    endLine: last.index,
    end: last.text.trimEnd().length,
  };
  return {
    kind: 'text',
    value: text,
    raw: text,
    span,
    kindConfidence: 0.7,
    layout: 'letterhead',
    relations: [relation],
    labelWords: [],
  };
}

export const formHeadings: CandidateGenerator = {
  name: 'form-headings',
  relations: [
    {
      relation: 'document_title',
      propertyPhrases: ['title', 'main heading', 'heading', 'form title', 'document title'],
    },
    {
      relation: 'section_headings',
      propertyPhrases: ['headers', 'headings', 'section titles', 'section headings', 'section title', 'header'],
    },
  ],
  generate(model: DocumentModel): Candidate[] {
    const headings: ModelLine[][] = [];
    let title: ModelLine[] | null = null;
    let titleOpen = true;
    for (const line of model.lines) {
      if (line.block < 0) continue;
      if (!isHeading(line)) {
        if (title) titleOpen = false;
        continue;
      }
      // A title runs over the consecutive heading lines at the top, blank lines between them or not.
      if (title && titleOpen) {
        title.push(line);
        continue;
      }
      headings.push([line]);
      if (!title && line.page === 0 && line.rankOnPage < TITLE_LINES)
        title = headings[headings.length - 1] as ModelLine[];
    }
    const candidates: Candidate[] = [];
    if (title) candidates.push(headingCandidate(title, 'document_title'));
    const sections = headings.map((lines) => headingCandidate(lines, 'section_headings'));
    const first = sections[0];
    if (first) {
      candidates.push({
        ...first,
        value: sections.map((section) => section.value as string),
        raw: sections.map((section) => section.raw).join('\n'),
        span: {
          ...first.span,
          endLine: sections.at(-1)?.span.endLine ?? first.span.endLine,
          end: sections.at(-1)?.span.end ?? first.span.end,
        },
      });
    }
    return candidates;
  },
};
