/** The text as a regular expression that matches it literally (for building patterns from word lists). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
