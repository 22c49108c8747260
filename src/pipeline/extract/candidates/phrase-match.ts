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
  for (const phrase of phrases) if (words.includes(` ${phrase} `)) return true;
  return false;
}

/** The words of a phrase text, for a candidate's labelWords. */
export function labelWordsOf(words: string): string[] {
  return words.trim() === '' ? [] : words.trim().split(' ');
}
