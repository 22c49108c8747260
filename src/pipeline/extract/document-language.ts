import { LANGUAGE_HOMES, type LanguageHome } from './lexicon/language-words.js';
import { foldText } from './text-tokens.js';

/** Hits of the most frequent language's words at least, and how many times the runner-up's. */
const MIN_HITS = 5;
const LEAD = 2;

const LANGUAGE_OF_WORD = new Map(LANGUAGE_HOMES.flatMap((home) => home.words.map((word) => [word, home] as const)));

/**
 * The language a text is written in, by the common words of each language it holds (see
 * LANGUAGE_HOMES); null when too few are printed or two languages are close.
 */
export function documentLanguage(text: string): LanguageHome | null {
  const counts = new Map<LanguageHome, number>();
  for (const word of foldText(text).split(/[^\p{L}]+/u)) {
    const home = LANGUAGE_OF_WORD.get(word);
    if (home) counts.set(home, (counts.get(home) ?? 0) + 1);
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first || first[1] < MIN_HITS || (second && first[1] < LEAD * second[1])) return null;
  return first[0];
}
