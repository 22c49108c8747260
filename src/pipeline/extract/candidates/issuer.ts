import { AMBIGUOUS_LEGAL_FORM_PATTERN, LEGAL_FORM_PATTERN, LEGAL_FORMS } from '../lexicon/legal-forms.js';
import {
  BUSINESS_NOUNS,
  DELIVERY_ADDRESS_LABELS,
  NAME_HEAD_WORDS,
  OPERATOR_PHRASES,
  OWNER_PHRASES,
  TRADE_DESCRIPTION_WORDS,
} from '../lexicon/letterhead.js';
import { STOP_WORDS } from '../lexicon/stop-words.js';
import type { DocumentModel, ModelLine } from '../model/document-model.js';
import { parseOrganization } from '../parse-identifiers.js';
import { letterheadAddressLines } from './address-block.js';
import type { Candidate, CandidateGenerator } from './candidate.js';
import { confirmedByDomain } from './domain-confirmed-names.js';
import {
  candidate,
  hasWholeWord,
  LEGAL_NAME,
  LOGO_SCRAP_LETTERS,
  lettersOf,
  MAX_LINES,
  SHORT_NAME_LETTERS,
  TRADING,
} from './issuer-names.js';
import {
  isBranchLine,
  LETTERHEAD_LINES,
  type LetterheadLine,
  letterheadLines,
  repeatsAsStart,
} from './letterhead-lines.js';
import { hasAnyPhrase, phraseText } from './phrase-match.js';
import { completingLetterhead, thankedNames } from './thanked-names.js';
import { wrappedNameStart } from './wrapped-name.js';

/**
 * Organisations and the issuer. Every name ending in a legal form (lexicon/legal-forms.ts) is an
 * organisation; in the letterhead it is the issuer, the surest kind. Without a legal form, the
 * letterhead's prominent first lines (mostly letters, not a title, greeting, date or amount) are
 * the issuer's name, less surely the further down they stand; a short name and the trade noun on
 * the line under it ("Ravi Kumar" / "Thai Kitchen") are also proposed as one name.
 */

/** Name lines of the letterhead proposed, at most. */
const NAME_LINES = 4;

/** The line where the letterhead's address starts, or -1. */
function firstAddressLine(model: DocumentModel): number {
  return letterheadLines(model).find((entry) => entry.role === 'address')?.line.index ?? -1;
}

/** A name found whole (wrapped before its legal form) is surer than its second line alone. */
const WRAPPED_NAME_BONUS = 0.03;

const TRAILING_FORMS = new RegExp(
  `(?:[\\s,]*(?:${LEGAL_FORM_PATTERN}|${AMBIGUOUS_LEGAL_FORM_PATTERN}))+[\\s.,]*$`,
  'u',
);
/** A line this short that says "Owned by" is the label of the company under it. */
const OWNER_LABEL_LENGTH = 40;

/** The name is introduced by one of the phrases ("Owned by:"), on its line or alone on the one above. */
function introducedAs(model: DocumentModel, line: ModelLine, start: number, phrases: readonly string[]): boolean {
  if (hasAnyPhrase(phraseText(line.text.slice(0, start)), phrases)) return true;
  let above = line.index - 1;
  while (above >= 0 && model.lines[above]?.block === -1) above--;
  const text = model.lines[above]?.text ?? '';
  return text.length < OWNER_LABEL_LENGTH && hasAnyPhrase(phraseText(text), phrases);
}

/** Words a legal form may follow on its line and still be the end of a name wrapped from the line above. */
const WRAPPED_NAME_WORDS = 1;

/**
 * A letterhead name whose legal form wrapped onto the next line ("SYARIKAT PERNIAGAAN CHOON" /
 * "HENG S/B", "MEGAH HARDWARE" / "SDN BHD"): the line under holds the form and at most a word
 * before it, and starts the line; the line above is a name line without a form of its own.
 * Returns the name line above, by the form line's index.
 */
function wrappedNames(model: DocumentModel): Map<number, LetterheadLine> {
  const wrapped = new Map<number, LetterheadLine>();
  const entries = letterheadLines(model);
  entries.forEach((entry, order) => {
    const above = entries[order - 1];
    if (above?.role !== 'name') return;
    // (A name that reads as complete continues only into its branch and form: "... ENTERPRISE" / "(TAMAN JAYA) SDN BHD".)
    if (parseOrganization(above.text) && !BRANCH_IN_BRACKETS.test(entry.line.text.trimStart())) return;
    // A line ending in a colon is a heading ("Seller:"), not the first words of the name under it.
    if (/[:：]\s*$/.test(above.line.text)) return;
    const name = withOpeningBracket(entry.line.text, parseOrganization(entry.line.text));
    // (The line may start with the "&" that joins it to the name above: "WING STATIONERY" / "& PRINTING SDN BHD".)
    const start = entry.line.text.trimStart().replace(/^&\s*/, '');
    if (!name || !start.startsWith(name)) return;
    const body = name.replace(TRAILING_FORMS, '').trim();
    // (A branch in brackets before the form is not a word of the name: "(TAMAN JAYA) SDN BHD"; a
    // trade the name ends with is: "KIOSK TRADING SDN BHD" is a name of its own.)
    const bodyWords = body.replace(BRANCH_IN_BRACKETS, '').split(/\s+/);
    const trades = name
      .slice(body.length)
      .split(/[\s,.]+/)
      .filter((word) => TRADE_FORMS.has(word.toLowerCase()));
    // (A line that starts with a word heading a name goes on into the legal name under it, however
    // long: "KEDAI RUNCIT SINAR" / "BUDI MURNI SDN BHD".)
    const long = bodyWords.filter((word) => /\p{L}{2}/u.test(word)).length + trades.length > WRAPPED_NAME_WORDS;
    if (long && !NAME_HEAD_WORDS.has(wordsOf(above)[0] ?? '')) return;
    // The name the logo prints repeated with its form ("QUICKMART" / "QUICKMART SDN BHD") is the same name, not wrapped.
    if (body !== '' && phraseText(body).startsWith(phraseText(above.text))) return;
    // A legal name that repeats a word of the trading name over it restates that name, it does not
    // go on with it ("KEDAI RUNCIT TANJUNG" / "TANJUNG MART SDN BHD"): a wrapped name names itself once.
    if (sharesNameWord(above, body)) return;
    // Only the next non-blank line continues a name.
    if (model.lines.slice(above.line.index + 1, entry.line.index).some((line) => line.text.trim() !== '')) return;
    wrapped.set(entry.line.index, above);
  });
  return wrapped;
}

/** Legal forms that are a trade ("Trading", "Enterprise"): a word of the name as much as its form. */
const TRADE_FORMS = new Set(LEGAL_FORMS.trade?.map((form) => form.toLowerCase()));

/** A branch or place in brackets leading a line: "(TAMAN JAYA) SDN BHD". */
const BRANCH_IN_BRACKETS = /^\([^()]*\)\s*/;

/**
 * The name with the opening bracket the line prints before it, when the name closes that bracket
 * ("(TAMAN JAYA) SDN BHD" read as "TAMAN JAYA) SDN BHD").
 */
function withOpeningBracket(text: string, name: string | null): string | null {
  if (name === null) return name;
  const at = text.indexOf(name);
  // A country's mark in brackets starting the line is the form's first word: "(M) SDN BHD" wrapped
  // under "BINTANG TIMUR HYPERMARKET" reads "... (M) SDN BHD".
  const mark = text.slice(0, Math.max(0, at)).match(COUNTRY_MARK_START);
  if (mark) return `${mark[1]}${name}`;
  if (!name.includes(')') || name.includes('(')) return name;
  return at > 0 && text[at - 1] === '(' ? `(${name}` : name;
}

/** A country's mark in brackets alone before the legal form at the start of a line ("(M) SDN BHD"). */
const COUNTRY_MARK_START = /^[\s&]*(\(\p{Lu}{1,3}\)\s*)$/u;

/** How much less sure a name line is alone when its legal form wrapped onto the line under it. */
const WRAPPED_ALONE_PENALTY = 0.3;

function legalFormOrganizations(model: DocumentModel, wrapped: ReadonlyMap<number, LetterheadLine>): Candidate[] {
  const found: Candidate[] = [];
  const addressStart = firstAddressLine(model);
  // A name whose branch and form wrapped onto the next line is a fragment alone, form or not.
  const beforeForm = new Set([...wrapped.values()].map((entry) => entry.line.index));
  for (const line of model.lines.slice(0, MAX_LINES)) {
    if (line.block < 0) continue;
    const name = withOpeningBracket(line.text, parseOrganization(line.text.slice(0, 400)));
    if (!name) continue;
    const start = line.text.indexOf(name);
    if (afterDeliveryLabel(line.text, start)) continue;
    const inLetterhead = line.page === 0 && line.rankOnPage < LETTERHEAD_LINES;
    // The issuer's name stands above its address; a company named under it ("Owned by: X Sdn Bhd")
    // is less surely the one the letterhead is for than the name line above.
    // So is a company introduced as the owner ("Owned by:"), on its line or alone on the one above.
    const underAddress =
      (addressStart >= 0 && line.index > addressStart) || introducedAs(model, line, start, OWNER_PHRASES);
    // The company introduced as the one running the shop ("Operated by: X Sdn Bhd") is its legal
    // name, wherever the receipt prints it; the shop's name stays the name it trades under.
    const operator = introducedAs(model, line, start, OPERATOR_PHRASES);
    const confidence =
      (!inLetterhead ? 0.7 : underAddress ? 0.6 : 0.92 - 0.02 * line.rankOnPage) -
      (beforeForm.has(line.index) ? WRAPPED_ALONE_PENALTY : 0);
    const above = wrapped.get(line.index);
    const legal = (inLetterhead && !underAddress) || operator ? LEGAL_NAME : [];
    if (!above) {
      // A legal name with no brand line over it is the name the shop trades under as well.
      const trading = legal.length > 0 && !operator && !underBrandLine(model, line);
      const relations = trading ? [...legal, ...TRADING] : legal;
      found.push(candidate(line, name, start, start + name.length, confidence, inLetterhead || operator, relations));
      // The name's first words on the line above, under a party's heading ("Verkäufer:" /
      // "ABC Beispielhafter" / "Versicherungsverein Beispielstadt a.G.").
      const heading = wrappedNameStart((index) => model.lines[index]?.text, line.index, start);
      if (heading) {
        found.push({
          ...candidate(
            line,
            `${heading.text} ${name}`,
            start,
            start + name.length,
            confidence + WRAPPED_NAME_BONUS,
            inLetterhead,
            legal,
          ),
          raw: `${heading.text}\n${name}`,
          span: { line: heading.line, start: heading.start, endLine: line.index, end: start + name.length },
        });
      }
      continue;
    }
    const joiner = /^\s*&/.test(line.text) ? ' & ' : ' ';
    // The name and its wrapped form are one name; the form's line alone is a fragment of it. The
    // whole is the name the shop trades under too: its first line alone is a fragment of it as well.
    found.push(candidate(line, name, start, start + name.length, confidence - WRAPPED_ALONE_PENALTY, inLetterhead));
    const relations = legal.length > 0 ? [...legal, ...TRADING] : legal;
    found.push({
      ...candidate(
        above.line,
        `${above.text}${joiner}${name}`,
        above.start,
        above.end,
        confidence + 0.02,
        true,
        relations,
      ),
      raw: `${above.line.text.slice(above.start, above.end)}\n${line.text.slice(start, start + name.length)}`,
      span: { line: above.line.index, start: above.start, endLine: line.index, end: start + name.length },
    });
  }
  return found;
}

/**
 * A name line of the letterhead stands just above the line ("BUKIT INDAH PETROL STATION" / "TERANG
 * MINYAK SDN BHD"): the brand the shop trades under, over its legal name.
 */
function underBrandLine(model: DocumentModel, line: ModelLine): boolean {
  // (The line naming the branch between them parts nothing: "MAJU" / "Outlet: Elm Park" / "MAJU FOODS SDN BHD".)
  const entries = letterheadLines(model).filter((entry) => entry.role !== 'other' || !isBranchLine(entry.text));
  const at = entries.findIndex((entry) => entry.line === line);
  const above = entries[at - 1];
  const own = entries[at];
  if (at <= 0 || above?.role !== 'name' || !own) return false;
  // (The logo's word that the legal name starts with is that name again: "MAJU" / "MAJU TRADING SDN BHD".)
  // (A line describing the trade is no brand: "GENERAL SUPPLIES & SERVICES" / "MAJU TRADING SDN BHD".)
  return adjoins(model, above, own) && !repeatsAsStart(above, own) && !describesTrade(above);
}

/**
 * A line of two words or more that describes a trade ("HARDWARE & BUILDING MATERIALS"): trade
 * nouns, words of a trade's description and small words only, at least one of the description.
 */
function describesTrade(entry: LetterheadLine): boolean {
  const words = wordsOf(entry);
  const described = words.filter((word) => TRADE_DESCRIPTION_WORDS.has(word)).length;
  const kept = words.every(
    (word) => TRADE_DESCRIPTION_WORDS.has(word) || BUSINESS_NOUNS.has(word) || STOP_WORDS.has(word),
  );
  return words.length >= 2 && described > 0 && kept;
}

/**
 * Nothing but lines without a letter (blank lines, rules) or the line naming the branch ("Outlet:
 * Pine Grove") stands between the two letterhead lines.
 */
function adjoins(model: DocumentModel, above: LetterheadLine, below: LetterheadLine): boolean {
  return model.lines
    .slice(above.line.index + 1, below.line.index)
    .every((between) => !/\p{L}/u.test(between.text) || isBranchLine(between.text));
}

/**
 * The line's trade nouns: some, all, the last word. `heads` when every word is a trade noun or a
 * word heading a name ("RESTORAN", "SYARIKAT PERNIAGAAN"): no name alone, the first line of one.
 */
function tradeNouns(entry: LetterheadLine): { some: boolean; all: boolean; last: boolean; heads: boolean } {
  const words = phraseText(entry.text).trim().split(' ');
  const nouns = words.filter((word) => BUSINESS_NOUNS.has(word)).length;
  return {
    some: nouns > 0,
    all: nouns === words.length,
    last: BUSINESS_NOUNS.has(words[words.length - 1] ?? ''),
    heads: words.every((word) => BUSINESS_NOUNS.has(word) || NAME_HEAD_WORDS.has(word)),
  };
}

/** A line that names a trade ("KEDAI UBAT HOCK HENG", "Lemon Tree Restaurant") is more surely the shop's name. */
const TRADE_NOUN_BONUS = 0.2;

/** Name lines set apart above the name over the address proposed, at most. */
const DETACHED_NAMES = 2;
/** How much less sure a name line is when lines of other text part it from the name over the address. */
const DETACHED_PENALTY = 0.3;
/** How much less sure a scrap-like or off-centre name line is. */
const SCRAP_PENALTY = 0.3;
const OFF_CENTRE_PENALTY = 0.15;
/** A town is no name: it answers only where nothing else names the shop (a thanks at the foot, a legal name). */
const TOWN_PENALTY = 0.6;
/** Share of the half-width a centred line's middle may stray from the page's middle. */
const CENTRE_SLACK = 0.5;

function isScrap(entry: LetterheadLine, next: LetterheadLine | undefined): boolean {
  if (lettersOf(entry.line.text) < LOGO_SCRAP_LETTERS && next && wordsOf(next).length >= 2) return true;
  // Letters in short pieces only ("EX DT", "J Sd AE") over a line of whole words are a scrap OCR read
  // from a logo; the name is the line under it.
  // (One piece alone is a short name or an article heading the name: "KFC", "THE" / "IRON" / "KETTLE".)
  const pieces = entry.text.split(/\s+/).filter((piece) => /\p{L}/u.test(piece));
  if (next && pieces.length >= 2 && !hasWholeWord(entry.text) && hasWholeWord(next.text)) return true;
  return lettersOf(entry.text) < SHORT_NAME_LETTERS && entry.text !== entry.text.toUpperCase();
}

/**
 * The line ends with the whole of the name line under it, after a scrap of no whole word ("EN
 * SAMCO" over "SAMCO"): OCR read the logo and the name together, then the name again; the line
 * under is the name.
 */
function scrapBeforeName(entry: LetterheadLine, next: LetterheadLine): boolean {
  const own = wordsOf(entry);
  const below = wordsOf(next);
  if (below.length === 0 || own.length <= below.length) return false;
  const before = own.slice(0, own.length - below.length);
  return own.slice(before.length).join(' ') === below.join(' ') && !hasWholeWord(before.join(' '));
}

/**
 * On a page laid out as printed (lines indented, as OCR places them), a receipt centres its
 * name: a line far from the middle is less surely it. Text without layout (every line at the
 * margin) says nothing of this.
 */
function offCentre(model: DocumentModel, entry: LetterheadLine): boolean {
  const top = model.lines.filter((line) => line.page === 0 && line.block >= 0).slice(0, LETTERHEAD_LINES);
  if (!top.some((line) => /^ {4}/.test(line.text))) return false;
  const width = Math.max(...top.map((line) => line.text.trimEnd().length));
  const middle = (entry.start + entry.end) / 2;
  return Math.abs(middle - width / 2) > (CENTRE_SLACK * width) / 2;
}

function letterheadNames(model: DocumentModel, wrapped: ReadonlyMap<number, LetterheadLine>): Candidate[] {
  const beforeForm = new Set([...wrapped.values()].map((entry) => entry.line.index));
  const entries = letterheadLines(model);
  const body = entries.findIndex((entry) => entry.role === 'address' || entry.role === 'end');
  const addressStart = entries[body]?.role === 'address' ? entries[body] : undefined;
  const addressLines = new Set(letterheadAddressLines(model).map((part) => part.line));
  const attached = addressStart ? attachedNames(model, entries, body) : new Set<LetterheadLine>();
  const names: LetterheadLine[] = [];
  for (const entry of body < 0 ? entries : entries.slice(0, body)) {
    // (A line in brackets notes the name above, its branch or registration: "(TAMAN JAYA BRANCH)".)
    const note = /^\(.*\)$/.test(entry.line.text.trim());
    if (entry.role === 'name' && !parseOrganization(entry.line.text) && !note) names.push(entry);
  }
  // Name lines set apart above the name that stands on the address are more likely scraps of a
  // logo or OCR noise: less sure, and they do not push that name down the order.
  const detached = (entry: LetterheadLine) => attached.size > 0 && !attached.has(entry);
  const kept =
    attached.size === 0
      ? names.slice(0, NAME_LINES)
      : [...names.filter(detached).slice(0, DETACHED_NAMES), ...names.filter((entry) => attached.has(entry))];
  names.splice(0, names.length, ...kept);
  const found: Candidate[] = [];
  let attachedOrder = 0;
  names.forEach((entry, index) => {
    const order = detached(entry) ? index : attachedOrder++;
    const next = names[index + 1];
    // The next line, or the next after blank lines only (a name set in two paragraphs).
    const adjoining =
      next !== undefined &&
      model.lines.slice(entry.line.index + 1, next.line.index).every((between) => between.text.trim() === '');
    // A trade noun alone ("RESTAURANT") heads the name on the line under it rather than being one.
    const nouns = tradeNouns(entry);
    // ("Store Number 364" is a label with its number, not a name.)
    const trade = nouns.some && !/\d/.test(entry.text) ? TRADE_NOUN_BONUS : 0;
    // The logo's word over the name it starts ("MAJU" / "MAJU STATIONERY SHOP") is that name again, not its first line.
    // (So is the logo's word over the legal name it starts: "MAJU" / "MAJU TRADING SDN BHD".)
    const under = entries[entries.indexOf(entry) + 1];
    const logo =
      (adjoining && next !== undefined && (repeatsAsStart(entry, next) || scrapBeforeName(entry, next))) ||
      (under !== undefined && under.role === 'name' && adjoins(model, entry, under) && repeatsAsStart(entry, under));
    // The branch's town over the address line it starts ("Ogden" / "Ogden, UT 84401") is no name.
    // So is a line the address block reads as its own: a building over the street ("Harbour
    // Plaza" / "12 Quay Road"), the place between the name and the phone ("Elm St" / phone).
    const town =
      (next === undefined && addressStart !== undefined && repeatsAsStart(entry, addressStart)) ||
      addressLines.has(entry.line);
    const penalty =
      (detached(entry) ? DETACHED_PENALTY : 0) +
      (isScrap(entry, adjoining ? next : undefined) ? SCRAP_PENALTY : 0) +
      (offCentre(model, entry) ? OFF_CENTRE_PENALTY : 0) +
      (beforeForm.has(entry.line.index) ? WRAPPED_ALONE_PENALTY : 0) +
      (logo ? SCRAP_PENALTY : 0) +
      (town ? TOWN_PENALTY : 0);
    // An article alone ("THE") starts a name set one word a line; it is none by itself. Nor is a
    // trade noun alone ("BAR"), under a name OCR missed or over the name it heads.
    const article = wordsOf(entry).every((word) => STOP_WORDS.has(word));
    const alone = (nouns.heads || describesTrade(entry) || (adjoining && article) ? 0.4 : 0.75 + trade) - penalty;
    found.push(candidate(entry.line, entry.text, entry.start, entry.end, alone - 0.12 * order, true, TRADING));
    if (!next || !adjoining || logo || lettersOf(entry.text) < LOGO_SCRAP_LETTERS) return;
    // The line under continues the name when it ends with the trade ("Thai Kitchen"); one
    // that starts with it ("KEDAI UBAT HOCK HENG") is a name of its own.
    const continues = tradeNouns(next).last || nouns.heads || article || /^&/.test(next.text);
    const confidence = (continues ? 0.8 + TRADE_NOUN_BONUS / 2 : 0.5) - 0.12 * order - penalty;
    found.push(joinedName([entry, next], confidence));
    // A name in large type, one word a line ("THE" / "OLD" / "MILL"), is read whole.
    const third = names[index + 2];
    const run = third ? [entry, next, third] : [];
    if (third?.line.index === next.line.index + 1 && run.every((line) => wordsOf(line).length === 1)) {
      found.push(joinedName(run, confidence + 0.02));
    }
  });
  return found;
}

/**
 * The name lines that stand on the letterhead's body (its first address or contact line): the run
 * of name lines just above it, with nothing but blank lines between them. Empty when none does.
 */
function attachedNames(
  model: DocumentModel,
  entries: readonly LetterheadLine[],
  body: number,
): ReadonlySet<LetterheadLine> {
  const attached = new Set<LetterheadLine>();
  let below = entries[body];
  for (let index = body - 1; index >= 0 && below; index--) {
    const entry = entries[index] as LetterheadLine;
    // (Lines without a letter between, a rule or a star, part nothing.)
    const gap = model.lines.slice(entry.line.index + 1, below.line.index);
    if (entry.role === 'other' && !/\p{L}/u.test(entry.text)) continue;
    if (entry.role !== 'name' || gap.some((line) => /\p{L}/u.test(line.text))) break;
    attached.add(entry);
    // A scrap of a logo ("EX") over the name ends the run: the lines above it stand apart from the name.
    if (attached.size > 1 && lettersOf(entry.text) < LOGO_SCRAP_LETTERS) break;
    below = entry;
  }
  return attached;
}

/** Whether the text repeats a word of two letters or more of the line, other than a word heading a name. */
function sharesNameWord(line: LetterheadLine, text: string): boolean {
  const lineWords = new Set(wordsOf(line).filter((word) => word.length >= 2 && !NAME_HEAD_WORDS.has(word)));
  return phraseText(text)
    .split(' ')
    .some((word) => lineWords.has(word));
}

function wordsOf(entry: LetterheadLine): string[] {
  return phraseText(entry.text).trim().split(' ').filter(Boolean);
}

/** One name read over consecutive letterhead lines. */
function joinedName(parts: readonly LetterheadLine[], confidence: number): Candidate {
  const first = parts[0] as LetterheadLine;
  const last = parts[parts.length - 1] as LetterheadLine;
  return {
    ...candidate(
      first.line,
      parts.map((part) => part.text).join(' '),
      first.start,
      first.end,
      confidence,
      true,
      TRADING,
    ),
    raw: parts.map((part) => part.line.text.slice(part.start, part.end)).join('\n'),
    span: { line: first.line.index, start: first.start, endLine: last.line.index, end: last.end },
  };
}

/** Words of a property for a part or a detail of an organisation (its address, number, dates), not its name. */
export const NAME_DETAIL_PHRASES: readonly string[] = [
  'address',
  'street',
  'zip',
  'postal',
  'postcode',
  'city',
  'state',
  'country',
  'code',
  'phone',
  'fax',
  'email',
  'website',
  'iban',
  'customer',
  'buyer',
  'bill to',
  'ship to',
  'recipient',
  'tax',
  'vat',
  'id',
  'number',
  'reference',
  'registration',
  'date',
  'total',
  'amount',
  'logo',
];

/** The name stands in its cell after a delivery address's label ("Lieferadresse: Acme AG | ..."): the consignee's. */
function afterDeliveryLabel(text: string, start: number): boolean {
  const cell =
    text
      .slice(0, start)
      .split(/\s{2,}/)
      .at(-1) ?? '';
  return cell.trim() !== '' && hasAnyPhrase(phraseText(cell), DELIVERY_ADDRESS_LABELS);
}

/**
 * The letterhead's name printed again further down with its legal form ("Northwind Cloud" at the
 * top, "Northwind Cloud, LLC" under "Service provider:" or in the footer): the issuer's legal name,
 * which a property for the legal name prefers to the letterhead's short name.
 */
function withLetterheadLegalNames(organizations: readonly Candidate[], letterhead: readonly Candidate[]): Candidate[] {
  const names = new Set(
    letterhead
      .filter((name) => name.relations.includes('issuer') && typeof name.value === 'string')
      .map((name) => phraseText(name.value as string)),
  );
  return organizations.map((organization) => {
    if (organization.layout === 'letterhead' || typeof organization.value !== 'string') return organization;
    const body = organization.value.replace(TRAILING_FORMS, '');
    const repeats = body !== organization.value && names.has(phraseText(body));
    return repeats ? { ...organization, relations: LEGAL_NAME } : organization;
  });
}

export const issuerGenerator: CandidateGenerator = {
  name: 'issuer',
  relations: [
    {
      relation: 'issuer',
      propertyPhrases: [
        'store name',
        'store',
        'merchant',
        'company',
        'company name',
        'vendor',
        'seller',
        'supplier',
        'issuer',
        'shop',
        'restaurant',
        'business name',
        'sold by',
        'issued by',
        // The issuer of a bill or a pay slip: the utility, the lender, the employer. (Not "bank":
        // an invoice's bank is the one its payee banks with.)
        'utility',
        'biller',
        'lender',
        'insurer',
        'employer',
        'employer name',
      ],
      // A part or a detail of the issuer ("seller street", "vendor tax id") is not its name.
      excludedBy: NAME_DETAIL_PHRASES,
    },
    {
      relation: 'legal_name',
      propertyPhrases: ['company', 'company name', 'legal name', 'registered name', 'legal entity'],
      excludedBy: NAME_DETAIL_PHRASES,
    },
    {
      relation: 'trading_name',
      propertyPhrases: [
        'store name',
        'store',
        'shop',
        'shop name',
        'restaurant',
        'merchant',
        'merchant name',
        'brand',
        'trading name',
        'trade name',
        'outlet',
      ],
      excludedBy: NAME_DETAIL_PHRASES,
    },
  ],
  generate(model: DocumentModel): Candidate[] {
    const wrapped = wrappedNames(model);
    const letterhead = letterheadNames(model, wrapped);
    const legal = withLetterheadLegalNames(legalFormOrganizations(model, wrapped), letterhead);
    const thanked = completingLetterhead(thankedNames(model), letterhead);
    return confirmedByDomain(model, [...legal, ...letterhead, ...thanked]);
  },
};
