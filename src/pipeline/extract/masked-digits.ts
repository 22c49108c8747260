import { type Located, spanOn } from './evidence.js';
import { DIGIT_WORDS, LAST_WORDS, MASK_MARKS } from './lexicon/masked-numbers.js';
import { parseNumberWords } from './lexicon/number-words.js';
import { type JsonObject, spacedPropertyName } from './schema-fields.js';

/**
 * A property asking for the last digits of a number ("card_last_four_digits", "last4") is answered
 * by the digits a masked number prints after its mask ("VISA ************4821" gives "4821"), or the
 * last digits of the value its label reads.
 */

const MAX_LINES = 2_000;
/** A number printed in groups of digits or masks, one space or dash apart. */
const NUMBER_GROUPS = new RegExp(`^[\\d${MASK_MARKS}]+(?:[ -][\\d${MASK_MARKS}]+)*`, 'u');
const MASKED = new RegExp(`(?:[${MASK_MARKS}]{2,}[\\s-]?)+(\\d{2,6})(?!\\d)`, 'gu');

/** How many last digits the property asks for, or null when it asks for none. */
export function lastDigitsAsked(key: string, schema: JsonObject): number | null {
  // (A count written into the name is a word of its own: "last4" -> "last 4".)
  const spaced = spacedPropertyName(key).replace(/([a-z])(\d)/g, '$1 $2');
  const text = `${spaced} ${typeof schema.description === 'string' ? schema.description : ''}`.toLowerCase();
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const last = words.findIndex((word) => LAST_WORDS.has(word));
  if (last < 0) return null;
  const count = words[last + 1] ?? '';
  const asked = /^\d$/.test(count) ? Number(count) : parseNumberWords(count);
  const digits = words.slice(last).some((word) => DIGIT_WORDS.has(word)) || /^\d$/.test(count);
  if (asked === null || asked < 2 || asked > 6 || !digits) return null;
  return asked;
}

/**
 * The last `count` digits of the number a label reads, printed in groups ("5500 0000 0000 2468")
 * or masked ("**** 2468"), when it has that many.
 */
export function lastDigitsOf(located: Located, lines: readonly string[], count: number): Located | undefined {
  const span = located.span;
  if (typeof located.value !== 'string' || !span) return undefined;
  const printed = (lines[span.line] ?? '').slice(span.start).match(NUMBER_GROUPS)?.[0] ?? located.value;
  const digits = printed.replace(/\D/g, '');
  return digits.length >= count ? { ...located, value: digits.slice(-count) } : undefined;
}

/** The digits after the first masked number of the document that prints `count` of them. */
export function maskedDigits(lines: readonly string[], count: number): Located | undefined {
  for (let index = 0; index < Math.min(lines.length, MAX_LINES); index++) {
    for (const match of (lines[index] ?? '').matchAll(MASKED)) {
      const digits = match[1] ?? '';
      if (digits.length !== count) continue;
      const end = (match.index ?? 0) + match[0].length;
      return { value: digits, span: spanOn(index, end - digits.length, end), confidence: 0.75 };
    }
  }
  return undefined;
}
