import { createHash } from 'node:crypto';
import { Ajv, type AnySchemaObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPkg from 'ajv-formats';
import { ValidationError } from '../errors.js';
import { linearTimeRegExp } from './linear-regexp.js';
import { describeAjvErrors } from './validation-messages.js';

// `strict: false`: user schemas often carry annotations (x-*, examples) that strict mode refuses.
// `code.regExp`: user patterns run on a linear-time engine, so no schema can stall a request.
const options = {
  allErrors: true,
  strict: false,
  validateFormats: true,
  code: { regExp: linearTimeRegExp },
} as const;
const draft7 = new Ajv(options);
const draft2020 = new Ajv2020(options);
addFormatsPkg.default(draft7);
addFormatsPkg.default(draft2020);

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Draft 2020-12 when the schema says so (or 2019-09), draft-07 otherwise. */
function ajvFor(schema: JsonObject): Ajv {
  const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
  return /2020-12|2019-09/.test(dialect) ? (draft2020 as unknown as Ajv) : draft7;
}

function compile(schema: JsonObject): ValidateFunction {
  const ajv = ajvFor(schema);
  // A $id would be registered globally in ajv and clash with the next compile of the same schema.
  const { $id: _ignored, ...withoutId } = schema;
  const validate = ajv.compile(withoutId as AnySchemaObject);
  // ajv caches every compiled schema by object; drop it so memory does not grow per request.
  ajv.removeSchema(withoutId as AnySchemaObject);
  return validate;
}

/**
 * Checks a document type's `jsonSchema`: it must compile, and its root must be `type: object`.
 * Throws a 400 naming the problem with the compiler's own message.
 */
export function assertValidTypeSchema(schema: unknown, field = 'jsonSchema'): void {
  if (!isObject(schema)) throw new ValidationError([`${field}: must be an object`]);
  if (schema.type !== 'object') {
    throw new ValidationError([`${field}: the root of the schema must have "type": "object"`]);
  }
  try {
    compile(schema);
  } catch (error) {
    throw new ValidationError([`${field}: is not a valid JSON Schema: ${(error as Error).message}`]);
  }
}

export interface ValidationResult {
  valid: boolean;
  errors: { count: number; messages: string[] };
  warnings: { count: number; messages: string[] };
}

/** Names of data fields the schema does not declare, walking declared objects and arrays. */
function undeclaredFields(schema: unknown, data: unknown, path: string, out: string[]): void {
  if (!isObject(schema)) return;
  if (Array.isArray(data) && isObject(schema.items)) {
    for (const [index, item] of data.entries()) undeclaredFields(schema.items, item, `${path}[${index}]`, out);
    return;
  }
  if (!isObject(data) || !isObject(schema.properties)) return;
  const properties = schema.properties;
  const patterns = isObject(schema.patternProperties) ? Object.keys(schema.patternProperties) : [];
  for (const [key, value] of Object.entries(data)) {
    const fieldPath = path ? `${path}.${key}` : key;
    if (key in properties) {
      undeclaredFields(properties[key], value, fieldPath, out);
    } else if (schema.additionalProperties === undefined && !patterns.some((p) => safeRegExp(p)?.test(key))) {
      // additionalProperties false is an error (ajv reports it); a schema for extras declares them.
      out.push(`${fieldPath}: is not declared by the schema`);
    }
  }
}

function safeRegExp(pattern: string): { test(input: string): boolean } | null {
  try {
    return linearTimeRegExp(pattern);
  } catch {
    return null;
  }
}

const validatorCache = new Map<string, ValidateFunction>();
const VALIDATOR_CACHE_SIZE = 500;

/**
 * A compiled validator per schema content, kept in a small LRU. Keyed by a hash of the schema
 * itself rather than the type's id and updatedAt: two updates within one millisecond would
 * otherwise share a key and serve a stale validator.
 */
function validatorFor(schema: JsonObject): ValidateFunction {
  const cacheKey = createHash('sha256').update(JSON.stringify(schema)).digest('base64url');
  const cached = validatorCache.get(cacheKey);
  if (cached) {
    validatorCache.delete(cacheKey);
    validatorCache.set(cacheKey, cached);
    return cached;
  }
  const validate = compile(schema);
  validatorCache.set(cacheKey, validate);
  if (validatorCache.size > VALIDATOR_CACHE_SIZE) validatorCache.delete(validatorCache.keys().next().value as string);
  return validate;
}

/**
 * Validates data against a type's schema: every violation is an error
 * naming its field, every undeclared field a warning.
 */
export function validateAgainstSchema(schema: JsonObject, data: unknown): ValidationResult {
  const validate = validatorFor(schema);
  validate(data);
  const errors = describeAjvErrors(validate.errors);
  const warnings: string[] = [];
  undeclaredFields(schema, data, '', warnings);
  return {
    valid: errors.length === 0,
    errors: { count: errors.length, messages: errors },
    warnings: { count: warnings.length, messages: warnings },
  };
}
