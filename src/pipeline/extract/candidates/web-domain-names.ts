import { foldText } from '../text-tokens.js';

/**
 * A shop's own web or mail address spells its name: "www.mapleleafdiner.com", "hello@maple-diner.co.uk".
 * A name line whose letters are that address's domain (its label before the top-level domain) is
 * the shop's name, confirmed by a second part of the document; OCR may damage either reading, so a
 * letter in four may differ. A domain that adds to the name ("kitschlondon" for "Kitsch at Embassy",
 * "redrobinfeedback") confirms a name whose first words, five letters or more, start it (a town or
 * a word the domain ends with, "london", names no shop).
 */

/** A web address ("www." before it) or a mail address ("@" before it), as OCR may space its dots. */
const ADDRESS_WORD =
  /(?:\bwww\s?\.\s?|@\s?|\b)([\p{L}\d][\p{L}\d-]{1,62})\s?\.\s?(?:com|net|org|biz|info|co|[a-z]{2})(?:\s?\.\s?[a-z]{2})?(?![\p{L}\d])/giu;
/** A line that holds a web or mail address: "www.", an "@", or a common top-level domain after a dot. */
const WEB_OR_MAIL = /\bwww\s?\.|@|\.\s?(?:com|net|org)\b/i;

/** Letters a name's first words have, at least, to be confirmed by a domain longer than them. */
const PARTIAL_NAME_LETTERS = 5;
/** Letters a name has, at least, to be confirmed by a domain that is all of it ("cvs.com"). */
const WHOLE_NAME_LETTERS = 3;
/** One letter in this many may differ between the name and the domain (OCR misreads either). */
const LETTERS_PER_EDIT = 4;

/** Letters and digits of a text, folded: "Maple-Leaf Diner" → "mapleleafdiner". */
export function nameLetters(text: string): string {
  return foldText(text).replace(/[^\p{L}\d]+/gu, '');
}

/** The domain labels the text's web and mail addresses name, as letters ("mapleleafdiner"). */
export function webDomainLabels(lines: readonly string[]): string[] {
  const labels = new Set<string>();
  for (const line of lines) {
    if (!WEB_OR_MAIL.test(line)) continue;
    for (const match of line.matchAll(ADDRESS_WORD)) {
      const label = nameLetters(match[1] ?? '');
      // ("www" alone before the domain is no label of it.)
      if (label.length >= WHOLE_NAME_LETTERS && label !== 'www') labels.add(label);
    }
  }
  return [...labels];
}

/** Edit distance of two short strings. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function nearlyEqual(a: string, b: string): boolean {
  return distance(a, b) <= Math.floor(a.length / LETTERS_PER_EDIT);
}

/**
 * Whether a domain label spells the name: all of it, or its first words (five letters or more)
 * starting the label.
 */
export function domainSpellsName(name: string, label: string): boolean {
  const words = foldText(name)
    .split(/[^\p{L}\d]+/u)
    .filter(Boolean);
  const whole = words.join('');
  if (whole.length >= WHOLE_NAME_LETTERS && nearlyEqual(whole, label)) return true;
  for (let count = words.length; count >= 1; count--) {
    const start = words.slice(0, count).join('');
    if (start.length < PARTIAL_NAME_LETTERS || start.length > label.length) continue;
    if (nearlyEqual(start, label.slice(0, start.length))) return true;
  }
  return false;
}
