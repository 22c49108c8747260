import {
  matchEnum,
  parseBoolean,
  parseDate,
  parseDateTime,
  parseInteger,
  parseNumber,
} from '../extract/parse-values.js';
import { effectiveSchema, isObject, type JsonObject, valueType } from '../extract/schema-fields.js';
import { allowsNull } from './strict-schema.js';

export interface CoercionResult {
  readonly value: unknown;
  /** JSON Pointers of the values that had to be changed to fit their type. */
  readonly coerced: ReadonlySet<string>;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A model's answer fitted to the schema where the intent is plain: "1.234,50" where a number
 * is asked becomes 1234.5, "yes" a boolean, 42 where a string is asked "42", a date in another
 * format ISO 8601 when the schema says `format: date`, a lone object where an array is asked a
 * one-item array. Nulls of optional properties that do not accept null are dropped (strict
 * output spells "absent" as null), as are properties the schema does not declare. With
 * `keepOrder`, object keys follow the schema's order. Anything it cannot fit is left as is, for
 * validation to report.
 */
export function coerceToSchema(value: unknown, schema: JsonObject, keepOrder: boolean): CoercionResult {
  const coerced = new Set<string>();
  return { value: coerceNode(value, schema, '', keepOrder, coerced), coerced };
}

function coerceNode(
  value: unknown,
  rawSchema: unknown,
  path: string,
  keepOrder: boolean,
  coerced: Set<string>,
): unknown {
  if (!isObject(rawSchema) || rawSchema.$ref !== undefined) return value;
  if (value === null) return null;
  const schema = effectiveSchema(rawSchema);
  const fitted = fitScalar(value, schema);
  if (fitted !== value) coerced.add(path);
  switch (valueType(schema)) {
    case 'object':
      return isObject(fitted) ? coerceObject(fitted, schema, path, keepOrder, coerced) : fitted;
    case 'array': {
      const items = schema.items;
      const list = Array.isArray(fitted) ? fitted : [fitted];
      if (!Array.isArray(fitted)) coerced.add(path);
      return list
        .filter((item) => item !== null || allowsNull(items))
        .map((item, index) => coerceNode(item, items, `${path}/${index}`, keepOrder, coerced));
    }
    default:
      return fitted;
  }
}

function coerceObject(
  value: JsonObject,
  schema: JsonObject,
  path: string,
  keepOrder: boolean,
  coerced: Set<string>,
): JsonObject {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const keepsExtras = schema.additionalProperties !== undefined && schema.additionalProperties !== false;
  const keys = keepOrder
    ? [
        ...Object.keys(properties).filter((key) => key in value),
        ...Object.keys(value).filter((key) => !(key in properties)),
      ]
    : Object.keys(value);
  const out: JsonObject = {};
  for (const key of keys) {
    const propertyPath = `${path}/${escapePointer(key)}`;
    const property = properties[key];
    if (property === undefined) {
      if (keepsExtras) out[key] = value[key];
      continue;
    }
    const fitted = coerceNode(value[key], property, propertyPath, keepOrder, coerced);
    if (fitted === null && !required.has(key) && !allowsNull(property)) continue;
    out[key] = fitted;
  }
  return out;
}

export function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The value as the schema's scalar type, or the value itself when it is already one or cannot be. */
function fitScalar(value: unknown, schema: JsonObject): unknown {
  if (Array.isArray(schema.enum)) {
    if (schema.enum.includes(value)) return value;
    return typeof value === 'string' ? (matchEnum(value, schema.enum) ?? value) : value;
  }
  switch (valueType(schema)) {
    case 'number':
      return typeof value === 'string' ? (parseNumber(value) ?? nullIfEmpty(value)) : value;
    case 'integer':
      if (typeof value === 'number' && !Number.isInteger(value) && Number.isInteger(Math.round(value * 1e6) / 1e6)) {
        return Math.round(value);
      }
      return typeof value === 'string' ? (parseInteger(value) ?? nullIfEmpty(value)) : value;
    case 'boolean':
      return typeof value === 'string' ? (parseBoolean(value) ?? nullIfEmpty(value)) : value;
    case 'string':
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      if (typeof value === 'string') return fitStringFormat(value, schema);
      return value;
    default:
      return value;
  }
}

/** Models write "N/A", "-" or "" for a value the document lacks: that is null, not a wrong type. */
function nullIfEmpty(value: string): string | null {
  return /^\s*(|-+|—|n\/?a|none|null|unknown)\s*$/i.test(value) ? null : value;
}

function fitStringFormat(value: string, schema: JsonObject): string {
  if (schema.format === 'date' && !ISO_DATE.test(value)) return parseDate(value) ?? value;
  if (schema.format === 'date-time' && Number.isNaN(Date.parse(value))) return parseDateTime(value) ?? value;
  return value;
}
