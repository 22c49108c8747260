import { PLACE_WORDS } from '../lexicon/address-words.js';
import { BUSINESS_NOUNS } from '../lexicon/letterhead.js';
import type { DocumentModel, ModelLine } from '../model/document-model.js';
import { parseOrganization } from '../parse-identifiers.js';
import type { Candidate, CandidateGenerator } from './candidate.js';
import {
  closesAddress,
  endsWithHouseNumber,
  isAddressLine,
  isShortPostcodeLine,
  LETTERHEAD_LINES,
  type LetterheadLine,
  letterheadLines,
  namesPlace,
  placeOverContacts,
  repeatsAsStart,
  startsWithHouseNumber,
  startsWithPostcode,
  trimmedText,
} from './letterhead-lines.js';
import { hasAnyPhrase, labelWordsOf, phraseText } from './phrase-match.js';

/**
 * Postal addresses as whole values. The letterhead's address is the block of lines under the
 * issuer's name, from its first address line (a street with a number, a postcode, a state or
 * country) to the line that ends the letterhead (a phone, tax or registration number, a date),
 * with short lines of letters in between (a district or city) and a building line just above;
 * it is the 'issuer_address'. An address after an "Address:" label is read with the address lines
 * under it.
 */

/** Words of a property that asks for one part of an address, not the whole of it. */
const ADDRESS_PARTS = [
  'additional',
  'line',
  'district',
  'region',
  'province',
  'number',
  'street',
  'zip',
  'postal code',
  'postcode',
  'city',
  'country',
  'state',
];
/** How sure a place line without an address's shape is the address (see placeOverContacts). */
const PLACE_CONFIDENCE = 0.5;
/** Lines an address block spans, at most. */
const MAX_BLOCK = 6;
/** Words of a town's name printed alone under its street, at most. */
const TOWN_WORDS = 3;
/** Words of a line without an address shape that may still continue one (a district, a unit). */
const MAX_CONTINUATION_WORDS = 6;
const ADDRESS_LABELS = [
  'address',
  'addr',
  'alamat',
  'adresse',
  'direccion',
  'indirizzo',
  'endereco',
  'adres',
  'location',
];

/** Lines joined with ", " unless the line already ends with a comma. */
function joinLines(parts: readonly string[]): string {
  return parts.reduce(
    (joined, part) => (joined === '' ? part : /[,;]$/.test(joined) ? `${joined} ${part}` : `${joined}, ${part}`),
    '',
  );
}

function blockCandidate(
  parts: readonly LetterheadLine[],
  confidence: number,
  relations: string[],
  label: string,
): Candidate {
  const first = parts[0] as LetterheadLine;
  const last = parts[parts.length - 1] as LetterheadLine;
  return {
    kind: 'address',
    value: joinLines(parts.map((part) => part.text)),
    raw: parts.map((part) => part.line.text.slice(part.start, part.end)).join('\n'),
    span: { line: first.line.index, start: first.start, endLine: last.line.index, end: last.end },
    kindConfidence: confidence,
    layout: relations.includes('issuer_address') ? 'letterhead' : 'same-line',
    relations,
    labelWords: labelWordsOf(phraseText(label)),
  };
}

/** A district or unit line inside an address block; a caption ("Address:") is not one. */
function isContinuation(entry: LetterheadLine): boolean {
  if (entry.role !== 'name' && entry.role !== 'other') return false;
  return entry.text.split(/\s+/).length <= MAX_CONTINUATION_WORDS && !/[:：]/.test(entry.text);
}

function hasTradeNoun(text: string): boolean {
  return phraseText(text)
    .trim()
    .split(' ')
    .some((word) => BUSINESS_NOUNS.has(word));
}

function letterheadAddress(model: DocumentModel): Candidate[] {
  const block = letterheadAddressLines(model);
  if (block.length === 0) return [];
  // No address line: the place printed between the name and the phone is the address, less surely.
  const confidence = block.every((entry) => entry.role !== 'address') ? PLACE_CONFIDENCE : block.length > 1 ? 0.8 : 0.6;
  return [blockCandidate(block, confidence, ['issuer_address'], '')];
}

const blocks = new WeakMap<DocumentModel, readonly LetterheadLine[]>();

/** The lines of the letterhead's address block, top to bottom; none when the letterhead has no address. */
export function letterheadAddressLines(model: DocumentModel): readonly LetterheadLine[] {
  const cached = blocks.get(model);
  if (cached) return cached;
  const block = addressBlock(model);
  blocks.set(model, block);
  return block;
}

function addressBlock(model: DocumentModel): LetterheadLine[] {
  const entries = letterheadLines(model);
  const firstAddress = entries.findIndex((entry) => entry.role === 'address');
  if (firstAddress < 0) {
    const place = placeOverContacts(model);
    return place ? [place] : [];
  }
  const block = blockFrom(entries, firstAddress);
  // A branch's town and state alone ("Millbrook, OH") over a whole address (its street, town and
  // ZIP code) names the branch; the address is the one under it.
  const [only] = block;
  const next = entries[firstAddress + 1];
  if (
    block.length === 1 &&
    only &&
    !/\d/.test(only.text) &&
    next?.role === 'address' &&
    startsWithHouseNumber(next.text)
  ) {
    const under = blockFrom(entries, firstAddress + 1);
    if (under.length > 1) return under;
  }
  return block;
}

/** Words of a district and its town on one line ("Elm Phase 2, Tarnley"), at most. */
const DISTRICT_TOWN_WORDS = 5;

/** A district and its town parted by one comma, the town's name last in letters ("Elm Phase 2, Tarnley"). */
function isDistrictAndTown(text: string): boolean {
  return (
    /^[^,]*\p{L}[^,]*,\s*\p{Lu}[\p{L}'’.\- ]*\p{L}\.?$/u.test(text) &&
    text.split(/\s+/).length <= DISTRICT_TOWN_WORDS &&
    !hasTradeNoun(text)
  );
}

function blockFrom(entries: readonly LetterheadLine[], firstAddress: number): LetterheadLine[] {
  const block: LetterheadLine[] = [entries[firstAddress] as LetterheadLine];
  const firstName = entries.findIndex((entry) => entry.role === 'name');
  // Lines just above naming a building, a floor or a street without its number ("3RD FLR, AEON
  // MALL" / "JLN JEJAKA, TAMAN MALURI") start the block, up to the issuer's name.
  // A house number and a name just above the first address line is the street ("1480 LINDEN AVE").
  // The branch's town over the line it starts ("Ogden" / "Ogden, UT 84401") is the address's
  // first line, even where it is the letterhead's only name line.
  const first = entries[firstAddress] as LetterheadLine;
  const townAbove = firstAddress > 0 && repeatsAsStart(entries[firstAddress - 1] as LetterheadLine, first);
  const top = townAbove ? Math.min(firstName, firstAddress - 1) - 1 : firstName;
  for (let above = firstAddress - 1; above > top && block.length < MAX_BLOCK; above--) {
    const entry = entries[above] as LetterheadLine;
    // A street named before its number over the postcode and town ("Kanaalweg 12/14" / "3511 AB Utrecht").
    const europeanStreet =
      above === firstAddress - 1 &&
      startsWithPostcode(first.text) &&
      endsWithHouseNumber(entry.line.text.trim()) &&
      !hasTradeNoun(entry.text);
    if (europeanStreet) {
      block.unshift({ ...entry, role: 'address', text: entry.line.text.trim() });
      break;
    }
    // A house number and a street of one short word after its compass point ("2930 N ELM") has
    // too few words to read as a name; without the noise at its margins it is the street.
    const bare = entry.role === 'other' ? trimmedText(entry.line) : null;
    const own = bare ? { ...entry, role: 'name' as const, ...bare } : entry;
    // (A line in brackets names a branch: "(SEKSYEN 7)".)
    if (own.role !== 'name' || parseOrganization(own.text) || /^\(.*\)$/.test(entry.line.text.trim())) break;
    // (A trade noun makes it a name: "24 HOUR STORE".)
    const street = above === firstAddress - 1 && startsWithHouseNumber(own.text) && !hasTradeNoun(own.text);
    const town = above === firstAddress - 1 && townAbove;
    if (bare && !street) break;
    if (!street && !town && !namesPlace(own.text)) break;
    block.unshift(bare ? { ...own, role: 'address' } : entry);
  }
  let closed = block.some((entry) => closesAddress(entry.text));
  let following: LetterheadLine | undefined;
  for (let next = firstAddress + 1; next < entries.length && block.length < MAX_BLOCK; next++) {
    const entry = entries[next] as LetterheadLine;
    following = entries[next + 1];
    // After its city, region and postcode ("Dayton, OH 45402") an address goes on only with its country.
    if (closed && !hasAnyPhrase(phraseText(entry.text), PLACE_WORDS)) break;
    if (entry.role === 'address' || isContinuation(entry)) block.push(entry);
    else break;
    closed ||= closesAddress(entry.text);
    if (following?.line === entry.line) break; // the rest of the line ends the letterhead
  }
  // Trailing short lines of letters belong to the block only when an address line follows them;
  // a short postcode and its town ends one, and so does a town alone under a street line where
  // the letterhead ends ("73 Bridge Street" / "Kilmoran" / phone), or a district and its town parted
  // by a comma ("Unit 4, Elm Point" / "Elm Phase 2, Tarnley" / phone).
  const town = (entry: LetterheadLine) =>
    block[0]?.role === 'address' &&
    entry.role === 'name' &&
    ((underStreet(block, entry) && entry.text.split(/\s+/).length <= TOWN_WORDS && following?.role === 'end') ||
      (isDistrictAndTown(entry.text) && entries[entries.indexOf(entry) + 1]?.role === 'end'));
  while (block.length > 1) {
    const last = block[block.length - 1] as LetterheadLine;
    if (last.role === 'address' || isShortPostcodeLine(last.text) || town(last)) break;
    block.pop();
  }
  return block;
}

/** The entry ends the block under a street line (an address line that closes nothing: no town, region or postcode). */
function underStreet(block: readonly LetterheadLine[], entry: LetterheadLine): boolean {
  const above = block[block.indexOf(entry) - 1];
  return block.length === 2 || (above?.role === 'address' && !closesAddress(above.text) && !hasTradeNoun(entry.text));
}

function labelledAddresses(model: DocumentModel): Candidate[] {
  const found: Candidate[] = [];
  for (const line of model.lines) {
    if (line.block < 0) continue;
    const label = line.text.slice(0, 40).match(/^\s*([\p{L} ]{4,30}?)\s*[:：]\s*/u);
    if (!label || !hasAnyPhrase(phraseText(label[1] ?? ''), ADDRESS_LABELS)) continue;
    const start = (label.index ?? 0) + label[0].length;
    // A caption alone on its line may stand over or under its value (forms print both): the label
    // reader decides those; here the value starts beside its label.
    if (line.text.slice(start).trim() === '') continue;
    const parts: LetterheadLine[] = [
      { line, role: 'address', text: line.text.slice(start).trim(), start, end: line.text.trimEnd().length },
    ];
    for (let next = line.index + 1; next < model.lines.length && parts.length < MAX_BLOCK; next++) {
      const below = model.lines[next] as ModelLine;
      const text = below.text.trim();
      if (text === '' || !isAddressLine(text) || /:/.test(text)) break;
      const offset = below.text.indexOf(text);
      parts.push({ line: below, role: 'address', text, start: offset, end: offset + text.length });
    }
    const inLetterhead = line.page === 0 && line.rankOnPage < LETTERHEAD_LINES;
    found.push(blockCandidate(parts, 0.85, inLetterhead ? ['issuer_address', 'address'] : ['address'], label[1] ?? ''));
  }
  return found;
}

export const addressBlockGenerator: CandidateGenerator = {
  name: 'address-block',
  relations: [
    {
      relation: 'issuer_address',
      propertyPhrases: [
        'store address',
        'merchant address',
        'company address',
        'vendor address',
        'seller address',
        'supplier address',
        'address',
      ],
      // Asked for the whole address, not one of its parts.
      excludedBy: [
        ...ADDRESS_PARTS,
        'customer',
        'billing',
        'shipping',
        'delivery',
        'bill to',
        'ship to',
        'buyer',
        'recipient',
        'email',
        'web',
      ],
    },
    {
      relation: 'address',
      propertyPhrases: ['address', 'postal address'],
      excludedBy: [...ADDRESS_PARTS, 'email', 'web', 'ip address'],
    },
  ],
  generate(model: DocumentModel): Candidate[] {
    return [...letterheadAddress(model), ...labelledAddresses(model)];
  },
};
