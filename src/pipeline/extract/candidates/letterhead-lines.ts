import { type Cell, cellsOf } from '../document-lines.js';
import { BUILDING_WORDS, PLACE_WORDS, REGION_CODES, STREET_SUFFIXES, STREET_WORDS } from '../lexicon/address-words.js';
import {
  BRANCH_WORDS,
  BUSINESS_NOUNS,
  DOCUMENT_TITLE_WORDS,
  FAX_LABELS,
  GREETING_PHRASES,
  LETTERHEAD_END_LABELS,
  LOGO_WORDS,
  OPENING_HOURS_PHRASES,
  PARTY_CAPTION_WORDS,
  PHONE_LABELS,
} from '../lexicon/letterhead.js';
import { STOP_WORDS } from '../lexicon/stop-words.js';
import type { DocumentModel, ModelLine } from '../model/document-model.js';
import { parseOrganization, parsePhone } from '../parse-identifiers.js';
import { parseDate } from '../parse-values.js';
import { foldText } from '../text-tokens.js';
import { documentKindOf } from './document-title.js';
import { hasAnyPhrase, phraseText } from './phrase-match.js';

/**
 * The letterhead: the first lines of the first page, each read as what a letterhead line can be:
 * the issuer's name (mostly letters, not a title, greeting or label), a line of its postal address
 * (a street with a number, a postcode with a city, a state or country), or a line that ends the
 * letterhead's name and address (a phone, tax or registration number, a date, an amount).
 */

/** Non-blank lines of the first page read as the letterhead. */
export const LETTERHEAD_LINES = 12;

export type LetterheadRole = 'name' | 'address' | 'end' | 'other';

export interface LetterheadLine {
  readonly line: ModelLine;
  readonly role: LetterheadRole;
  /** The line's text for its role: the name's cell, the address part before any contact label. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

const AMOUNT = /(?<![\d.,])\d+\.\d{2}(?![\d])/;
// (A number after "No." or "#" is a reference: "Check No. 200109".)
const POSTCODE = /(?<![\d\-/.:#]|\b[Nn][Oo][.:]?\s?)\d{5,6}(?![\d\-/.])/;
// (OCR may read the comma before the region as a point: "KINGSTON. ON".)
const REGION_AT_END = /(?:\p{L}[,.]|,)\s*([A-Z]{2})\.?\s*$/u;
/** A Canadian postal code ("V6G 2L7") after the province. */
const CANADIAN_POSTCODE = /\b([A-Z]{2})[\s,.]{1,3}[A-Z]\d[A-Z] ?\d[A-Z]\d\b/;
/** A region and a ZIP code a digit short, as OCR drops one, ending its line ("GLENWOOD , NJ 0746"). */
const REGION_AND_SHORT_ZIP = /\p{L}[\s,.]+([A-Z]{2})[\s,.]{1,3}\d{4}\s*$/u;
const UK_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b/;
/** An Australian suburb, state and four-digit postcode ending the line ("Carlton VIC 3053", "Ryde, NSW 2112"). */
const AUSTRALIAN_STATE_POSTCODE = /\p{L}[\s,.]+(?:NSW|VIC|QLD|TAS|ACT|NT|SA|WA)[\s,.]{1,3}\d{4}\s*$/u;
const REGION_AND_ZIP = /\b([A-Z]{2})[\s,.]{1,3}\d{5}(?:-\d{4})?\b/;
const STREET_NUMBER = /(?<![\p{L}])(?:no\.?\s?)?\d+[A-Za-z]?(?:[-/,&]\s?\d+[A-Za-z]?)*\b/iu;
const END_LABEL_AT = new RegExp(
  `(?<![\\p{L}])(?:${[...LETTERHEAD_END_LABELS]
    .sort((a, b) => b.length - a.length)
    .map((label) => label.replace(/ /g, '[\\s.]*'))
    .join('|')})(?:[\\s.]*(?:no|number|id|reg))?(?![\\p{L}])\\s*(?:[.:#(-]|,\\s*\\d)`,
  'iu',
);
/** A phone label and its number after other text on the line ("Deli#2201-4 Phone 555-014-2290"). */
const PHONE_AFTER = new RegExp(
  `\\s(?:${[...PHONE_LABELS, ...FAX_LABELS]
    .filter((label) => label.length > 1)
    .map((label) => label.replace(/ /g, '[\\s.]*'))
    .join('|')})[\\s.:#]*[+(]?\\d`,
  'i',
);
/** A company registration number at the end of a name line: "(JM0123456-A)", "CO.REG: 001234567-A", "123456-A". */
const REGISTRATION_AFTER =
  /\s+\(?(?:(?:co(?:mpany)?\.?\s*)?(?:reg(?:istration)?|no)\.?\s*(?:no\.?)?\s*[:.]?\s*)?[A-Z]{0,3}\d{4,}[- ]?[A-Z]\)?$/i;
/** "Label : value with digits" (an invoice, document or registration number), not an address. */
const LABELLED_NUMBER = /^\s*\(?\p{L}[\p{L} ./#]{0,25}[:：]\s*\S*\d/u;
const ADDRESS_LABEL = /^\s*(?:address|addr|alamat|adresse|direcci[oó]n)\b/i;

function words(text: string): string[] {
  return phraseText(text).trim().split(' ').filter(Boolean);
}

/** True when the line starts with a contact, tax or registration label, or is "Label: number". */
function startsWithEndLabel(text: string): boolean {
  const start = text.trim().slice(0, 40);
  const match = start.match(END_LABEL_AT);
  if (match && (match.index ?? 0) <= 2) return true;
  const firstWords = words(start).slice(0, 2).join(' ');
  if (firstWords !== '' && LETTERHEAD_END_LABELS.includes(firstWords) && /\d/.test(text)) return true;
  // "NO: 28, JALAN KASTURI 1/1," is a street with its number, not a labelled number.
  // (A street word other than "No", which labels numbers of every kind.)
  const afterColon = text.slice(text.search(/[:：]/) + 1).replace(/\bno\b/gi, ' ');
  return LABELLED_NUMBER.test(text) && !ADDRESS_LABEL.test(text) && !isStreetLine(afterColon);
}

/** True when the line holds a date or an amount, or is a phone number printed alone. */
function holdsDateOrNumber(text: string): boolean {
  if (parseDate(text) !== null || AMOUNT.test(text)) return true;
  return isLonePhone(text);
}

/** A phone number printed alone on its line: "(317) 548-2903". */
export function isLonePhone(text: string): boolean {
  return parsePhone(text) !== null && letters(text) <= 3;
}

/**
 * Two times of day joined as a span of opening hours: the second with "am"/"pm" ("8.30am - 10pm",
 * "9AM TO 6PM"), or both on the 24-hour clock ("08:00-22:00").
 */
const HOURS_SPAN =
  /\b\d{1,2}(?:[:.]\d{2})?\s?(?:[ap]\.?m\.?)?\s?(?:-|–|to|till|until)\s?\d{1,2}(?:[:.]\d{2})?\s?[ap]\.?m\b|\b\d{1,2}:\d{2}\s?(?:-|–|to)\s?\d{1,2}:\d{2}\b/i;

/** A line of the shop's opening hours ("Open daily 10am - 10pm", "Business Hours", "Mon-Sat 9am-6pm"). */
export function isOpeningHours(text: string): boolean {
  return HOURS_SPAN.test(text) || hasAnyPhrase(phraseText(text), OPENING_HOURS_PHRASES);
}

/** Words of a line naming a branch, at most. */
const BRANCH_LINE_WORDS = 5;

/** A line that names the shop's branch: a branch word first or last ("Outlet: Pine Grove", "Riverside Branch"). */
export function isBranchLine(text: string): boolean {
  const lineWords = words(text);
  if (lineWords.length > BRANCH_LINE_WORDS) return false;
  return BRANCH_WORDS.has(lineWords[0] ?? '') || BRANCH_WORDS.has(lineWords[lineWords.length - 1] ?? '');
}

/** True when the line ends the letterhead's name and address. */
export function endsLetterhead(text: string): boolean {
  return startsWithEndLabel(text) || holdsDateOrNumber(text);
}

/** The address part of a line: up to where a contact or tax label starts ("Singapore 813642 Tel 6542"). */
function addressPart(line: ModelLine): { text: string; start: number } {
  // Of columns ("Suite 123      Invoice number 7"), the address is the first cell that reads as one.
  const cell = line.cells.length > 1 ? line.cells.find((candidate) => isAddressLine(candidate.text)) : undefined;
  const trimmed = cell ??
    trimmedText(line) ?? {
      text: line.text.trim(),
      start: line.text.length - line.text.trimStart().length,
    };
  const label = trimmed.text.match(END_LABEL_AT);
  // (A phone label without a colon ends it too: "43300 SERI KEMBANGAN TEL 03-8945 1234".)
  const phone = trimmed.text.search(PHONE_AFTER);
  const cuts = [label?.index ?? -1, phone].filter((at) => at > 0);
  const cut = cuts.length > 0 ? Math.min(...cuts) : trimmed.text.length;
  return { text: trimmed.text.slice(0, cut).trim(), start: trimmed.start };
}

/**
 * A street word with a number: "12 Main Street", "NO 290, JALAN AIR PANAS". "No" numbers an
 * address only beside another street word: "Check No. 200109" is a reference.
 */
function isStreetLine(text: string): boolean {
  const street = words(text).some(
    (word) =>
      (STREET_WORDS.has(word) && word !== 'no') ||
      STREET_SUFFIXES.some((suffix) => word.length > suffix.length + 2 && word.endsWith(suffix)),
  );
  return street && STREET_NUMBER.test(text);
}

/** A Dutch postcode and its town: four digits, two capitals, the town's name ("3581 TR Dorpveld"). */
const DUTCH_POSTCODE_LINE = /^\s*\d{4}\s?[A-Z]{2}\s+\p{Lu}[\p{L}'’.\- ]{2,30}$/u;

/** A unit's floor and number as Singapore and Malaysia print them ("#02-15", "# B1-07"). */
const UNIT_NUMBER = /#\s?[A-Z]?\d{1,2}-\d{1,5}[A-Z]?\b/;

/**
 * A unit numbered by its block or floor letter without "#", starting its line and set apart by a
 * comma from the building or street it is in ("G-19, Harbour Point", "Lot B-2-07, Maple Plaza").
 */
const UNIT_START = /^\s*(?:(?:lot|unit|no)\.?\s?)?[A-Z]{1,2}\d{0,2}-\d{1,4}[A-Z]?(?:-\d{1,4}[A-Z]?)?\s?,\s*\p{L}{3}/iu;

/**
 * A unit number starting its line ("#B1-07 Jurong Point", "G-19, Harbour Point"), or after a house
 * number and a street's name ("10 Tampines Central 1 #02-15").
 */
function isUnitLine(text: string): boolean {
  if (UNIT_START.test(text)) return true;
  const unit = text.match(UNIT_NUMBER);
  if (!unit || text.includes(':')) return false;
  const rest = text.replace(unit[0], '').trim();
  return text.trim().startsWith(unit[0]) || (startsWithHouseNumber(rest) && /\p{L}{3}/u.test(rest));
}

/** A Singapore postcode in its short form, "S" and six digits ("S(049999)", "S 529999"), which ends an address. */
const SINGAPORE_SHORT_POSTCODE = /(?<![\p{L}\d])S\s?(?:\(\d{6}\)|\d{6}(?!\d))/u;

/** A British postcode printed alone on its line, under the town ("LB4 7QT"). */
const UK_POSTCODE_ALONE = /^\s*[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\s*$/;

/**
 * A price ending its line after a space: two decimals, as no house, unit or postcode is written,
 * and perhaps its tax code ("34.89 R", "3.30 SR").
 */
const PRICE_AT_END = /\s\d+\.\d{2}\s*(?:[A-Z]{1,2})?\s*$/;
/** An Indian PIN code after its city and a dash: "MADURAI-625 002", "Nashik - 422001". */
const PIN_AFTER_CITY = /\p{L}{3,}\s?-\s?\d{3}\s?\d{3}(?![\d-])/u;

/** True when the text reads as a line of a postal address. */
export function isAddressLine(text: string): boolean {
  // An item's line ends with its price ("BERAS 10KG 1 26.00"): no line of an address does.
  if (PRICE_AT_END.test(text)) return false;
  const phrase = ` ${words(text).join(' ')} `;
  if (isStreetLine(text) || DUTCH_POSTCODE_LINE.test(text) || isUnitLine(text)) return true;
  if (closesAddress(text)) return true;
  if (hasAnyPhrase(phrase, PLACE_WORDS) || PIN_AFTER_CITY.test(text)) return true;
  // (Five digits in a column of their own after the words are a figure of a row: "TOKEN      40213".)
  if (FIGURE_IN_COLUMN.test(text)) return false;
  return (
    POSTCODE.test(text) && /\p{L}{3,}/u.test(text) && !text.includes(':') && !/\d{7,}/.test(text.replace(/[\s-]/g, ''))
  );
}

/** Words, then a number alone far to their right at the end of the line, as a table's column prints it. */
const FIGURE_IN_COLUMN = /\p{L}\s{9,}\d+\s*$/u;

/**
 * A line that ends a postal address: a region and its ZIP or postal code, or a region alone at the
 * end ("Phoenix, AZ 85044", "Kelowna, BC, V1Y 4K2", "KINGSTON, ON"), or a British postcode.
 */
export function closesAddress(text: string): boolean {
  for (const pattern of [REGION_AND_ZIP, CANADIAN_POSTCODE, REGION_AND_SHORT_ZIP, REGION_AT_END]) {
    const region = text.match(pattern);
    if (region && REGION_CODES.has(region[1] ?? '')) return true;
  }
  if (AUSTRALIAN_STATE_POSTCODE.test(text) || SINGAPORE_SHORT_POSTCODE.test(text)) return true;
  return (UK_POSTCODE.test(text) && /\p{L}{3}/u.test(text)) || UK_POSTCODE_ALONE.test(text);
}

/** A line of a postal address ("220 W. Fourth Street", "Springfield, IL 62701") with no company's name in it. */
export function isAddressOnly(text: string): boolean {
  return isAddressLine(text) && !parseOrganization(text);
}

/**
 * A line that starts with a house number and a name ("2715 ALDER AVE", "23 The Terrace"), perhaps
 * with the street's compass point between them ("418 N Larkin", "77 SW. Elm"): a street line when
 * the city line follows it, whatever the street is called.
 */
export function startsWithHouseNumber(text: string): boolean {
  return (
    /^\s*\d{1,5}[A-Za-z]?(?:[-/]\d{1,5}[A-Za-z]?)?,?\s+(?:[NSEW]{1,2}\.?\s+)?\p{L}{2,}/u.test(text) &&
    (text.match(/\d/g)?.length ?? 0) <= 6
  );
}

/**
 * A street named before its house number, as most of Europe writes it ("Kanaalweg 12/14",
 * "Bretonischer Ring 7"): a street line when a postcode and its town follow it.
 */
export function endsWithHouseNumber(text: string): boolean {
  return /^\s*\p{Lu}[\p{L}.'’\- ]{2,40}\s\d{1,4}[A-Za-z]?(?:\s?[-/]\s?\d{1,4}[A-Za-z]?)?,?\s*$/u.test(text);
}

/** A line that starts with a postcode of four or five digits and its town ("74215 Wiesenau", "3581 TR Dorpveld"). */
export function startsWithPostcode(text: string): boolean {
  return /^\s*(?:[A-Z]{1,2}-)?\d{4,5}\s?(?:[A-Z]{2}\s)?\s*\p{Lu}/u.test(text);
}

/**
 * A short postcode and its town ("1000 Bruxelles", "A-1020 Wien"): four digits are as often a
 * year or a count, so the line is an address line only where it continues an address.
 */
export function isShortPostcodeLine(text: string): boolean {
  return /^\s*(?:[A-Z]{1,2}-)?\d{4}\s+\p{Lu}[\p{L}.\- ]{2,30}$/u.test(text.trim());
}

/**
 * A building, floor or street named without a number ("Marlow Court", "JLN KENANGA"): an address
 * line only above one. A trade noun makes it a name ("Harbour Cafe").
 */
export function namesPlace(text: string): boolean {
  const lineWords = words(text);
  if (lineWords.some((word) => BUSINESS_NOUNS.has(word))) return false;
  // Short street abbreviations ("st", "ct", "no") say little without a number beside them.
  return lineWords.some((word) => BUILDING_WORDS.has(word) || (STREET_WORDS.has(word) && word.length >= 3));
}

/**
 * The line under starts with all of this line's words and goes on: a logo's word over the name
 * ("MAJU" / "MAJU STATIONERY SHOP"), a branch's town over its address ("Ogden" / "Ogden, UT 84401").
 */
export function repeatsAsStart(entry: LetterheadLine, next: LetterheadLine): boolean {
  // Words with their figures: a name over a street named after it ("Citadel" / "100 Citadel Dr") is no repeat.
  const own = wordsAndFigures(entry.text);
  const below = wordsAndFigures(next.text);
  return own.trim() !== '' && below.length > own.length && below.startsWith(own);
}

function wordsAndFigures(text: string): string {
  return ` ${foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

/** Cells at a line's margins with fewer letters than this are OCR noise, not part of a name. */
const MARGIN_NOISE_LETTERS = 3;
/** Share of a line's characters its text must keep once the noise at its margins is dropped. */
const MAIN_TEXT_SHARE = 0.6;
/** Spaces between two cells of one text; wider gaps separate columns. */
const MAX_WORD_GAP = 8;

function letters(text: string): number {
  return text.match(/\p{L}/gu)?.length ?? 0;
}

/** The line's cells without OCR noise at its margins, joined by single spaces, with their extent. */
export function trimmedText(line: ModelLine): { text: string; start: number; end: number } | null {
  let first = 0;
  let last = line.cells.length - 1;
  const noise = (index: number) =>
    letters(line.cells[index]?.text ?? '') < MARGIN_NOISE_LETTERS && !/\d{2}/.test(line.cells[index]?.text ?? '');
  while (first < last && noise(first)) first++;
  while (last > first && noise(last)) last--;
  const firstCell = line.cells[first];
  const lastCell = line.cells[last];
  if (!firstCell || !lastCell) return null;
  // A line that is mostly scattered noise ("t  x  Fob  e  4") has no text, whatever survives the trim.
  const kept = line.cells.slice(first, last + 1).reduce((sum, cell) => sum + cell.text.replace(/\s/g, '').length, 0);
  const all = line.cells.reduce((sum, cell) => sum + cell.text.replace(/\s/g, '').length, 0);
  if (kept < MAIN_TEXT_SHARE * all) return null;
  // Cells far apart are columns ("Salescompany ltd.      Invoice"): the group with most letters is the text.
  let best: Cell[] = [];
  let group: Cell[] = [];
  for (const cell of line.cells.slice(first, last + 1)) {
    const previous = group[group.length - 1];
    if (previous && cell.start - previous.end > MAX_WORD_GAP) group = [];
    group.push(cell);
    if (letters(group.map((kept) => kept.text).join('')) > letters(best.map((kept) => kept.text).join('')))
      best = [...group];
  }
  const [head] = best;
  const tail = best[best.length - 1];
  if (!head || !tail) return null;
  return { text: best.map((cell) => cell.text).join(' '), start: head.start, end: tail.end };
}

/** A token of signs only that no name prints alone ("~", "*", "|", "$"); "&", "-", "#" and "+" join a name's words. */
const STRAY_SIGN = /^[~*|=<>$¢£€°^_\\{}[\]]+$/u;

/** Words of a name set wide across the line ("The      Copper          Kettle"), at most. */
const SPACED_NAME_WORDS = 4;
/** Spaces between two words of a name set wide; wider still, they are columns. */
const MAX_SPACED_GAP = 20;

/**
 * A short name whose words a receipt sets far apart, as OCR places them: every cell one
 * capitalised word (or "&"), no figure, on a line laid out with indents. Columns hold other things.
 */
function spacedName(line: ModelLine): { text: string; start: number; end: number } | null {
  const cells = line.cells;
  if (cells.length < 2 || cells.length > SPACED_NAME_WORDS || !/^ {4}/.test(line.text)) return null;
  const words = cells.every((cell) => cell.text === '&' || /^\p{Lu}[\p{L}'’]+$/u.test(cell.text));
  const close = cells.every(
    (cell, index) => index === 0 || cell.start - (cells[index - 1] as Cell).end <= MAX_SPACED_GAP,
  );
  if (!words || !close || cells.some((cell) => DOCUMENT_TITLE_WORDS.has(cell.text.toLowerCase()))) return null;
  const first = cells[0] as Cell;
  const last = cells[cells.length - 1] as Cell;
  return { text: cells.map((cell) => cell.text).join(' '), start: first.start, end: last.end };
}

/** The line's text that reads as a name (its cells without noise at the margins), or null. */
export function nameText(line: ModelLine): { text: string; start: number; end: number } | null {
  const trimmed = spacedName(line) ?? trimmedText(line);
  if (!trimmed) return null;
  // A registration number printed after the name ("KEDAI MURNI (JM0123456-A)") is not part of it.
  const text = withoutLogo(
    trimmed.text.replace(REGISTRATION_AFTER, '').replace(/^[^\p{L}\p{N}(]+|[^\p{L}\p{N}.)']+$/gu, ''),
  );
  // A store's number after "#" ("Deli#2201-4", "STORE #5120") is part of its name, not a figure in it.
  const counted = text.replace(/#\s?\d[\d-]*/g, '#');
  const visible = counted.replace(/\s/g, '');
  if (letters(text) < 2 || letters(text) / visible.length < 0.6 || (counted.match(/\d/g)?.length ?? 0) > 4) return null;
  const tokens = text.split(/\s+/);
  // OCR noise is a scatter of one-letter tokens; a name's words have two letters or more, but for
  // initials joined by "&" ("L & H FURNITURE").
  const wordLike = tokens.filter(
    (token, index) =>
      letters(token) >= 2 ||
      token === '&' ||
      (/^\p{Lu}$/u.test(token) && (tokens[index - 1] === '&' || tokens[index + 1] === '&')),
  ).length;
  if (wordLike / tokens.length < 0.5) return null;
  // A sign OCR reads from a logo or a rule, standing alone among the words ("Lunch ~ 5 *"), is no part of a name.
  if (tokens.some((token) => STRAY_SIGN.test(token))) return null;
  const phrase = phraseText(text);
  if (hasAnyPhrase(phrase, GREETING_PHRASES) || /:\s*\S/.test(text)) return null;
  if (isPartyCaption(text) || words(text).every((word) => DOCUMENT_TITLE_WORDS.has(word))) return null;
  // A sentence ("Nothing to see here.") is not a name: a name's words are capitalised but for a
  // small word or two ("Bank of Asia"), and it holds few of those.
  // A name printed all in lower case ("restoran wan sheng") is one case throughout, as capitals are.
  const lowerCase = tokens.filter((token) => /^\p{Ll}/u.test(token)).length;
  const oneCase = lowerCase === tokens.length && !/[.!?]$/.test(text);
  if (tokens.length >= 3 && lowerCase * 2 > tokens.length && !oneCase) return null;
  // (A word joined by hyphens is one word: "IN-N-OUT" holds no stop word.)
  const stopWords = tokens.filter((token) => STOP_WORDS.has(foldText(token).replace(/[^\p{L}]+/gu, '')));
  if (stopWords.length >= 2) return null;
  // "Northwind Cloud Services Invoice": the document's title printed after the name is not part of it.
  const name = withoutTrailingTitle(text);
  const start = trimmed.start + Math.max(0, trimmed.text.indexOf(name));
  return { text: name, start, end: Math.min(trimmed.end, start + name.length) };
}

/** A caption where a party's name goes ("Seller trade name", "LOGO Vendeur"), not the name. */
export function isPartyCaption(text: string): boolean {
  const all = words(text);
  return all.length > 0 && all.every((word) => PARTY_CAPTION_WORDS.has(word));
}

/** The text without the logo's placeholder word before it ("LOGO ACME SARL" -> "ACME SARL"). */
function withoutLogo(text: string): string {
  const first = text.match(/^(\p{L}+)\s+(?=\S)/u);
  return first && LOGO_WORDS.has(foldText(first[1] ?? '')) ? text.slice(first[0].length) : text;
}

/** The text without a last word that names the kind of document ("Invoice", "Rechnung"), when words remain. */
function withoutTrailingTitle(text: string): string {
  const at = text.search(/\s+\S+$/);
  if (at <= 0) return text;
  return documentKindOf(text.slice(at))?.alone ? text.slice(0, at) : text;
}

/** Letters the name over a place has, at least. */
const PLACE_NAME_LETTERS = 3;

/** Words of a place printed between the name and the phone without an address's shape, at most. */
const PLACE_LINE_WORDS = 5;

/**
 * The place a letterhead without a postal address prints between the shop's name and its phone,
 * web or date line ("Harbour Grill" / "Riverside Mall" / "Tel: ..."; "Maple Diner" / "Elm St" / phone):
 * the line just above the first contact line, under the name, with no trade noun of its own (a
 * trade continues the name: "Ravi Kumar" / "Thai Kitchen"). Null where the letterhead has
 * an address line above its contacts, or no such line.
 */
export function placeOverContacts(model: DocumentModel): LetterheadLine | null {
  const entries = letterheadLines(model);
  const end = entries.findIndex((entry) => entry.role === 'end' || entry.role === 'address');
  const place = entries[end - 1];
  const name = entries[end - 2];
  const contacts = entries[end];
  if (contacts?.role !== 'end' || !closesPlace(contacts.text)) return null;
  // (A scrap of fewer than three letters over the line, "IY", names no shop: the line is the name.)
  if (place?.role !== 'name' || name?.role !== 'name' || letters(name.text) < PLACE_NAME_LETTERS) return null;
  const adjoining = (above: LetterheadLine, below: LetterheadLine) =>
    model.lines.slice(above.line.index + 1, below.line.index).every((line) => !/\p{L}/u.test(line.text));
  if (!adjoining(name, place) || !adjoining(place, contacts)) return null;
  const placeWords = words(place.text);
  if (placeWords.length > PLACE_LINE_WORDS || placeWords.some((word) => BUSINESS_NOUNS.has(word))) return null;
  return placeWords.every((word) => DOCUMENT_TITLE_WORDS.has(word)) ? null : place;
}

/**
 * A line that ends a letterhead's place: the shop's contacts (a phone or tax number, its web or
 * mail address) or the date of the sale; not a caption with its number ("Table No: 14").
 */
function closesPlace(text: string): boolean {
  if (parseDate(text) !== null || parsePhone(text) !== null || WEB_ADDRESS.test(text)) return true;
  return /^\s*(?:web(?:site)?|www|e-?mail|tel|phone|ph)\b/i.test(text);
}

/** A web or mail address: "www." or a common top-level domain after a dot, as OCR may space it ("shop .com"). */
const WEB_ADDRESS = /\bwww\s?\.|\.\s?(?:com|net|org)\b/i;

const cache = new WeakMap<DocumentModel, LetterheadLine[]>();

export function letterheadLines(model: DocumentModel): readonly LetterheadLine[] {
  const cached = cache.get(model);
  if (cached) return cached;
  const lines: LetterheadLine[] = [];
  for (const line of model.lines) {
    if (line.page > 0 || line.rankOnPage >= LETTERHEAD_LINES) break;
    if (line.block < 0) continue;
    const trimmed = line.text.trim();
    // Opening hours, wherever the letterhead prints them, are neither its name nor its address;
    // nor is the line naming the branch.
    if (isOpeningHours(trimmed) || isBranchLine(trimmed)) {
      lines.push({ line, role: 'other', text: trimmed, start: 0, end: line.text.length });
      continue;
    }
    if (startsWithEndLabel(trimmed)) {
      const part = addressPart(line);
      // "Singapore 813642 Tel 65424709" ends the letterhead after its address part.
      if (part.text !== '' && isAddressLine(part.text) && !endsLetterhead(part.text)) {
        lines.push({ line, role: 'address', text: part.text, start: part.start, end: part.start + part.text.length });
      }
      lines.push({ line, role: 'end', text: trimmed, start: 0, end: line.text.length });
      continue;
    }
    // A line in brackets names a branch or a registration ("(SEKSYEN 7)"), not a line of the address.
    // (OCR's noise at the margins is no part of it: "  MILLBROOK, OH      |".)
    const main = trimmedText(line)?.text ?? trimmed;
    const address = isAddressLine(trimmed) || (main !== trimmed && isAddressLine(main));
    // The letterhead's first line naming a trade is the shop's name, whatever its place ("KOPITIAM @ SS15").
    const tradeFirst = lines.length === 0 && words(trimmed).some((word) => BUSINESS_NOUNS.has(word));
    if (address && !tradeFirst && !parseOrganization(trimmed) && !/^\(.*\)$/.test(trimmed)) {
      const part = addressPart(line);
      lines.push({ line, role: 'address', text: part.text, start: part.start, end: part.start + part.text.length });
      continue;
    }
    // A web or mail address ends the letterhead as its phone does ("www.example.com").
    if (holdsDateOrNumber(trimmed) || WEB_ADDRESS.test(trimmed)) {
      lines.push({ line, role: 'end', text: trimmed, start: 0, end: line.text.length });
      continue;
    }
    // A name with the phone after it on its line: the name, then the end of the letterhead.
    const phone = line.text.search(PHONE_AFTER);
    const head =
      phone > 0
        ? nameText({ ...line, text: line.text.slice(0, phone), cells: cellsOf(line.text.slice(0, phone)) })
        : null;
    if (head) {
      lines.push({ line, role: 'name', ...head });
      lines.push({ line, role: 'end', text: trimmed, start: 0, end: line.text.length });
      continue;
    }
    const name = nameText(line);
    lines.push(
      name ? { line, role: 'name', ...name } : { line, role: 'other', text: trimmed, start: 0, end: line.text.length },
    );
  }
  cache.set(model, lines);
  return lines;
}
