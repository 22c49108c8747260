import { foldText } from '../text-tokens.js';

/**
 * Label text reduced to its words for phrase lookups: accents folded, lower case, anything but
 * letters dropped, single spaces, padded with one space at each end (" total amount ") so a phrase
 * is found as whole words with `includes(' total amount ')`.
 */
export function phraseText(text: string): string {
  return ` ${foldText(text)
    .replace(/[^\p{L}]+/gu, ' ')
    .trim()} `;
}

/** True when the phrase text (from phraseText) holds one of the phrases as whole words. */
export function hasAnyPhrase(words: string, phrases: Iterable<string>): boolean {
  const index = isPhraseText(words) ? firstWordIndex(phrases) : null;
  if (!index) {
    for (const phrase of phrases) if (words.includes(` ${phrase} `)) return true;
    return false;
  }
  // The same answer, looking only at the phrases that start with each word of the text.
  for (let space = 0; space < words.length - 1; ) {
    const next = words.indexOf(' ', space + 1);
    const starting = index.get(words.slice(space + 1, next));
    if (starting) for (const padded of starting) if (words.startsWith(padded, space)) return true;
    space = next;
  }
  return false;
}

/** " total amount ": one space before, between and after each word, as phraseText makes it. */
function isPhraseText(words: string): boolean {
  return words.length >= 3 && words.startsWith(' ') && words.endsWith(' ') && !words.includes('  ');
}

/**
 * A phrase list (a lexicon's constant array or set) by first word, each phrase padded (" total
 * amount "), built on the list's first lookup; rebuilt if its size changes. Null when a phrase
 * is not words between single spaces: such a list is looked up phrase by phrase.
 */
const indexes = new WeakMap<object, { readonly size: number; readonly index: Map<string, string[]> | null }>();

function firstWordIndex(phrases: Iterable<string>): Map<string, string[]> | null {
  const size = Array.isArray(phrases) ? phrases.length : phrases instanceof Set ? phrases.size : -1;
  // Another iterable may be read only once: looked up phrase by phrase.
  if (size < 0) return null;
  const cached = indexes.get(phrases as object);
  if (cached && cached.size === size) return cached.index;
  const index: Map<string, string[]> | null = new Map();
  for (const phrase of phrases) {
    if (phrase === '' || phrase.startsWith(' ') || phrase.endsWith(' ') || phrase.includes('  ')) {
      indexes.set(phrases as object, { size, index: null });
      return null;
    }
    const first = phrase.slice(0, phrase.includes(' ') ? phrase.indexOf(' ') : phrase.length);
    const starting = index.get(first) ?? [];
    starting.push(` ${phrase} `);
    index.set(first, starting);
  }
  indexes.set(phrases as object, { size, index });
  return index;
}

/** The words of a phrase text, for a candidate's labelWords. */
export function labelWordsOf(words: string): string[] {
  return words.trim() === '' ? [] : words.trim().split(' ');
}
