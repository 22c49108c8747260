import { encode } from '@toon-format/toon';
import { effectiveSchema, isObject, type JsonObject, valueType } from '../extract/schema-fields.js';

interface FieldRow {
  path: string;
  type: string;
  required: boolean;
  description: string;
}

/** A property's type as a reader would say it: `string (date)`, `number`, `one of: A | B`, `array of object`. */
function typeLabel(schema: JsonObject): string {
  if (Array.isArray(schema.enum)) return `one of: ${schema.enum.map((value) => String(value)).join(' | ')}`;
  const type = valueType(schema) ?? 'any';
  if (type === 'array') {
    const items = isObject(schema.items) ? effectiveSchema(schema.items) : {};
    return `array of ${valueType(items) ?? 'any'}`;
  }
  return typeof schema.format === 'string' ? `${type} (${schema.format})` : type;
}

function rowsOf(schema: JsonObject, prefix: string, rows: FieldRow[]): void {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const [key, raw] of Object.entries(properties)) {
    if (!isObject(raw)) continue;
    const property = effectiveSchema(raw);
    const path = prefix ? `${prefix}.${key}` : key;
    const description = [property.title, property.description].filter((text) => typeof text === 'string').join(': ');
    rows.push({ path, type: typeLabel(property), required: required.has(key), description });
    if (valueType(property) === 'object') rowsOf(property, path, rows);
    const items = isObject(property.items) ? effectiveSchema(property.items) : null;
    if (items && valueType(items) === 'object') rowsOf(items, `${path}[]`, rows);
  }
}

/**
 * The fields a schema asks for as a TOON table (`@toon-format/toon`): one row per property,
 * nested ones by dotted path and `[]` for array items. Denser than the JSON Schema itself, so
 * more of a small model's context is left for the document.
 */
export function toonFieldListing(schema: JsonObject): string {
  const rows: FieldRow[] = [];
  rowsOf(schema, '', rows);
  return encode({ fields: rows });
}
