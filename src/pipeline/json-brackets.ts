/**
 * Walks the brackets of JSON text that are not inside strings: after each `{`, `[`, `}` or `]`
 * calls `visit` with the nesting depth it leaves and its index, and stops when `visit` answers
 * true. Answers the index it stopped at, or -1 when it read to the end.
 */
export function walkJsonBrackets(text: string, visit: (depth: number, index: number) => boolean): number {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '{' || char === '[' || char === '}' || char === ']') {
      depth += char === '{' || char === '[' ? 1 : -1;
      if (visit(depth, index)) return index;
    }
  }
  return -1;
}
