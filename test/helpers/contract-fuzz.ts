/**
 * Request generation for the contract fuzzer: values drawn from the contract's own schemas,
 * then mutated the ways hostile or careless clients do (wrong types, deep nesting, NUL,
 * huge numbers, odd query strings, bodies and content types where none belong). Seeded, so a
 * failing run can be replayed exactly.
 */

type Schema = Record<string, any>;

/** mulberry32: a small, fast, seedable generator; enough for choosing test inputs. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '%00',
  "'; drop table steps; --",
  '../../etc/passwd',
  '💥🧾',
  '\ud800',
  'x'.repeat(5000),
  '-1',
  '1e309',
  'null',
  '{"$ref":"#"}',
  '__proto__',
  'http://127.0.0.1:1/',
  'ftp://example.test/x',
  '2026-13-45T99:99:99Z',
];

const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  {},
  [null],
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
  ...HOSTILE_STRINGS,
];

/** A JSON array nested `depth` levels deep, as text (building it as a value would overflow the stack). */
export function deepArrayText(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** A JSON object nested `depth` levels deep, as text. */
export function deepObjectText(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

function sampleString(schema: Schema, random: Random): string {
  if (schema.format === 'date-time') return new Date(Date.UTC(2026, 0, 1 + Math.floor(random() * 300))).toISOString();
  if (schema.format === 'date') return '2026-02-03';
  if (schema.format === 'email') return 'someone@example.test';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.test/hook';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'binary') return 'binary';
  const min = schema.minLength ?? 1;
  const max = Math.min(schema.maxLength ?? 12, min + 12);
  const length = min + Math.floor(random() * (max - min + 1));
  let text = '';
  while (text.length < length) text += pick(random, ['a', 'b', 'c', '_', '1', 'z']);
  return text;
}

/** A value that the schema accepts most of the time (best effort: a sample, not a solver). */
export function sampleValue(schema: Schema | undefined, random: Random, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return pick(random, schema.enum);
  if ('example' in schema && random() < 0.3) return structuredClone(schema.example);
  const choices = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(choices)) return sampleValue(pick(random, choices), random, depth + 1);
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...schema.allOf.map((part: Schema) => sampleValue(part, random, depth + 1)));
  }
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ['object'];
  const type = pick(random, types);
  switch (type) {
    case 'string':
      return sampleString(schema, random);
    case 'integer': {
      const min = schema.minimum ?? 0;
      const max = schema.maximum ?? min + 50;
      return min + Math.floor(random() * (Math.min(max, min + 50) - min + 1));
    }
    case 'number':
      return (schema.minimum ?? 0) + random() * 10;
    case 'boolean':
      return random() < 0.5;
    case 'null':
      return null;
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, Math.floor(random() * 3));
      return Array.from({ length: count }, () => sampleValue(schema.items, random, depth + 1));
    }
    default: {
      const object: Record<string, unknown> = {};
      const required = new Set<string>(schema.required ?? []);
      for (const [name, property] of Object.entries<Schema>(schema.properties ?? {})) {
        if (property.readOnly) continue;
        if (required.has(name) || random() < 0.6) object[name] = sampleValue(property, random, depth + 1);
      }
      return object;
    }
  }
}

/** The same value with one place (the whole, a field, an item) replaced by something hostile. */
export function mutateValue(value: unknown, random: Random): unknown {
  if (value !== null && typeof value === 'object' && random() < 0.75) {
    const copy: any = Array.isArray(value) ? [...value] : { ...value };
    const keys = Object.keys(copy);
    if (keys.length === 0 || random() < 0.2) {
      copy[pick(random, ['extra', '__proto__', 'constructor', 'a\u0000b', ''])] = pick(random, HOSTILE_VALUES);
      return copy;
    }
    const key = pick(random, keys);
    copy[key] = mutateValue(copy[key], random);
    return copy;
  }
  return pick(random, HOSTILE_VALUES);
}

/** Query strings that are odd but harmless, or malformed outright. */
export const ODD_QUERY_STRINGS = [
  '?',
  '?&&',
  '?=',
  '?=1',
  '?a',
  '?%00=1',
  '?a%00b=1',
  '?q=%00',
  '?x=%ZZ',
  '?%ZZ=1',
  '?limit=abc',
  '?limit=0',
  '?limit=1&limit=2',
  '?page=-1',
  '?page=1e309',
  '?page[]=1',
  '?page[a]=1',
  '?search=%25_%5C',
  `?search=${'x'.repeat(3000)}`,
  '?__proto__=1',
  '?constructor=1',
  '?toString=1',
  '?isActive=maybe',
  '?documentId=%00',
];

export const ODD_CONTENT_TYPES = [
  undefined,
  '',
  'text/plain',
  'application/json; charset=latin1',
  'application/json;charset=utf-8',
  'APPLICATION/JSON',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/merge-patch+json',
  ';',
];

export const RAW_BODIES = [
  '',
  'null',
  'true',
  '1',
  '"text"',
  '[]',
  '{}',
  '{',
  '{"a":}',
  '\u0000',
  '{"a":"\\u0000"}',
  '{"__proto__":{"x":1}}',
  '[1,2,3]',
  'x=1&y=2',
];
