import { isObject, type JsonObject } from '../extract/schema-fields.js';

/**
 * A copy of a document type's schema that OpenAI's strict structured output accepts, and that
 * Ollama, vLLM and LM Studio turn into a grammar: every object closed (`additionalProperties:
 * false`) with every property required, optional properties nullable instead, `oneOf` as
 * `anyOf`, and the constraints strict mode refuses (format, pattern, bounds, lengths) moved
 * into the description, so the model still reads them. The model's answer is checked against
 * the original schema afterwards, so nothing the copy loosens goes unchecked.
 */
export function strictSchema(schema: JsonObject): JsonObject {
  return strictNode(schema, false);
}

/** Kept as they are: the keywords strict structured output understands. */
const KEPT = new Set(['type', 'enum', 'const', 'description', 'title', '$ref']);

/** Folded into the description as `keyword: value`. */
const DESCRIBED = [
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'default',
  'examples',
];

export function allowsNull(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  if (schema.const === null) return true;
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches) && branches.some(allowsNull)) return true;
  }
  return false;
}

function strictNode(schema: unknown, nullable: boolean): JsonObject {
  if (!isObject(schema)) return {};
  const out: JsonObject = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (KEPT.has(keyword)) out[keyword] = value;
  }
  const constraints = DESCRIBED.filter((keyword) => schema[keyword] !== undefined).map(
    (keyword) => `${keyword}: ${JSON.stringify(schema[keyword])}`,
  );
  if (constraints.length > 0) {
    const description = typeof schema.description === 'string' ? `${schema.description} ` : '';
    out.description = `${description}(${constraints.join('; ')})`;
  }
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) out.anyOf = branches.map((branch) => strictNode(branch, false));
  for (const keyword of ['$defs', 'definitions'] as const) {
    const definitions = schema[keyword];
    if (isObject(definitions)) {
      out[keyword] = Object.fromEntries(
        Object.entries(definitions).map(([key, value]) => [key, strictNode(value, false)]),
      );
    }
  }
  const isObjectType =
    schema.type === 'object' ||
    (Array.isArray(schema.type) && schema.type.includes('object')) ||
    isObject(schema.properties);
  if (isObjectType) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, strictNode(value, !required.has(key))]),
    );
    out.required = Object.keys(properties);
    out.additionalProperties = false;
    if (out.type === undefined) out.type = 'object';
  }
  if (schema.items !== undefined) out.items = strictNode(schema.items, false);
  return nullable && !allowsNull(schema) ? withNull(out) : out;
}

/** The node, also accepting null: how strict mode spells an optional property. */
function withNull(node: JsonObject): JsonObject {
  if (typeof node.type === 'string') {
    const out: JsonObject = { ...node, type: [node.type, 'null'] };
    if (Array.isArray(node.enum)) out.enum = [...node.enum, null];
    return out;
  }
  if (Array.isArray(node.type)) return { ...node, type: [...node.type, 'null'] };
  if (Array.isArray(node.anyOf)) return { ...node, anyOf: [...node.anyOf, { type: 'null' }] };
  if (node.$ref !== undefined || node.enum !== undefined || node.const !== undefined) {
    const { description, ...rest } = node;
    return { ...(description === undefined ? {} : { description }), anyOf: [rest, { type: 'null' }] };
  }
  // No type at all already accepts null.
  return node;
}
