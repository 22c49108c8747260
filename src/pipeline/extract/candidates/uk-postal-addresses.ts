import type { Cell } from '../document-lines.js';
import type { LineSpan } from '../evidence.js';
import {
  ADVISER_LABELS,
  MISREAD_POSTCODE,
  OFFICE_ADDRESS_LABELS,
  POSTCODE_DIGIT_FOR,
  STREET_WORDS,
  UK_COUNTIES,
  UK_POSTCODE,
} from '../lexicon/uk-postal-address.js';
import type { DocumentModel, ModelLine } from '../model/document-model.js';
import type { Candidate, CandidateGenerator, LayoutRelation, Relation } from './candidate.js';
import { phrasePattern } from './phrase-pattern.js';

/**
 * UK postal addresses, found by their postcode: the address block that ends in it (lines above it
 * in the same column, or comma-separated parts on its line), with its street line (a house number
 * or a street word) and its post town (the part after the street). A block under or beside a label
 * such as "Principal office" is the organisation's own address.
 */

/** Lines above a postcode an address block may take. */
const MAX_BLOCK_LINES = 6;
/** Lines above a block where its label may be. */
const LABEL_LINES = 3;
/** A letterhead address is among the first lines of the first page. */
const LETTERHEAD_LINES = 15;
const OFFICE_LABEL = new RegExp(`\\b(?:${phrasePattern(OFFICE_ADDRESS_LABELS)})\\b`, 'i');
const ADVISER_LABEL = new RegExp(`^(?:${phrasePattern(ADVISER_LABELS)})\\b`, 'i');
/** Lines above a block where an adviser's label may head it (over the blocks of several firms). */
const ROLE_LINES = 10;
/** How strongly an adviser's label says its block is not the organisation's address. */
const ADVISER_CONFLICT = 0.5;
const HOUSE_NUMBER = /^\d+[A-Za-z]?(?:\s*[-–]\s*\d+[A-Za-z]?)?,?\s+\p{L}/u;
/** An address line is short; a longer one is prose. */
const MAX_PART_LENGTH = 60;

export interface Part {
  readonly text: string;
  readonly span: LineSpan;
}

export function isStreet(text: string): boolean {
  const last =
    text
      .toLowerCase()
      .split(/[\s,.]+/)
      .filter(Boolean)
      .at(-1) ?? '';
  return HOUSE_NUMBER.test(text) || STREET_WORDS.has(last);
}

/** The street that ends a stretch of prose: "... is located at 12 Mill Lane" -> "12 Mill Lane". */
const STREET_AT_END = /(?:\d+[A-Za-z]?(?:\s*[-–]\s*\d+[A-Za-z]?)?\s+)?(?:\p{Lu}[\p{L}'’-]*\s+){0,3}\p{Lu}[\p{L}'’-]*$/u;
/** The capitalised words that end a line, which a street name wrapped onto the next line starts with. */
const NAME_AT_END = /(?:\d+[A-Za-z]?\s+)?(?:\p{Lu}[\p{L}'’-]*\s+){0,2}\p{Lu}[\p{L}'’-]*$/u;

/** Comma-separated parts of a stretch of a line; a long one (prose) keeps the street it ends with. */
function partsOf(line: number, text: string, offset: number): Part[] {
  const parts: Part[] = [];
  for (const match of text.matchAll(/[^,]+/g)) {
    const raw = match[0];
    let trimmed = raw.trim();
    if (trimmed.length > MAX_PART_LENGTH && isStreet(trimmed)) trimmed = STREET_AT_END.exec(trimmed)?.[0] ?? trimmed;
    if (trimmed === '' || trimmed.length > MAX_PART_LENGTH) continue;
    const start = offset + (match.index ?? 0) + raw.trimEnd().length - trimmed.length;
    parts.push({
      text: trimmed.replace(/[.;]$/, ''),
      span: { line, start, endLine: line, end: start + trimmed.length },
    });
  }
  return parts;
}

/**
 * "... located at Ashford" / "Road, Marlow, SL7 2QT": a street word alone at the start of the
 * postcode's line, in prose, goes on from the capitalised words that end the line above.
 */
function wrappedStreet(model: DocumentModel, line: ModelLine, first: Part | undefined): Part | null {
  if (!first || first.span.start !== line.text.length - line.text.trimStart().length) return null;
  if (!STREET_WORDS.has(first.text.toLowerCase())) return null;
  const previous = model.lines[line.index - 1];
  if (!previous || previous.block !== line.block) return null;
  const text = previous.text.trimEnd();
  const name = NAME_AT_END.exec(text);
  if (!name || name.index === 0) return null;
  return {
    text: `${name[0]} ${first.text}`,
    span: { line: previous.index, start: name.index, endLine: line.index, end: first.span.end },
  };
}

/** The cell of a line above that starts in the postcode's column. */
function cellAbove(line: ModelLine, column: number): Cell | undefined {
  return line.cells.find((cell) => Math.abs(cell.start - column) <= 4 || (cell.start <= column && cell.end > column));
}

/** The address parts before a postcode, top to bottom, and the first line of the block. */
function blockBefore(model: DocumentModel, line: ModelLine, postcodeStart: number): { parts: Part[]; first: number } {
  const onLine = line.text.slice(0, postcodeStart);
  const cell = [...line.cells].reverse().find((candidate) => candidate.start < postcodeStart);
  const sameCell = cell && cell.end >= postcodeStart - 1 ? onLine.slice(cell.start) : '';
  const own = partsOf(line.index, sameCell, cell?.start ?? 0);
  const wrapped = wrappedStreet(model, line, own[0]);
  if (wrapped) return { parts: [wrapped, ...own.slice(1)], first: wrapped.span.line };
  if (own.length >= 2 || sameCell.includes(',')) return { parts: own, first: line.index };
  const column = cell && sameCell.trim() !== '' ? cell.start : postcodeStart;
  const above: Part[] = [];
  let first = line.index;
  for (let index = line.index - 1; index >= 0 && line.index - index <= MAX_BLOCK_LINES; index--) {
    const previous = model.lines[index] as ModelLine;
    if (previous.block !== line.block) break;
    const aligned = cellAbove(previous, column);
    if (!aligned || aligned.text.length > MAX_PART_LENGTH || /\d{4,}|@|www\.|\b(?:tel|fax)\b/i.test(aligned.text))
      break;
    above.unshift(...partsOf(index, aligned.text, aligned.start));
    first = index;
  }
  return { parts: [...above, ...own], first };
}

/** Whose address a block is, by the label nearest above it: the organisation's office, an adviser's, or unsaid. */
export type BlockRole = 'office' | 'adviser' | null;

/**
 * The role of the block that runs from line `first` to the postcode's line: an office label on
 * those lines or just above them, or an adviser's label ("Bankers", "Solicitors") starting a
 * column there or further up, where one label heads the blocks of several firms. The nearest wins.
 */
function blockRole(model: DocumentModel, line: ModelLine, first: number): BlockRole {
  for (let index = line.index; index >= 0 && first - index <= ROLE_LINES; index--) {
    const above = model.lines[index];
    if (!above) continue;
    if (above.cells.some((cell) => ADVISER_LABEL.test(cell.text))) return 'adviser';
    if (first - index <= LABEL_LINES && OFFICE_LABEL.test(above.text)) return 'office';
  }
  return null;
}

function candidate(
  kind: Candidate['kind'],
  part: Part,
  confidence: number,
  block: AddressBlock,
  relations: Relation[],
): Candidate {
  return {
    kind,
    value: part.text,
    raw: part.text,
    span: part.span,
    kindConfidence: confidence,
    layout: block.layout,
    relations,
    labelWords: [],
    group: block.group,
    ...(block.role === 'adviser' ? { conflict: ADVISER_CONFLICT } : {}),
  };
}

/** An address block as read: its parts before the postcode, top to bottom, and whose it is. */
export interface AddressBlock {
  readonly parts: readonly Part[];
  readonly postcode: Part;
  readonly role: BlockRole;
  readonly layout: LayoutRelation;
  /** Shared by every candidate of the block. */
  readonly group: string;
}

/** The postcode, street line, post towns and the whole address of a block, as candidates of one group. */
export function blockCandidates(block: AddressBlock): Candidate[] {
  const { parts, postcode, role, layout } = block;
  const office = role === 'office';
  const shared: Relation[] = office ? ['office_address'] : [];
  const confidence = office ? 0.9 : 0.7;
  // An office label or the letterhead says the block is the organisation's own.
  const ownConfidence = office ? 0.95 : layout === 'letterhead' ? 0.85 : 0.7;
  const candidates = [candidate('place', postcode, ownConfidence, block, ['postcode', ...shared])];
  let streetAt = parts.length - 1;
  while (streetAt >= 0 && !isStreet((parts[streetAt] as Part).text)) streetAt--;
  if (streetAt >= 0) {
    candidates.push(candidate('address', parts[streetAt] as Part, confidence, block, ['street_line', ...shared]));
  }
  // The post town is the last part before the postcode that is not a county; a locality may come
  // between it and the street.
  const after = parts.slice(streetAt + 1).filter((part) => !/\d/.test(part.text));
  const towns = after.filter((part) => !UK_COUNTIES.has(part.text.toLowerCase().replace(/[.,]/g, '').trim())).reverse();
  towns.forEach((town, rank) => {
    candidates.push(candidate('place', town, confidence * (rank === 0 ? 1 : 0.7), block, ['post_town', ...shared]));
  });
  const whole = [...parts, postcode];
  const head = whole[0] as Part;
  candidates.push(
    candidate(
      'address',
      {
        text: whole.map((part) => part.text).join(', '),
        span: { line: head.span.line, start: head.span.start, endLine: postcode.span.line, end: postcode.span.end },
      },
      confidence,
      block,
      ['postal_address', ...shared],
    ),
  );
  return candidates;
}

function addressCandidates(model: DocumentModel, line: ModelLine, match: RegExpMatchArray): Candidate[] {
  const start = match.index ?? 0;
  const postcode: Part = {
    text: `${match[1]} ${match[2]}`,
    span: { line: line.index, start, endLine: line.index, end: start + match[0].length },
  };
  const { parts, first } = blockBefore(model, line, start);
  return blockCandidates({
    parts,
    postcode,
    role: blockRole(model, line, first),
    layout: line.page === 0 && line.rankOnPage < LETTERHEAD_LINES ? 'letterhead' : 'none',
    group: `postcode:${line.index}:${start}`,
  });
}

/** A postcode OCR misread at the end of its line, read as printed would have it; null when none. */
function misreadPostcode(text: string): RegExpMatchArray | null {
  const match = text.match(MISREAD_POSTCODE);
  if (!match || match.index === undefined) return null;
  const [, outward = '', inward = ''] = match;
  const read = (POSTCODE_DIGIT_FOR[inward[0] ?? ''] ?? '') + inward.slice(1);
  if (!/^\d[A-Z]{2}$/.test(read)) return null;
  const leading = match[0].length - match[0].trimStart().length;
  const corrected = Object.assign([match[0].trim(), outward, read], { index: match.index + leading });
  return corrected as unknown as RegExpMatchArray;
}

export const ukPostalAddresses: CandidateGenerator = {
  name: 'uk-postal-addresses',
  relations: [
    { relation: 'postcode', propertyPhrases: ['postcode', 'post code', 'postal code', 'zip', 'zip code'] },
    { relation: 'post_town', propertyPhrases: ['post town', 'town', 'city', 'locality'] },
    { relation: 'street_line', propertyPhrases: ['street', 'street line', 'address line', 'street address'] },
    {
      relation: 'postal_address',
      propertyPhrases: ['address', 'postal address'],
      // A part of the address asks for its part, not the whole block.
      excludedBy: ['street', 'line', 'town', 'city', 'postcode', 'post code', 'zip', 'county', 'country'],
    },
    {
      relation: 'office_address',
      propertyPhrases: ['principal office', 'registered office', 'head office', 'principal address', 'office'],
    },
  ],
  generate(model: DocumentModel): Candidate[] {
    const candidates: Candidate[] = [];
    for (const line of model.lines) {
      if (line.block < 0 || line.text.length > 400) continue;
      let found = false;
      for (const match of line.text.matchAll(UK_POSTCODE)) {
        found = true;
        candidates.push(...addressCandidates(model, line, match));
      }
      const misread = found ? null : misreadPostcode(line.text);
      if (misread) candidates.push(...addressCandidates(model, line, misread));
    }
    return candidates;
  },
};
