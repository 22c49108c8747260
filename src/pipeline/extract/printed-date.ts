import { datesIn } from './candidates/dates.js';
import type { Located } from './evidence.js';
import { parseTime } from './parse-identifiers.js';
import type { DateOrder } from './parse-values.js';
import type { JsonObject } from './schema-fields.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A description that asks for the ISO form ("YYYY-MM-DD", "ISO 8601") is a format in words. */
const ASKS_ISO = /\biso\b|yyyy/i;
const CLOCK = /^\d{2}:\d{2}$/;
/** A description that asks for a normalised time ("HH:MM", "24-hour clock"). */
const ASKS_CLOCK = /hh:?mm|24.?hour/i;

/**
 * The ISO form is what `format: date` asks for. A date asked for as a plain string (no format, no
 * ISO named in its description) is returned as the document prints it ("August 6, 2025"): the
 * rule is that a string is the document's text unless the schema asks for a normalised form.
 */
export function asPrintedDate(
  located: Located,
  schema: JsonObject,
  lines: readonly string[],
  order: DateOrder,
): Located {
  const { value, span } = located;
  if (typeof value !== 'string' || !span || span.line !== span.endLine) return located;
  if (schema.format !== undefined || schema.pattern !== undefined) return located;
  const text = (lines[span.line] ?? '').slice(span.start, span.end);
  if (CLOCK.test(value)) {
    // A time asked for as a plain string is printed as the document prints it ("8:42 AM").
    if (typeof schema.description === 'string' && ASKS_CLOCK.test(schema.description)) return located;
    const printed = parseTime(text);
    return printed ? { ...located, value: printed } : located;
  }
  if (!ISO_DATE.test(value)) return located;
  if (typeof schema.description === 'string' && ASKS_ISO.test(schema.description)) return located;
  const printed = datesIn(text, order).find((date) => date.iso === value);
  return printed ? { ...located, value: text.slice(printed.start, printed.end) } : located;
}
