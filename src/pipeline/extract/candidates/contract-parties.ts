import {
  AGREEMENT_NOUNS,
  LOAN_OUT_PHRASES,
  NAME_SUFFIXES_AFTER_COMMA,
  PARTY_CLAUSE_ENDS,
  PARTY_DESCRIPTORS,
  PARTY_ROLE_LABELS,
  PLURAL_PARTY_DESCRIPTORS,
  SENTENCE_OPENERS,
} from '../lexicon/contract-words.js';
import { escapeRegExp } from '../lexicon/escape-regexp.js';
import { AMBIGUOUS_LEGAL_FORM_PATTERN, LEGAL_FORM_PATTERN } from '../lexicon/legal-forms.js';
import { SALUTATION_WORDS } from '../lexicon/letterhead.js';
import { type DocumentModel, streamSpan } from '../model/document-model.js';
import { parseOrganization } from '../parse-identifiers.js';
import { attachmentParties } from './attachment-parties.js';
import type { Candidate, CandidateGenerator, RelationSpec } from './candidate.js';
import { firstPersonParties, signer } from './first-person-parties.js';
import { isAddressOnly, startsWithHouseNumber } from './letterhead-lines.js';
import { cellUnder, partiesListCandidate } from './parties-list.js';
import { ABBREVIATED, LEGAL_FORM_AT_END, partyAliases, resolvedAlias } from './party-aliases.js';
import { labelledPartiesCandidate } from './party-labels.js';
import { signatoriesCandidate } from './party-signatures.js';
import { sentenceBounds } from './prose-text.js';

/**
 * The parties of an agreement, as one list: from the clause that introduces them ("by and between
 * A, a Delaware corporation ("Company"), and B") or from a party block ("BETWEEN:" / A / "AND" / B).
 * Names keep their legal form ("Acme, Inc.") and lose their aliases, descriptions and addresses.
 */

export const PARTY_RELATIONS: readonly RelationSpec[] = [
  {
    relation: 'parties',
    // "party_names", "party": a list property named in the singular asks for the parties too.
    propertyPhrases: ['parties', 'contracting parties', 'signatories', 'counterparties', 'party', 'party names'],
  },
];

/** Parties are introduced near the start; later "between" clauses are about something else. */
const SEARCH_CHARS = 20_000;
const MAX_CLAUSE_CHARS = 900;
const INTRODUCER =
  /\b(?:by\s+and\s+between|by\s+and\s+among|between|among|parties(?=\s*:)|(?:entered\s+into|made)(?:(?:\s+\w+){0,3}?|\s+as\s+of\s+the\s+[\w ]{0,50}?\b(?:below|above|hereof|herein)|\s+(?:as\s+of|on)\s+\d[\d/.-]*|\s+(?:as\s+of|on|effective)\s+[\w ,]{0,30}?\d{4},?)\s+by(?!\s+and\b))\b\s*:?\s*/gi;
const CLAUSE_END = new RegExp(
  `\\b(?:${PARTY_CLAUSE_ENDS.map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')).join('|')})\\b`,
  'i',
);
/** ", a Delaware corporation", ", with offices at": not ", a.s." (a legal form). */
const DESCRIPTOR_AFTER_COMMA = new RegExp(`,\\s+(?:${PARTY_DESCRIPTORS.join('|')})\\b(?!\\.[a-z])`);
/** Lower-case words that start a description without a comma ("417 QR Delta Partners, LLC a Nevada company"). */
const DESCRIPTOR_WORDS =
  'a|an|with|having|located|whose|which|organized|organised|incorporated|represented|residing|together|acting|hereinafter|hereafter|herein|each|as|in|on|at|for|is|are|shall|effective|dated';
const DESCRIPTOR_WITHOUT_COMMA = new RegExp(`\\s(?:${DESCRIPTOR_WORDS})\\s`);
/** A piece of the clause that starts with a description (" of 4 Harbour Row" after an alias), not with a name. */
const DESCRIPTION_START = new RegExp(`^\\s*(?:of|${DESCRIPTOR_WORDS})\\s`);
/** Between parties: an aside and "and" (or "with" before a capital: "by A ("A") with B ("B")"), a semicolon, "and", "- AND -". */
const SEPARATOR =
  /\s*(?:¦[\s,;]*(?:(?:and|AND|And)\s+(?:by\s+)?|with\s+(?=\p{Lu}))?|;\s*(?:and\s+)?|,?\s+(?:and|AND|And)\s+(?:by\s+(?=\p{Lu}))?|\s+-+\s*AND\s*-+\s+)\s*/u;
const SEPARATORS = new RegExp(SEPARATOR.source, 'gu');
/**
 * How a line numbers its item, null when it numbers none: "(1)" and "(2)" give "(1)", "(a)" gives
 * "(a)", "(A)" gives "(A)". A list goes on in one style: recitals lettered "(A)", "(B)" under
 * parties numbered "(1)", "(2)" are another list.
 */
function enumeratorStyle(line: string): string | null {
  const enumerator = ENUMERATOR.exec(line.trim());
  return enumerator
    ? enumerator[0]
        .trim()
        .replace(/\d+/g, '1')
        .replace(/\p{Lu}+/gu, 'A')
        .replace(/\p{Ll}+/gu, 'a')
    : null;
}

/** "BETWEEN:", "by and among" at a line's end, over the parties' list (or a heading "PARTIES", below). */
const BLOCK_INTRODUCER = /^\s*(?:.*\b)?(?:between|among)\s*:?\s*$/i;
const LINE_ENDS_WITH_AND = /[,;]\s*(?:and|AND|And)\s*$/;
const BLOCK_AND = /^\s*[-–—]*\s*(?:and|AND|And|&)(?!\p{L})\s*:?\s*[-–—]*\s*(.*)$/u;
/** What follows a name in a heading rather than belongs to it: a date, "This Agreement", a rule of dashes. */
const AFTER_NAME_IN_HEADING =
  /\s(?:This|THIS|Dated|DATED|Effective|EFFECTIVE|Source:)\s|[-_=]{3,}|\s(?:[A-Z][a-z]+|[A-Z]+)\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}/;
/** "(1)", "(a)", "(ii)", "1.", "a)": the number of a party in a list. */
const ENUMERATOR = /^(?:\(\s*(?:\d{1,2}|[a-z]|[ivx]{1,4})\s*\)|(?:\d{1,2}|[a-z])[.)])\s+/i;
/** A role's label before a party's name ("Disclosing Party:", "Receiving Party :"): a few words and a colon. */
const ROLE_LABEL_BEFORE = /^(?:\p{L}+\s+){0,2}\p{L}+\s*:\s+(?=[\p{Lu}\p{N}])/u;
/** "PETER HALL of 22 Elm Road", "JANE DOE of Flat 3, 19 High Street": a person's address after "of" ends the name. */
const PERSON_ADDRESS = /\s+of\s+(?=(?:\p{Lu}\p{L}*\.?\s+)?\d+\p{L}?,?\s+(?:\d+\p{L}?\s+)?\p{Lu})/u;
/**
 * A period, then a capitalised word before a lower-case one or a word that opens sentences: the next
 * sentence. Not the period of a middle initial ("John A. Marsh and Sons").
 */
const SENTENCE_AFTER_STOP = new RegExp(
  `(?<!(?:^|\\s)\\p{Lu})\\.\\s+(?=\\p{Lu}\\p{Ll}+\\s+\\p{Ll}|(?:${SENTENCE_OPENERS.join('|')})\\s)`,
  'u',
);
/** A date phrase that opens the sentence naming the parties ("Effective as of October 3, 2021,"). */
const LEADING_DATE = /^\s*(?:Effective|EFFECTIVE|Dated|DATED|As of|AS OF)(?!\p{L})[^;]{0,40}?\d{4}\s*,\s*/u;
/** A piece of the opening that starts with these words is the agreement itself or its date, not a party. */
const NOT_A_NAME_START = /^(?:This|THIS|Each|EACH|Such|Said|Effective|EFFECTIVE|Dated|DATED|As of|AS OF)(?!\p{L})/u;
const SUFFIX_AFTER_COMMA: ReadonlySet<string> = new Set(NAME_SUFFIXES_AFTER_COMMA);
const AFTER_LEGAL_FORM = new RegExp(
  `((?<![\\p{L}\\p{N}])${LEGAL_FORM_PATTERN})\\s+(?:\\d|\\p{Lu}{2,4}\\s+\\d|(?:${AGREEMENT_NOUNS.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}]))`,
  'iu',
);

/** A legal form, its comma, then a street's name and a house number ("GmbH, Lindenweg 12,", "Oy, Rantakatu 4 B"). */
const STREET_AFTER_LEGAL_FORM = new RegExp(
  `((?<![\\p{L}\\p{N}])(?:${LEGAL_FORM_PATTERN}|${AMBIGUOUS_LEGAL_FORM_PATTERN})),\\s+(?=[\\p{L}'’.-]+(?:\\s+[\\p{L}'’.-]+){0,3}\\s+\\d{1,5}\\p{L}?(?:[\\s,]|$))`,
  'u',
);

/** Parenthesised and quoted asides (aliases, notes) become a separator mark (a broken bar, which prose does not use); two passes reach nested ones. */
function withoutAsides(text: string): string {
  return text
    .replace(ASIDE, asideOrWord)
    .replace(ASIDE, asideOrWord)
    .replace(QUOTED_NAME, '$1$2')
    .replace(NICKNAME, '‘$1’')
    .replace(/[«“"][^»”"]{0,60}[»”"]/g, '¦');
}

/** A name printed in quotes where a party is named ("between «Nordvik AS», a company", "and "Beta SA""): the quotes go, the name stays. */
const QUOTED_NAME = /(^\s*|\b(?:between|among|and|AND|And)\s+)[«“"](\p{Lu}[^»”"]{1,80})[»”"](?=\s*,)/gu;

/** 'JOHN "JACK" DALTON': a quoted word between a person's names is a nickname, part of the name (printed in single quotes). */
const NICKNAME = /(?<=\p{Lu}[\p{L}.'’-]*\s)["“](\p{Lu}[\p{L}.'’-]*)["”](?=\s\p{Lu})/gu;

const ASIDE = /\([^()]*\)(?=(\s+[\p{Lu}\p{N}][\p{L}\p{N}]*)?)/gu;

/** An unquoted word in parentheses that the name goes on after ("BØRGEN PARTNERS (OVERSEAS) FEEDER, L.P.") is part of it. */
function asideOrWord(aside: string, next: string | undefined): string {
  const continued = next !== undefined && !/^\s+(?:AND|And)$/.test(next);
  return continued && !/[“”"']/.test(aside) ? aside : '¦';
}

/** A piece of the clause without the description that follows its name ("..., a Delaware corporation, located at"). */
function withoutDescription(piece: string): string {
  // A rule of dashes before the name is the underline of the line above it; "(1)", "(a)", "2." number a list of parties.
  let name = piece
    .trim()
    .replace(/^[-–—_=]{3,}\s*/, '')
    .replace(ENUMERATOR, '');
  // "Disclosing Party: Acme Ltd": a role's label before the name is no part of it.
  name = name.replace(ROLE_LABEL_BEFORE, '');
  const described = DESCRIPTOR_AFTER_COMMA.exec(name);
  if (described) name = withoutOccupation(name.slice(0, described.index));
  const uncommaed = DESCRIPTOR_WITHOUT_COMMA.exec(` ${name} `);
  if (uncommaed) name = name.slice(0, Math.max(0, uncommaed.index - 1));
  for (const address of [PERSON_ADDRESS.exec(name), /,\s+\d/.exec(name)]) {
    if (address) name = name.slice(0, address.index);
  }
  // "Gamma Ltd. Each party agrees", "Beta LLC. The Initial Term": after an abbreviated legal form, a new sentence starts.
  const sentence = SENTENCE_AFTER_STOP.exec(name);
  if (sentence) name = name.slice(0, sentence.index + 1);
  const heading = AFTER_NAME_IN_HEADING.exec(name);
  if (heading) name = name.slice(0, heading.index);
  // "LUMEN BOTANICALS INC. 3rd Floor", "Tel Wave, Inc. AGREEMENT": a name ends at its legal form before an address or a title.
  const ended = AFTER_LEGAL_FORM.exec(name);
  if (ended) name = name.slice(0, ended.index + (ended[1] ?? '').length);
  // "Falkenried Tools GmbH, Lindenweg 12, 20095 Hamburg": a street and its house number after the legal form's comma.
  const street = STREET_AFTER_LEGAL_FORM.exec(name);
  if (street && /^\p{Lu}/u.test(name.slice(street.index + street[0].length)))
    name = name.slice(0, street.index + (street[1] ?? '').length);
  return name;
}

/** A name, its comma and one capitalised word: the word may be a calling ("PAT LEE, Geologist, of 4 Elm Road"). */
const WORD_AFTER_NAME = /^(.*\S),\s+(\p{Lu}\p{Ll}+(?:-\p{Ll}+)?)\s*$/u;

/**
 * "JANE ROE, Geologist, of ...", "ROE CONSULTING INC., Businessperson, having an office at ...":
 * one title-case word between a name and its description is the party's calling, no part of its
 * name, when the name before it ends in a legal form or is printed in capitals.
 */
function withoutOccupation(name: string): string {
  const found = WORD_AFTER_NAME.exec(name);
  if (!found) return name;
  const [, before = '', word = ''] = found;
  if (SUFFIX_AFTER_COMMA.has(word.toLowerCase()) || LEGAL_FORM_START.test(word)) return name;
  const capitals = /\p{Lu}{2}/u.test(before) && !/\p{Ll}/u.test(before);
  return capitals || LEGAL_FORM_AT_END.test(before) ? before : name;
}

/** A legal form as printed after a name's comma ("Foo, A/S", "Foo, SARL", "Foo, Sdn. Bhd."). */
const LEGAL_FORM_START = new RegExp(
  `^(?:${LEGAL_FORM_PATTERN}|${AMBIGUOUS_LEGAL_FORM_PATTERN})(?![\\p{L}\\p{N}])`,
  'u',
);

/** "Maria Gonzalez." at a sentence's end loses the stop; "Acme Inc." and "Beta S.A." keep theirs. */
function withoutSentenceStop(name: string): string {
  const last = /(?<![\p{L}.])(\p{L}{3,})\.$/u.exec(name);
  if (!last || LEGAL_FORM_AT_END.test(name)) return name;
  const word = (last[1] ?? '').toLowerCase();
  return ABBREVIATED.has(word) ? name : name.slice(0, -1);
}

/** The name at the start of a piece of the clause, without its description; null when it is no name. */
export function partyName(piece: string): string | null {
  let name = withoutDescription(piece)
    .replace(/[\s,;:¦]+$/, '')
    .replace(/^[\s,;:¦\-–—_=]+/, '');
  // "and the Riverside Rowing Club, Ltd.": an article before a company's name is no part of it.
  if (/^the\s+\p{Lu}/u.test(name) && LEGAL_FORM_AT_END.test(name)) name = name.slice(4).trimStart();
  // "Mr. Arjun Rao": a form of address before a person's name is no part of it.
  // Not a firm's first word ("SR Technologies Inc."): capitals only with a period, and no legal form at the end.
  const address = /^(\p{Lu}\p{Ll}*\s|\p{L}+\.\s*)(?=\p{Lu})/u.exec(name);
  const word = (address?.[1] ?? '').replace(/[.\s]/g, '').toLowerCase();
  if (address && SALUTATION_WORDS.has(word) && !LEGAL_FORM_AT_END.test(name)) name = name.slice(address[0].length);
  if (name.length < 2 || name.length > 120) return null;
  // "eNet Systems Corp.", "iData, Inc.", "e-Dentist.com, Inc.": a lower-case letter before a capital still starts a name.
  if (!/^(?:[\p{Lu}\p{N}]|\p{Ll}-?\p{Lu})/u.test(name) || NOT_A_NAME_START.test(name)) return null;
  if (!/\p{L}{2}/u.test(name) || /_{3}|\[|\]/.test(name)) return null;
  if (isAddressOnly(name)) return null;
  // "The obligations": a name ends in a capitalised word, a number or a legal form ("s.r.o."), not in a common noun.
  if (/(?:^|\s)\p{Ll}[\p{L}'’-]*[.,]?$/u.test(name) && !LEGAL_FORM_AT_END.test(name)) return null;
  return withoutSentenceStop(name);
}

/** "A, B and C": a comma followed by a capitalised word that is no legal form ("Acme, Inc.") starts another name. */
function splitListed(piece: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (const comma of piece.matchAll(/,\s+(?=([\p{Lu}\p{N}][\p{L}\p{N}./&-]*))/gu)) {
    const word = (comma[1] ?? '').toLowerCase().replace(/\.$/, '');
    if (SUFFIX_AFTER_COMMA.has(word) || LEGAL_FORM_START.test(piece.slice(comma.index + comma[0].length))) continue;
    // "Marlow, Finch & Partners, Inc.": surnames before a firm's "&" are one name.
    if (SURNAMES.test(piece.slice(from, comma.index)) && piece.includes('&', comma.index)) continue;
    parts.push(piece.slice(from, comma.index));
    from = comma.index + comma[0].length;
  }
  parts.push(piece.slice(from));
  return parts;
}

/**
 * "A, a Bermuda company, B Industries, LLC, and C": a name with a legal form that closes the
 * description of the party before it, up to the separator, is the next party of the list.
 */
function listedAfterDescription(piece: string): string[] {
  const kept = withoutDescription(piece).trim();
  const rest = piece.slice(piece.indexOf(kept) + kept.length);
  for (const comma of rest.matchAll(/,\s+(?=([\p{Lu}\p{N}][\p{L}\p{N}./&-]*))/gu)) {
    // "..., a subsidiary of Parent Holdings, Inc.": a legal form after its comma ends a name, it starts none.
    const after = rest.slice(comma.index + comma[0].length);
    if (SUFFIX_AFTER_COMMA.has((comma[1] ?? '').toLowerCase().replace(/\.$/, '')) || LEGAL_FORM_START.test(after))
      continue;
    const tail = rest.slice(comma.index + comma[0].length).replace(/[\s,;]+$/, '');
    const name = partyName(tail);
    // The name runs to the separator, or a description of its own follows it ("B GP, LLC, a Delaware company").
    const described = name !== null && DESCRIBED_NAME.test(tail.slice(name.length));
    const whole = name !== null && (name.length === tail.length || described);
    // A form that is also a word ("DELTA CO.", "Omega Holdings") ends a name when a description follows it.
    // So does a person's name ("Jane A. Roe, an individual").
    const form =
      name !== null &&
      (LEGAL_FORM_AT_END.test(name) ||
        (described && (AMBIGUOUS_FORM_AT_END.test(name) || PERSON_NAME_WORDS.test(name))));
    // "A, a Utah corporation, B, Inc., a Utah corporation, C LLC, a ...": the names after B's description are listed too.
    if (name && whole && form && tail.startsWith(name))
      return [name, ...(described ? listedAfterDescription(tail) : [])];
  }
  return [];
}

/** "Jane A. Roe", "JOHN SMITH": two to four capitalised words, initials among them. */
const PERSON_NAME_WORDS = /^(?:\p{Lu}[\p{L}'’-]*\.?\s+){1,3}\p{Lu}[\p{L}'’-]+$/u;
const AMBIGUOUS_FORM_AT_END = new RegExp(`(?<![\\p{L}\\p{N}])${AMBIGUOUS_LEGAL_FORM_PATTERN}$`, 'u');

const DESCRIBED_NAME = new RegExp(`^${DESCRIPTOR_AFTER_COMMA.source}`);

/** Single capitalised words separated by commas: the surnames that open a firm's name. */
const SURNAMES = /^\s*\p{Lu}[\p{L}'’-]*(?:,\s+\p{Lu}[\p{L}'’-]*)*\s*$/u;
const PLAIN_AND = /^,?\s+(?:and|AND|And)\s+$/;
/** "Granite Partners, LP": a form that is also a word ("LP", "SA", "AB") is one after its name's comma. */
const FORM_AFTER_COMMA = new RegExp(`,\\s*${AMBIGUOUS_LEGAL_FORM_PATTERN}$`, 'u');
/** ", individuals residing in", ", each a Delaware corporation": a description of more than one party. */
const PLURAL_DESCRIPTION = new RegExp(`,\\s+(?:${PLURAL_PARTY_DESCRIPTORS.join('|')})\\b`, 'i');
/** A description that ends naming a place ("incorporated in England", "under the laws of Trinidad"): an "and" after it goes on with the place. */
const PLACE_AT_DESCRIPTION_END = /,\s+\p{Ll}[^¦]*\b(?:in|of)\s+(?:the\s+)?\p{Lu}[\p{L}'’-]*$/u;

/** A piece of the clause said more of than a name: an alias or a description follows it. */
function isDescribed(piece: string, separator: string): boolean {
  if (separator.includes('¦')) return true;
  const bare = (text: string) => text.trim().replace(/[\s,;:]+$/, '');
  return bare(withoutDescription(piece)).length < bare(piece).length;
}

/**
 * The clause cut into pieces at its separators. When every other party is described (an alias, "a
 * Delaware corporation") and a piece without a legal form is joined by a plain "and" to a described
 * one, the "and" is inside a name ("NORTHERN WATER AND POWER COMPANY, a Nebraska corporation").
 */
function clausePieces(marked: string): string[] {
  const pieces: { text: string; separator: string }[] = [];
  let from = 0;
  for (const separator of marked.matchAll(SEPARATORS)) {
    pieces.push({ text: marked.slice(from, separator.index), separator: separator[0] });
    from = separator.index + separator[0].length;
  }
  pieces.push({ text: marked.slice(from), separator: '' });
  const described = pieces.map((piece) => isDescribed(piece.text, piece.separator));
  const named = pieces.map((piece) => partyName(piece.text));
  const joined: string[] = [];
  for (let index = 0; index < pieces.length; index++) {
    const piece = pieces[index] as { text: string; separator: string };
    const name = named[index];
    const inside =
      typeof name === 'string' &&
      !described[index] &&
      PLAIN_AND.test(piece.separator) &&
      described[index + 1] === true &&
      named[index + 1] !== null &&
      !PLURAL_DESCRIPTION.test(pieces[index + 1]?.text ?? '') &&
      !LEGAL_FORM_AT_END.test(name) &&
      !FORM_AFTER_COMMA.test(name) &&
      named.some((other, at) => other !== null && at !== index && at !== index + 1) &&
      named.every((other, at) => other === null || at === index || described[at]);
    // "A, a company incorporated in England and Wales": the "and" joins the words of a place in A's description.
    const place =
      index > 0 &&
      PLAIN_AND.test(pieces[index - 1]?.separator ?? '') &&
      PLACE_AT_DESCRIPTION_END.test(pieces[index - 1]?.text ?? '') &&
      described[index - 1] === true &&
      !(typeof name === 'string' && LEGAL_FORM_AT_END.test(name));
    if (place) {
      joined[joined.length - 1] += `${pieces[index - 1]?.separator}${piece.text}`;
      continue;
    }
    if (!inside) {
      joined.push(piece.text);
      continue;
    }
    const next = pieces[index + 1] as { text: string; separator: string };
    joined.push(`${piece.text}${piece.separator}${next.text}`);
    index++;
  }
  return joined;
}

/** The names in a party clause; a defined short name ("the Consultant") is read as the legal name it stands for. */
function namesOf(
  clause: string,
  aliases: ReadonlyMap<string, string>,
  scheduled: (alias: string) => string | null = () => null,
  signatories: () => readonly string[] = () => [],
  listed: (reference: string) => readonly string[] = () => [],
): string[] {
  const names: string[] = [];
  let unresolved = 0;
  let several = false;
  const attached: string[] = [];
  // "the person(s) or entity": a plural's mark is no aside.
  const plain = clause
    .replace(PLURAL_MARK, (mark) => mark.slice(1, -1))
    .replace(LOAN_OUT, '; ')
    .replace(AND_IN_REFERENCE, (words) => words.replace(/\s+(and)\s+/i, `${WORD_JOINER}$1${WORD_JOINER}`));
  // "The company specified as the Franchisee on SCHEDULE 3 (the "Franchisee")": the name the schedule gives that role
  // (the first of its short names the document names: "you" or "Franchisee").
  const referred = [...plain.matchAll(REFERENCE)].map((reference) => {
    for (const alias of (reference[1] ?? '').matchAll(QUOTED_ALIAS)) {
      const name = scheduled(alias[1] ?? '');
      if (name) return name;
    }
    return null;
  });
  const pieces = clausePieces(withoutAsides(plain))
    // A piece that starts with a description (' of 4 Harbour Row, Dunmore' after an alias) names no party.
    // A reference keeps its words ("the individual whose name appears on the signature page"): "whose" describes no name there.
    // ("each purchaser identified on the signature pages" is a reference, though "each" starts descriptions.)
    .flatMap((piece) =>
      REFERENCE_START.test(piece)
        ? [piece]
        : DESCRIPTION_START.test(piece)
          ? []
          : [...splitListed(withoutDescription(piece)), ...listedAfterDescription(piece)],
    );
  for (const piece of pieces) {
    const reference = REFERENCE_START.test(piece);
    let name = reference ? (referred.shift() ?? null) : (resolvedAlias(piece, aliases) ?? partyName(piece));
    // "and Distributor, as described below", "and Recipient": a role's word alone names no party; the document names it elsewhere.
    const role = name !== null && !reference && ROLES.has(name.toLowerCase().replace(/^the\s+/, ''));
    if (role) name = scheduled(name?.replace(/^the\s+/i, '') ?? '');
    if ((reference || role) && !name) unresolved++;
    if (reference && !name && PLURAL_REFERENCE.test(piece)) {
      several = true;
      attached.push(...listed(piece));
    }
    if (name && !names.some((known) => sameParty(known, name))) names.push(name);
  }
  // "and the undersigned company", "the customer identified on the signature page": a party named
  // nowhere else is the signatory who is none of the parties the clause names.
  // "the persons and entities listed on Schedule A", "the Purchasers named below": every such signatory.
  if (unresolved > 0) {
    // The names the attachment it refers to lists ("listed on Schedule A"), else the signatories.
    const others = (attached.length > 0 ? attached : signatories()).filter(
      (name) => !names.some((known) => sameParty(known, name)),
    );
    names.push(...(several ? others : others.slice(0, unresolved)));
  }
  return names;
}

/** "Tee Time Productions, Inc., f/s/o Jack Dalton": the company and the person whose services it lends are two parties. */
const LOAN_OUT = new RegExp(`,?\\s+(?:${LOAN_OUT_PHRASES.map(escapeRegExp).join('|')})\\s+(?=\\p{Lu})`, 'giu');

/** Two printings of one party's name: the same letters and digits, whatever the case and punctuation. */
function sameParty(a: string, b: string): boolean {
  const bare = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  return bare(a) === bare(b);
}

/** The verbs that say where a party named elsewhere is named. */
const REFERENCE_VERBS =
  '(?:specified|named|identified|listed|indicated|set\\s+(?:out|forth)|described|signing\\s+below|executing\\s+below|whose\\s+(?:name|signature)\\s+(?:appears|is\\s+(?:set\\s+forth|printed|written)))';
/**
 * A party named elsewhere: "the party named as the Distributor in Annex C", "the party named in
 * Item 5 of the Schedule", "the company identified below", "the individual or entity signing below",
 * "the persons and entities listed on Schedule A" (its "and" joined by a word joiner, below).
 */
const REFERENCE_WORDS = `(?:(?:the|a|any|each|every|all)\\s+(?:[\\p{L}\u2060-]+\\s+){1,5}?(?:or\\s+parties\\s+)?${REFERENCE_VERBS}|the\\s+undersigned)\\b`;
/** "the persons and entities listed": an "and" between the nouns of a reference, which joins no two parties ("the Company and the agents named" are two). */
const AND_IN_REFERENCE = new RegExp(
  `\\b(?:the|any)\\s+(?:\\p{L}+\\s+){1,2}?and\\s+(?!(?:the|a|an|any|each)\\s)(?:\\p{L}+\\s+){1,2}?(?=${REFERENCE_VERBS}\\b)`,
  'giu',
);
const WORD_JOINER = '\u2060';
/** A reference to several parties: "each purchaser identified", its nouns joined by "and", or a noun in the plural ("the Purchasers listed"). */
const PLURAL_REFERENCE = new RegExp(
  `^\\s*(?:(?:each|every|all)\\s|(?:the|any)\\s+(?:[\\p{L}-]+\\s+){0,3}?(?:\\S*${WORD_JOINER}and${WORD_JOINER}\\S*|\\p{L}{3,}s(?<!ss)(?<!\\b(?:this|does|goes)))\\s+(?:[\\p{L}-]+\\s+){0,4}?${REFERENCE_VERBS})`,
  'iu',
);
const REFERENCE_START = new RegExp(`^\\s*${REFERENCE_WORDS}`, 'iu');
/** The reference and the short names it defines (group 1, in an aside), which the schedule or the signatures give a name. */
const REFERENCE = new RegExp(`${REFERENCE_WORDS}[^"“”()]{0,120}\\(([^()]{1,80})\\)`, 'giu');
/** A quoted short name in a reference's aside: "(the "Franchisee")", "("you" or "Franchisee")". */
const QUOTED_ALIAS = /["“]([^"“”]{1,40})["”]/g;
/** "person(s)", "business(es)": the mark of a plural. */
const PLURAL_MARK = /(?<=\p{L})\((?:s|es)\)/gu;

/**
 * The name a document gives a role anywhere, for a clause that refers to it: a label line ("The
 * Franchisee: ACME SP ZO.O", a schedule's) or a definition ("ACME SP ZO.O (the "Franchisee")", a signature's).
 */
function scheduledNames(model: DocumentModel): (alias: string) => string | null {
  let everywhere: Map<string, string> | undefined;
  return (alias) => {
    if (alias === '') return null;
    const label = new RegExp(`^\\s*(?:the\\s+)?${escapeRegExp(alias)}\\s*:\\s*(.*)$`, 'i');
    for (const line of model.lines) {
      for (const [at, cell] of line.cells.entries()) {
        const labelled = label.exec(cell.text);
        if (!labelled) continue;
        // Beside its label, in the next column, or under a label alone in its column (a signature block's "RECIPIENT:" over the name).
        const value =
          (labelled[1] ?? '').trim() ||
          line.cells[at + 1]?.text ||
          (cellUnder(model, line.index, cell.start).cell?.text ?? '');
        const name = partyName(withoutAsides(value).split(SEPARATOR)[0] ?? '');
        if (name) return name;
      }
    }
    everywhere ??= partyAliases(model.prose.text);
    return everywhere.get(alias.toLowerCase()) ?? null;
  };
}

const AGREEMENT_NOUN = `(?:${AGREEMENT_NOUNS.map(escapeRegExp).join('|')})`;
/** Before "between" in its sentence: the agreement and the verb that makes it ("This Agreement is entered into ... by and"). */
const OPENING_SENTENCE = new RegExp(
  `\\b${AGREEMENT_NOUN}\\b.{0,300}?\\b(?:made|entered|executed|dated|concluded|effective|is|are)\\b`,
  'is',
);
/** "THIS AGREEMENT", "This Supply Agreement": the start of an agreement's opening sentence. */
/** The noun as a heading or a sentence's start prints it: "AGREEMENT", "Agreement" (not "agreement" inside a clause). */
const CAPITALISED_AGREEMENT_NOUN = `(?:${AGREEMENT_NOUNS.flatMap((noun) => [
  noun.toUpperCase(),
  noun.replace(/(^|\s)\p{Ll}/gu, (letter) => letter.toUpperCase()),
  noun.replace(/^\p{Ll}/u, (letter) => letter.toUpperCase()),
])
  .map(escapeRegExp)
  .join('|')})`;
/** Case matters: "to this Agreement" inside an aside starts nothing. */
const NEXT_OPENING = new RegExp(`\\b(?:THIS|This)\\s+(?:[\\p{L}-]+\\s+){0,4}?${CAPITALISED_AGREEMENT_NOUN}\\b`, 'u');

function clauseCandidates(model: DocumentModel): Candidate[] {
  const text = model.prose.text.slice(0, SEARCH_CHARS);
  const aliases = partyAliases(text);
  const scheduled = scheduledNames(model);
  let signed: readonly string[] | undefined;
  const signatories = () => {
    // The organisations over the signature blocks, then a person who signs for themself ("/s/ Jane Roe").
    const person = signer(model)?.name;
    const listed = signatoriesCandidate(model, partyName).flatMap((candidate) => candidate.value as string[]);
    signed ??= person && !listed.some((name) => sameParty(name, person)) ? [...listed, person] : listed;
    return signed;
  };
  const candidates: Candidate[] = [];
  let openingSeen = false;
  INTRODUCER.lastIndex = 0;
  for (let match = INTRODUCER.exec(text); match; match = INTRODUCER.exec(text)) {
    // "Parties: A ("Alpha") and B ("Beta")." introduces them as a label at a line's start does, not mid-sentence.
    if (/^parties/i.test(match[0]) && !startsLine(model, match.index)) continue;
    const start = match.index + match[0].length;
    const [sentenceStart, sentenceEnd] = sentenceBounds(text, start, start);
    let end = Math.min(sentenceEnd, start + MAX_CLAUSE_CHARS);
    // A heading's "BETWEEN A AND B" ends where the agreement's own opening ("THIS AGREEMENT is made ...") begins.
    for (const stop of [CLAUSE_END.exec(text.slice(start, end)), NEXT_OPENING.exec(text.slice(start, end))]) {
      if (stop) end = Math.min(end, start + stop.index);
    }
    // "Parties: A and B" over "Term: 2 years": a label's value ends before the next line's label.
    if (/^parties/i.test(match[0])) end = Math.min(end, nextLabelLine(model, start, end));
    const names = namesOf(text.slice(start, end), aliases, scheduled, signatories, (reference) =>
      attachmentParties(model, reference, partyName),
    );
    if (names.length === 0) continue;
    // The sentence that makes the agreement ("This Agreement is made ... between") names its parties, ahead of a heading's.
    const opening = !openingSeen && OPENING_SENTENCE.test(text.slice(sentenceStart, match.index));
    if (opening) openingSeen = true;
    const first = candidates.length === 0;
    candidates.push({
      kind: 'organization',
      value: names,
      raw: text.slice(start, end),
      span: streamSpan(model.prose, start, end),
      kindConfidence: names.length >= 2 ? (opening ? 0.9 : first ? 0.8 : 0.7) : 0.5,
      layout: 'prose',
      relations: ['parties'],
      labelWords: [],
    });
  }
  return candidates;
}

/** "Term: 2 years", "Governing Law: Ohio": a line that opens with a short label and its colon. */
const LABEL_LINE = /^\s*\p{Lu}[\p{L}'’-]*(?:\s+[\p{L}'’-]+){0,3}\s*:\s*\S/u;

/** The stream offset in `start`..`end` where a line opening with a label starts, else `end`. */
function nextLabelLine(model: DocumentModel, start: number, end: number): number {
  for (let offset = start + 1; offset < end; offset++) {
    const line = model.prose.lineAt[offset];
    if (line === model.prose.lineAt[offset - 1] || !startsLine(model, offset)) continue;
    if (LABEL_LINE.test(model.lines[line ?? -1]?.text ?? '')) return offset;
  }
  return end;
}

/** The stream character at `offset` is the first printed on its line. */
function startsLine(model: DocumentModel, offset: number): boolean {
  const line = model.lines[model.prose.lineAt[offset] ?? -1];
  return line !== undefined && line.text.slice(0, model.prose.columnAt[offset] ?? 0).trim() === '';
}

/** A line that starts in lower case or with an aside: it goes on describing the party above it. */
const DESCRIPTION_LINE = /^[\p{Ll}(]/u;

/** "B E T W E E N :" letter-spaced as a heading -> "BETWEEN:". */
function unspaced(line: string): string {
  return /^\s*(?:\p{L}\s){3,}\p{L}\s*:?\s*$/u.test(line) ? line.replace(/(\p{L})\s(?=\p{L})/gu, '$1') : line;
}

/** A heading "PARTIES" alone on its line. */
const PARTIES_HEADING = /^\s*(?:\d{1,2}\.?\s+)?(?:the\s+)?parties\s*:?\s*$/i;

/** A paragraph that names a party: an organisation's name, or a name with an address or a role after it. */
function isPartyParagraph(line: string): boolean {
  const name = partyName(withoutAsides(line).split(SEPARATOR)[0] ?? '');
  return name !== null && (LEGAL_FORM_AT_END.test(name) || PERSON_ADDRESS.test(line) || /\)\s*[;,.]?\s*$/.test(line));
}

/** A line that opens with the words of the recitals or of the operative part ("BACKGROUND", "Whereas,", "AGREED TERMS"). */
const RECITALS_START = new RegExp(`^(?:${CLAUSE_END.source})`, 'i');

/** "BETWEEN:" on a line of its own, then a party, a line "AND", another party. */
function blockCandidates(model: DocumentModel): Candidate[] {
  const lines = model.lines;
  const limit = Math.min(lines.length, 200);
  for (let index = 0; index < limit; index++) {
    const introducer = unspaced(lines[index]?.text ?? '');
    // Under a "Parties" heading, a paragraph may name a party without "and" or a number before it.
    const heading = PARTIES_HEADING.test(introducer);
    if (!heading && !BLOCK_INTRODUCER.test(introducer)) continue;
    const found = partiesBelow(model, index, heading, 0.92);
    if (found.length > 0) return found;
  }
  // No heading: a numbered list near the start whose first item is an organisation ("(1) Acme Limited (company number ...)").
  const first = lines
    .slice(0, Math.min(lines.length, NUMBERED_LIST_LINES))
    .find((line) => isFirstListedParty(line.text));
  return first ? partiesBelow(model, first.index - 1, false, 0.75) : [];
}

/** Lines near the start a numbered list of parties without a heading may begin on. */
const NUMBERED_LIST_LINES = 60;
const FIRST_ENUMERATOR = /^\s*(?:\(\s*(?:1|a|i)\s*\)|1[.)])\s+/i;

/** "(1) NORTHGATE LIMITED (company number 0123) whose ...": the first item of a list, naming an organisation. */
function isFirstListedParty(line: string): boolean {
  if (!FIRST_ENUMERATOR.test(line)) return false;
  const name = partyName(withoutAsides(line).split(SEPARATOR)[0] ?? '');
  return name !== null && LEGAL_FORM_AT_END.test(name);
}

/** The parties listed on the lines under line `index` (an introducer, a heading, or the line before a numbered list). */
function partiesBelow(model: DocumentModel, index: number, heading: boolean, confidence: number): Candidate[] {
  const lines = model.lines;
  const names: string[] = [];
  let expectName = true;
  let enumerated: string | null = null;
  let last = index;
  let paragraph = false;
  for (let next = index + 1; next < Math.min(lines.length, index + 30); next++) {
    const line = lines[next]?.text.trim() ?? '';
    if (line === '' || line === '\f') {
      paragraph = heading && names.length > 0;
      continue;
    }
    if (CLAUSE_END.test(line) && !expectName) break;
    // "BACKGROUND", "WHEREAS:", "IT IS AGREED": the recitals or the terms start; the list is over even after "; and".
    if (RECITALS_START.test(line)) break;
    const and = BLOCK_AND.exec(line);
    // "(1) A ... (the "Company")" over several lines, then "(2) B": a list's next number starts the next party.
    const style = enumeratorStyle(line);
    if (enumerated && !expectName && style === enumerated) expectName = true;
    // "(A) The Discloser wishes to ..." under "(1) ...", "(2) ...": an item of another list ends the parties'.
    if (enumerated && style !== null && style !== enumerated) break;
    if (and && !expectName) {
      expectName = true;
      if ((and[1] ?? '').trim() === '') continue;
    }
    const named = paragraph && !expectName && isPartyParagraph(line);
    paragraph = false;
    if (named) expectName = true;
    if (!expectName) continue;
    // A party's address under its name ("220 W. Fourth Street," / "IL 62701") names no other party.
    const addressOnly = (isAddressOnly(line) || (startsWithHouseNumber(line) && !parseOrganization(line))) && !style;
    if (!and && names.length > 0 && addressOnly) {
      expectName = false;
      continue;
    }
    const name = partyName(withoutAsides(and?.[1] || line).split(SEPARATOR)[0] ?? '');
    // "BRACKEN ORES LTD.," over "a company incorporated under ...": the line describes the name above it.
    if (!name && names.length > 0 && DESCRIPTION_LINE.test(line)) {
      expectName = false;
      continue;
    }
    if (!name) break;
    if (!names.includes(name)) names.push(name);
    if (names.length === 1) enumerated = enumeratorStyle(and?.[1] || line);
    last = next;
    // "A," on one line and "B" on the next list two parties without an "and" between them; "A ...; and" ends with it.
    // A comma after a description ("A, a company incorporated under the Companies Act,") lists no other party.
    const whole = line.replace(/[\s,]+$/, '').endsWith(name);
    expectName = (whole && line.endsWith(',')) || LINE_ENDS_WITH_AND.test(line);
  }
  if (names.length < 2) return [];
  return partiesListCandidate(model, names, { first: index + 1, last }, confidence, 'prose');
}

/** "A ("Company") and B ("Consultant") agree ...": the parties named before the verb of the opening sentence. */
const AGREEING_VERB = /\s(?:agree|hereby agree|by this agreement|enter into|have agreed)\b/i;

function openingSentenceCandidate(model: DocumentModel): Candidate[] {
  const text = model.prose.text.slice(0, 4000);
  const verb = AGREEING_VERB.exec(text);
  if (!verb) return [];
  // The sentence starts at its paragraph: the first line of the block, or after a heading line.
  const [sentenceStart] = sentenceBounds(text, verb.index, verb.index);
  let start = verb.index;
  const verbLine = model.prose.lineAt[verb.index] ?? 0;
  while (start > sentenceStart) {
    const line = model.lines[model.prose.lineAt[start - 1] ?? 0];
    if (!line || line.index < verbLine - 8 || isHeadingLine(line.text)) break;
    // A blank line (a paragraph's start), a label line above it ("Dated: May 1, 2012") or a salutation
    // ("Ladies and Gentlemen:") is no part of the sentence.
    const gap = line.index < (model.prose.lineAt[start] ?? line.index) - 1;
    const salutation = line.index < verbLine && /:\s*$/.test(line.text);
    if (gap || salutation || LABEL_LINE.test(line.text)) break;
    start--;
  }
  // "Effective as of October 3, 2021, A and B agree": the date before the parties is none of them.
  const names = namesOf(text.slice(start, verb.index).replace(LEADING_DATE, ''), partyAliases(text));
  if (names.length < 2) return [];
  return [
    {
      kind: 'organization',
      value: names,
      raw: text.slice(start, verb.index),
      span: streamSpan(model.prose, start, verb.index),
      kindConfidence: 0.6,
      layout: 'prose',
      relations: ['parties'],
      labelWords: [],
    },
  ];
}

/** A heading line: short, and centred or in capitals. */
function isHeadingLine(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > 80) return trimmed === '';
  const indent = text.length - text.trimStart().length;
  return indent >= 12 || (trimmed === trimmed.toUpperCase() && /\p{Lu}{3}/u.test(trimmed));
}

const ROLES: ReadonlySet<string> = new Set(PARTY_ROLE_LABELS);

/** The opening a letter agreement defines its parties in. */
const DEFINED_OPENING_CHARS = 2500;
const MAX_DEFINED_PARTIES = 4;

/**
 * A letter agreement that names its parties in no clause ("Stonegate LLC ("Stonegate") has requested
 * information regarding Arcadia, Inc. (the "Company")"): the organisations its opening defines by short names.
 */
function definedPartiesCandidate(model: DocumentModel): Candidate[] {
  const text = model.prose.text.slice(0, DEFINED_OPENING_CHARS);
  // An organisation by its legal form; a person by the role its short name gives it ("Jane Roe ("Recipient")").
  const defined = [...partyAliases(text).entries()].filter(
    ([alias, name]) => LEGAL_FORM_AT_END.test(name) || (ROLES.has(alias) && partyName(name) === name),
  );
  const names = [...new Set(defined.map(([, name]) => name))];
  if (names.length < 2 || !names.some((name) => LEGAL_FORM_AT_END.test(name))) return [];
  const lineOf = (name: string) => model.prose.lineAt[Math.max(0, text.indexOf(name))] ?? 0;
  const kept = names.slice(0, MAX_DEFINED_PARTIES);
  const lines = { first: lineOf(kept[0] ?? ''), last: lineOf(kept[kept.length - 1] ?? '') };
  return partiesListCandidate(model, kept, lines, 0.35, 'prose');
}

export const contractPartiesGenerator: CandidateGenerator = {
  name: 'contract-parties',
  relations: PARTY_RELATIONS,
  generate: (model) => {
    const candidates = [
      ...blockCandidates(model),
      ...clauseCandidates(model),
      ...openingSentenceCandidate(model),
      ...signatoriesCandidate(model, partyName),
      ...firstPersonParties(model),
      ...labelledPartiesCandidate(model, (text) => partyName(withoutAsides(text).split(SEPARATOR)[0] ?? '')),
    ];
    // Only when nothing names the parties as such: the defined short names are weaker evidence than any of the above.
    return candidates.some((candidate) => Array.isArray(candidate.value) && candidate.value.length >= 2)
      ? candidates
      : [...candidates, ...definedPartiesCandidate(model)];
  },
};
