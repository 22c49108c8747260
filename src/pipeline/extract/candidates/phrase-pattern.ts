/**
 * A regex alternation of lexicon phrases, longest first, each word separated by any run of white
 * space or dots ("Regd. Charity No." matches "regd charity no").
 */
export function phrasePattern(phrases: readonly string[]): string {
  return [...phrases]
    .sort((a, b) => b.length - a.length)
    .map((phrase) =>
      phrase
        .split(' ')
        .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[\\s.]+'),
    )
    .join('|');
}
