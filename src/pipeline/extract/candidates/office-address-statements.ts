import { OFFICE_ADDRESS_PHRASES, UK_COUNTIES } from '../lexicon/uk-postal-address.js';
import { type DocumentModel, streamSpan } from '../model/document-model.js';
import type { Candidate, CandidateGenerator } from './candidate.js';
import { phrasePattern } from './phrase-pattern.js';
import { blockCandidates, isStreet, type Part } from './uk-postal-addresses.js';

/**
 * An organisation's own address stated in prose: "The principal place of business is 58 Kiln Lane
 * London N1 2AB", "Its registered office is at Unit 2, Dock Lane, Hull, HU1 3AB". Read from the
 * prose stream, so an address wrapped across lines (a postcode split over two) reads as one; its
 * parts are the organisation's office address, like a block under a "Registered office" label.
 */

/** The statement, up to where its address starts. */
const STATEMENT = new RegExp(
  `\\b(?:${phrasePattern(OFFICE_ADDRESS_PHRASES)})\\b(?:\\s+of\\s+the\\s+\\p{L}+)?\\s*(?:is|are|was|:)\\s+(?:(?:situated|located|based)\\s+)?(?:at\\s+)?`,
  'giu',
);
/** An address is short: its postcode comes within this many characters of the statement. */
const MAX_ADDRESS = 120;
/** The address, then its postcode (whose two codes may be split by a line break: one space in the stream). */
const ADDRESS_THEN_POSTCODE = /^([^.;:!?()]*?)[\s,]*\b([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})\b/;
/** Words of a post town, at most, when no comma separates it from the street. */
const TOWN_WORDS = 4;

interface Word {
  readonly text: string;
  readonly start: number;
}

function wordsOf(text: string, offset: number): Word[] {
  return [...text.matchAll(/\S+/g)].map((match) => ({ text: match[0], start: offset + (match.index ?? 0) }));
}

/**
 * The parts of an address printed without commas ("12 Mill Lane Leeds"): the street up to
 * its last street word, then the town, less a county at its end.
 */
function partsOfWords(words: readonly Word[], part: (from: number, to: number) => Part): Part[] {
  let street = -1;
  for (let index = words.length - 1; index >= 0 && street < 0; index--) {
    if (isStreet((words[index] as Word).text.replace(/[.,]$/, ''))) street = index;
  }
  const parts: Part[] = [];
  if (street >= 0) parts.push(part(0, street + 1));
  let end = words.length;
  for (let from = street + 1; from < end; from++) {
    const tail = words
      .slice(from, end)
      .map((word) => word.text.toLowerCase().replace(/[.,]/g, ''))
      .join(' ');
    if (UK_COUNTIES.has(tail)) end = from;
  }
  if (end > street + 1 && end - street - 1 <= TOWN_WORDS) parts.push(part(street + 1, end));
  return parts;
}

function statementCandidates(model: DocumentModel, at: number): Candidate[] {
  const { text } = model.prose;
  const following = text.slice(at, at + MAX_ADDRESS);
  const match = ADDRESS_THEN_POSTCODE.exec(following);
  if (!match) return [];
  const address = match[1] ?? '';
  const postcodeAt = at + match[0].lastIndexOf(match[2] ?? '');
  const postcode: Part = {
    text: `${match[2]} ${match[3]}`,
    span: streamSpan(model.prose, postcodeAt, at + match[0].length),
  };
  const part = (start: number, end: number): Part => {
    const raw = text.slice(start, end);
    const trimmed = raw.trim().replace(/[.,;]$/, '');
    const from = start + raw.length - raw.trimStart().length;
    return { text: trimmed, span: streamSpan(model.prose, from, from + trimmed.length) };
  };
  let parts: Part[];
  if (address.includes(',')) {
    parts = [];
    for (const piece of address.matchAll(/[^,]+/g)) {
      const start = at + (piece.index ?? 0);
      if (piece[0].trim() !== '') parts.push(part(start, start + piece[0].length));
    }
  } else {
    const words = wordsOf(address, at);
    parts = partsOfWords(words, (from, to) => {
      const last = words[to - 1] as Word;
      return part((words[from] as Word).start, last.start + last.text.length);
    });
  }
  if (parts.length === 0) return [];
  return blockCandidates({
    parts,
    postcode,
    role: 'office',
    layout: 'prose',
    group: `office-statement:${at}`,
  });
}

export const officeAddressStatements: CandidateGenerator = {
  name: 'office-address-statements',
  // The relations are the postal address generator's (street_line, post_town, postcode, office_address).
  relations: [],
  generate(model: DocumentModel): Candidate[] {
    const candidates: Candidate[] = [];
    for (const statement of model.prose.text.matchAll(STATEMENT)) {
      candidates.push(...statementCandidates(model, (statement.index ?? 0) + statement[0].length));
    }
    return candidates;
  },
};
