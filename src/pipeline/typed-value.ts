import {
  type DateOrder,
  matchEnum,
  parseBoolean,
  parseDate,
  parseDateTime,
  parseEmail,
  parseInteger,
  parseNumber,
} from './parse-values.js';
import { type JsonObject, valueType } from './schema-fields.js';
import { contentWords, normalizeWord } from './text-tokens.js';

/** Words that make an unformatted string property a date worth normalising to ISO 8601. */
const DATE_WORDS = new Set(['date', 'fecha', 'dob', 'birthdate'].map(normalizeWord));

/**
 * The text next to a label as a value of the property's type, or null when it is not one (a
 * label, an empty cell, a word where a number was expected): the caller then looks elsewhere.
 */
export function typedValue(text: string, schema: JsonObject, key: string, dateOrder: DateOrder): unknown {
  const trimmed = text
    .trim()
    .replace(/^[:：=\-–—#.\s]+/, '')
    .replace(/[\s,;]+$/, '');
  if (trimmed === '' || /^[^\p{L}\p{N}$€£¥₹@]+$/u.test(trimmed)) return null;
  if (Array.isArray(schema.enum)) return matchEnum(trimmed, schema.enum);
  switch (valueType(schema)) {
    case 'number':
      return parseNumber(trimmed);
    case 'integer':
      return parseInteger(trimmed);
    case 'boolean':
      return parseBoolean(trimmed);
    case 'string':
    case null:
      return stringValue(trimmed, schema, key, dateOrder);
    default:
      return null;
  }
}

function stringValue(text: string, schema: JsonObject, key: string, dateOrder: DateOrder): string | null {
  // A cell that ends with a colon is the next label, not this one's value.
  if (/[:：]$/.test(text)) return null;
  switch (schema.format) {
    case 'date':
      return parseDate(text, dateOrder);
    case 'date-time':
      return parseDateTime(text, dateOrder);
    case 'email':
      return parseEmail(text);
  }
  if (contentWords(key).some((word) => DATE_WORDS.has(word))) return parseDate(text, dateOrder) ?? text;
  return text;
}
