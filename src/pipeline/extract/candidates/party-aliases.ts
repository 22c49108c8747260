/**
 * The short names an agreement defines for its parties ("Physician Sales & Service, Inc. ("PSS")",
 * "FEDERATED ADVISORY SERVICES COMPANY, a statutory trust (the "Adviser")"), so that a clause
 * naming the parties by them ("between the Adviser and FASC") can be read as their legal names.
 */

/** A defined short name in parentheses: ("PSS"), (the "Adviser"), (hereinafter referred to as the "Recipient"). */
const DEFINITION =
  /\(\s*(?:(?:the|each|hereinafter|hereafter|herein|referred|to|as|called|collectively|individually|together|with)\s+)*[“"']([^”"'()]{1,40})[”"']\s*(?:(?:or|and)\s+(?:the\s+)?[“"']([^”"'()]{1,40})[”"']\s*)?\)/g;
/** Where the text naming a party starts, at the latest: a closing parenthesis, a sentence end, a clause break. */
const NAME_BOUNDARY = /[);:]|\.\s+(?=\p{Lu}\p{Ll})|\b(?:between|among|and|AND|by|BETWEEN|AMONG)\s+(?=\p{Lu})/gu;
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

/** Each defined short name (lower case) with the legal name it stands for, the first definition winning. */
export function partyAliases(text: string): Map<string, string> {
  const aliases = new Map<string, string>();
  DEFINITION.lastIndex = 0;
  for (let match = DEFINITION.exec(text); match; match = DEFINITION.exec(text)) {
    const name = nameBefore(text.slice(Math.max(0, match.index - LOOK_BACK), match.index));
    if (!name) continue;
    for (const alias of [match[1], match[2]]) {
      const key = alias?.trim().toLowerCase();
      if (key && key !== name.toLowerCase() && !aliases.has(key)) aliases.set(key, name);
    }
  }
  return aliases;
}

/** The legal name a piece of a party clause stands for when it is a defined short name ("the Adviser"), else null. */
export function resolvedAlias(piece: string, aliases: ReadonlyMap<string, string>): string | null {
  const key = piece
    .trim()
    .replace(/^(?:the|The|THE)\s+/, '')
    .replace(/[\s,;:.]+$/, '')
    .toLowerCase();
  return aliases.get(key) ?? null;
}
