import { effectiveSchema, isObject, type JsonObject, valueType } from '../extract/schema-fields.js';
import type { ConversionMode, ExtractionType } from '../types.js';
import type { ChatMessage } from './chat-completions-client.js';
import { toonFieldListing } from './toon-prompt.js';

export const EXTRACTION_SYSTEM_PROMPT = [
  'You extract structured data from a document for a program.',
  'Answer with one JSON object that follows the given schema, and nothing else.',
  'Take every value from the document text; never invent one. When the document does not give a value, use null.',
  'Numbers are JSON numbers with a dot as decimal separator and no currency or thousands separators (1.234,50 € is 1234.5).',
  'Dates are ISO 8601 (YYYY-MM-DD) where the field is a date. Other text is copied as printed.',
  'Each row of a table becomes one item of the matching array, in the order of the document.',
].join('\n');

/**
 * The part of a type's schema one request asks for: the whole schema, or (multi_prompt) some of
 * its top-level properties, with the root's definitions and dialect so references still resolve.
 */
export function subSchema(schema: JsonObject, keys: readonly string[]): JsonObject {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((key) => keys.includes(key)) : [];
  const out: JsonObject = {};
  for (const keyword of ['$schema', '$defs', 'definitions', 'additionalProperties']) {
    if (schema[keyword] !== undefined) out[keyword] = schema[keyword];
  }
  return {
    ...out,
    type: 'object',
    properties: Object.fromEntries(keys.filter((key) => key in properties).map((key) => [key, properties[key]])),
    ...(required.length > 0 ? { required } : {}),
  };
}

/**
 * multi_prompt's requests: the top-level scalar properties together (they share a header and
 * are cheap to ask at once), and each object or array property on its own, since a table or a
 * nested block is where one big request most often loses items. Groups follow the order of
 * their first property in the schema.
 */
export function propertyGroups(schema: JsonObject): string[][] {
  const groups: string[][] = [];
  let scalars: string[] | null = null;
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [key, raw] of Object.entries(properties)) {
    const type = isObject(raw) ? valueType(effectiveSchema(raw)) : null;
    if (type === 'object' || type === 'array') {
      groups.push([key]);
    } else if (scalars === null) {
      scalars = [key];
      groups.push(scalars);
    } else {
      scalars.push(key);
    }
  }
  return groups;
}

function fieldSection(schema: JsonObject, mode: ConversionMode): string {
  if (mode === 'toon') {
    return `The fields to extract, as a TOON table (path, type, required, description):\n${toonFieldListing(schema)}`;
  }
  return `The fields to extract, as a JSON Schema:\n${JSON.stringify(schema, null, 2)}`;
}

/**
 * One extraction request: what the document is said to be, the type's own instructions
 * (`promptHints`), the fields (JSON Schema for `json` and `multi_prompt`, a TOON table for
 * `toon`), then the document's pages.
 */
export function extractionMessages(
  type: ExtractionType,
  schema: JsonObject,
  documentText: string,
  groupNote: string | null,
): ChatMessage[] {
  const parts = [`The document is a "${type.name}" (document type ${type.code}).`];
  if (type.promptHints?.trim()) parts.push(`Instructions for this document type:\n${type.promptHints.trim()}`);
  if (groupNote) parts.push(groupNote);
  parts.push(fieldSection(schema, type.conversionMode));
  parts.push(`The document:\n${documentText}`);
  return [
    { role: 'system', content: EXTRACTION_SYSTEM_PROMPT },
    { role: 'user', content: parts.join('\n\n') },
  ];
}

/** The follow-up after an answer that did not parse or validate: the answer, then what was wrong with it. */
export function correctionMessages(answer: string | null, problems: readonly string[]): ChatMessage[] {
  const shown = answer === null ? '' : answer.length > 4_000 ? `${answer.slice(0, 4_000)}…` : answer;
  return [
    { role: 'assistant', content: shown },
    {
      role: 'user',
      content: `That answer cannot be used:\n${problems
        .slice(0, 20)
        .map((problem) => `- ${problem}`)
        .join('\n')}\nAnswer again with the corrected JSON object only.`,
    },
  ];
}
