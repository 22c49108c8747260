import type { Cell } from '../document-lines.js';
import type { LineSpan } from '../evidence.js';
import { STOP_WORDS } from '../lexicon/stop-words.js';
import type { DocumentModel, ModelLine } from '../model/document-model.js';
import { isSpeck } from '../model/form-text.js';
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

/** Marks a scan or a form's rules leave around a heading: bars, stars, quotes, dashes. */
const MARKS_AROUND = /^[\s|*"“”‘’'.,•·—–_-]+|[\s|*"“”‘’'•·—–_-]+$/g;

/** The line's one cell of writing (specks of the scan beside it left out), without marks around it. */
function soleCell(line: ModelLine): Cell | null {
  const cells = line.cells.filter((cell) => !isSpeck(cell.text));
  return cells.length === 1 ? (cells[0] as Cell) : null;
}

function soleText(line: ModelLine): string | null {
  return soleCell(line)?.text.replace(MARKS_AROUND, '') ?? null;
}

/**
 * How the line reads as a heading: 'capitals' (short, in capitals, no label or value on it), 'caption'
 * (the same ending in a colon with nothing after it: "SIGNATURES:"), 'title-case' (every word
 * capitalised: "Marketing Research Initiating Brief", only read so at the top), or null.
 */
function headingKind(line: ModelLine): 'capitals' | 'caption' | 'title-case' | null {
  const text = soleText(line);
  if (text === null || text.length > MAX_HEADING_LENGTH || text.split(/\s+/).length > MAX_HEADING_WORDS) return null;
  // A box left open at the end is a check box: "SHIPMENT [X", "TRANSFER (".
  if (/[[(<][^\])>]*$/.test(text)) return null;
  const colons = (text.match(/[:：]/g) ?? []).length;
  if (colons > 1 || (colons === 1 && !/[:：]$/.test(text))) return null;
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
  if (letters < MIN_HEADING_LETTERS || letters < LETTERS * visible || !/\p{L}{2,}\s+\p{L}{2,}|\p{L}{5,}/u.test(text))
    return null;
  if (capitals >= CAPITALS * letters) return colons === 1 ? 'caption' : 'capitals';
  return colons === 0 && isTitleCase(text) ? 'title-case' : null;
}

/** How far apart, in characters, the middles or starts of two lines of one heading may be. */
const WRAP_ALIGNMENT = 4;

/** Whether `next` carries on the heading on `line`: centred under it, or starting where it starts. */
function wrapsOnto(line: ModelLine, next: ModelLine): boolean {
  const span = (model: ModelLine) => {
    const cell = soleCell(model) ?? { start: 0, end: 0 };
    return { start: cell.start, middle: (cell.start + cell.end) / 2 };
  };
  const a = span(line);
  const b = span(next);
  return Math.abs(a.middle - b.middle) <= WRAP_ALIGNMENT || Math.abs(a.start - b.start) <= 2;
}

/** Words a title in title case takes at least (two capitalised words are as likely a name). */
const MIN_TITLE_CASE_WORDS = 3;

/**
 * Every word capitalised, but the joining words: "Product Planning - QX Launch Outline"; not a
 * sentence (a full stop at the end), a person's name (an initial: "Ann B. Smith") or a line that goes on.
 */
function isTitleCase(text: string): boolean {
  const words = text.split(/\s+/).filter((word) => /\p{L}{2}/u.test(word));
  if (/\.$/.test(text) || /(?:^|\s)\p{Lu}\.(?:\s|$)/u.test(text)) return false;
  // A title does not end in a joining word: "Marketing Agreement Between" goes on below.
  if (STOP_WORDS.has(words[words.length - 1]?.toLowerCase() ?? '')) return false;
  return (
    words.length >= MIN_TITLE_CASE_WORDS &&
    words.every((word) => /^[\p{Lu}\d]/u.test(word) || STOP_WORDS.has(word.toLowerCase()))
  );
}

function headingCandidate(lines: readonly ModelLine[], relation: string): Candidate {
  const first = lines[0] as ModelLine;
  const last = lines[lines.length - 1] as ModelLine;
  const text = lines.map((line) => soleText(line) ?? line.text.trim()).join(' ');
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
    let open: ModelLine[] | null = null;
    for (const line of model.lines) {
      if (line.block < 0) continue;
      const kind = headingKind(line);
      const top = line.page === 0 && line.rankOnPage < TITLE_LINES;
      if (kind === null || (kind === 'title-case' && (!top || title))) {
        open = null;
        continue;
      }
      // A heading that wraps goes on over the next heading line centred under it or aligned with it.
      const previous = open?.[open.length - 1];
      if (open && previous && kind === 'capitals' && line.index - previous.index <= 2 && wrapsOnto(previous, line)) {
        open.push(line);
        continue;
      }
      const group = [line];
      headings.push(group);
      open = kind === 'caption' ? null : group;
      if (!title && top && kind !== 'caption') title = group;
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
