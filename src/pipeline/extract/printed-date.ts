import { datesIn } from './candidates/dates.js';
import type { Located } from './evidence.js';
import type { DateOrder } from './parse-values.js';
import type { JsonObject } from './schema-fields.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A description that asks for the ISO form ("YYYY-MM-DD", "ISO 8601") is a format in words. */
const ASKS_ISO = /\biso\b|yyyy/i;

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
  if (typeof value !== 'string' || !ISO_DATE.test(value) || !span || span.line !== span.endLine) return located;
  if (schema.format !== undefined || schema.pattern !== undefined) return located;
  if (typeof schema.description === 'string' && ASKS_ISO.test(schema.description)) return located;
  const text = (lines[span.line] ?? '').slice(span.start, span.end);
  const printed = datesIn(text, order).find((date) => date.iso === value);
  return printed ? { ...located, value: text.slice(printed.start, printed.end) } : located;
}
