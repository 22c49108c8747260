import { ABBREVIATIONS_IN_NAMES, NAME_SUFFIXES_AFTER_COMMA } from '../lexicon/contract-words.js';
import { LEGAL_FORM_PATTERN } from '../lexicon/legal-forms.js';

/**
 * The short names an agreement defines for its parties ("Clinic Supply & Care, Inc. ("CSC")",
 * "MERIDIAN COUNSEL SERVICES COMPANY, a statutory trust (the "Consultant")"), so that a clause
 * naming the parties by them ("between the Consultant and MCSC") can be read as their legal names.
 */

/** A defined short name in parentheses: ("PSS"), (the "Adviser"), (hereinafter referred to as the "Recipient"). */
const DEFINITION =
  /\(\s*(?:(?:the|each|hereinafter|hereafter|herein|referred|to|as|called|collectively|individually|together|with)\s+)*[«“"']([^»”"'()]{1,40})[»”"']\s*(?:(?:or|and)\s+(?:the\s+)?[«“"']([^»”"'()]{1,40})[»”"']\s*)?\)/g;
/** Where the text naming a party starts, at the latest: a closing parenthesis, a sentence end (not a middle initial's "J. "), a clause break, a recital's opening word. */
const NAME_BOUNDARY =
  /[);:]|(?<!(?:^|[\s(])\p{Lu})\.\s+(?=\p{Lu}\p{Ll})|\b(?:between|among|and|AND|by|that|BETWEEN|AMONG)\s+(?=\p{Lu})|\b(?:WHEREAS|Whereas|RECITALS|Recitals|WITNESSETH|Witnesseth)\b[\s,:.]*/gu;
/** A description after the name: ", a Delaware corporation", ", with offices at". */
const DESCRIPTION_AFTER =
  /,?\s+(?:a|an|the|with|having|located|whose|which|organized|organised|incorporated|residing|each)\s/g;
/** Small words that may stand inside a name ("Bank of America", "Procter & Gamble"). */
const NAME_CONNECTORS = new Set(['of', '&', 'de', 'du', 'des', 'la', 'le', 'del', 'der', 'und', 'et', 'y', 'for']);
const LOOK_BACK = 300;

/** The name just before a definition: the last run of capitalised words (and connectors) before its description. */
export function nameBefore(text: string): string | null {
  let piece = text;
  for (const boundary of text.matchAll(NAME_BOUNDARY)) piece = text.slice(boundary.index + boundary[0].length);
  // The description that follows a name: the first one with a name before it (", a corporation ..., and ... Acme, Inc." has none).
  for (const described of piece.matchAll(DESCRIPTION_AFTER)) {
    if (!/[\p{Lu}\p{N}.][^\s]*$/u.test(piece.slice(0, described.index).trimEnd())) continue;
    piece = piece.slice(0, described.index);
    break;
  }
  const tokens = piece.trim().replace(/,$/, '').split(/\s+/);
  let first = tokens.length;
  while (first > 0) {
    const token = tokens[first - 1] ?? '';
    if (!/^[\p{Lu}\p{N}]/u.test(token) && !NAME_CONNECTORS.has(token)) break;
    first--;
  }
  while (first < tokens.length && NAME_CONNECTORS.has(tokens[first] ?? '')) first++;
  const name = tokens.slice(first).join(' ').replace(/,$/, '');
  return /\p{L}{2}/u.test(name) && name.length <= 120 ? name : null;
}

/** A definition that names the party after its short name: 'the "Company" means Acme, Inc., a Delaware corporation'. */
const MEANS_DEFINITION = /[«“"]([^»”"()]{1,40})[»”"]\s+(?:shall\s+)?(?:means?|refers?\s+to)\s+(?=[\p{Lu}\p{N}])/gu;
/** Where the name after "means" ends: its description, a clause break, the next sentence or definition. */
const NAME_AFTER_END =
  /,?\s+(?:a|an|the|with|having|located|whose|which|organized|organised|incorporated|residing|and)\s|[;:(]|(?<![\s.]\p{Lu}\.)(?<=\.)\s+(?=\p{Lu})|\s*$/u;

/** Words that end in a period inside a name ("Inc.", "Pvt."), and a name that ends in a legal form. */
export const ABBREVIATED: ReadonlySet<string> = new Set([...ABBREVIATIONS_IN_NAMES, ...NAME_SUFFIXES_AFTER_COMMA]);
export const LEGAL_FORM_AT_END = new RegExp(`(?<![\\p{L}\\p{N}])(?:${LEGAL_FORM_PATTERN})$`, 'iu');

/** The name right after a "means" definition, without its description; null when it is none. */
function nameAfter(text: string): string | null {
  const end = NAME_AFTER_END.exec(text);
  let name = text.slice(0, end ? end.index : text.length).trim();
  // "Jennifer A. Walsh." at a sentence's end loses the stop; "Acme, Inc." keeps it.
  const last = /(\p{L}+)\.$/u.exec(name)?.[1]?.toLowerCase();
  if (last !== undefined && last.length > 1 && !ABBREVIATED.has(last) && !LEGAL_FORM_AT_END.test(name))
    name = name.slice(0, -1);
  return /\p{L}{2}/u.test(name) && name.length <= 120 ? name : null;
}

function add(aliases: Map<string, string>, alias: string | undefined, name: string): void {
  const key = alias?.trim().toLowerCase();
  if (key && key !== name.toLowerCase() && !aliases.has(key)) aliases.set(key, name);
}

/** Each defined short name (lower case) with the legal name it stands for, the first definition winning. */
export function partyAliases(text: string): Map<string, string> {
  const aliases = new Map<string, string>();
  DEFINITION.lastIndex = 0;
  for (let match = DEFINITION.exec(text); match; match = DEFINITION.exec(text)) {
    const name = nameBefore(text.slice(Math.max(0, match.index - LOOK_BACK), match.index));
    if (!name) continue;
    for (const alias of [match[1], match[2]]) add(aliases, alias, name);
  }
  MEANS_DEFINITION.lastIndex = 0;
  for (let match = MEANS_DEFINITION.exec(text); match; match = MEANS_DEFINITION.exec(text)) {
    const start = match.index + match[0].length;
    const name = nameAfter(text.slice(start, start + LOOK_BACK));
    if (name) add(aliases, match[1], name);
  }
  return aliases;
}

/** The legal name a piece of a party clause stands for when it is a defined short name ("the Consultant"), else null. */
export function resolvedAlias(piece: string, aliases: ReadonlyMap<string, string>): string | null {
  const key = piece
    .trim()
    .replace(/^(?:the|The|THE)\s+/, '')
    .replace(/[\s,;:.]+$/, '')
    .toLowerCase();
  return aliases.get(key) ?? null;
}
