import { datesIn } from './candidates/dates.js';
import { type Located, spanOn } from './evidence.js';
import { RANGE_CONNECTORS, RANGE_END_WORDS, RANGE_START_WORDS } from './lexicon/date-ranges.js';
import type { DateOrder } from './parse-values.js';
import { type JsonObject, spacedPropertyName } from './schema-fields.js';
import { contentWords } from './text-tokens.js';

/**
 * A date property that asks for the end of a period ("period_end", "End of the statement period",
 * `billing_period.end`) takes the last date of a range printed where its date was read ("Billing
 * Period: April 1, 2024 to April 30, 2024", "01/03/2024 - 31/03/2024"), not the first.
 */

const CONNECTOR = new RegExp(`^\\s*(?:${RANGE_CONNECTORS.join('|')})\\s*$`, 'iu');

/** True when the property's name or the first words of its description ask for the end of a period. */
export function asksRangeEnd(key: string, schema: JsonObject): boolean {
  const own = [
    ...contentWords(spacedPropertyName(key)),
    ...(typeof schema.description === 'string' ? contentWords(schema.description).slice(0, 3) : []),
  ];
  if (own.some((word) => RANGE_START_WORDS.has(word))) return false;
  return own.some((word) => RANGE_END_WORDS.has(word));
}

/** The range's last date when the located date is the first of a range on its line, else the located date. */
export function rangeEnd(located: Located, lines: readonly string[], order: DateOrder): Located {
  const span = located.span;
  if (!span || span.line !== span.endLine || typeof located.value !== 'string') return located;
  const line = lines[span.line] ?? '';
  const dates = datesIn(line, order).sort((a, b) => a.start - b.start);
  const index = dates.findIndex((date) => date.start < span.end && span.start < date.end);
  const first = dates[index];
  const next = dates[index + 1];
  if (!first || !next || !CONNECTOR.test(line.slice(first.end, next.start))) return located;
  return { ...located, value: next.iso, span: spanOn(span.line, next.start, next.end) };
}
