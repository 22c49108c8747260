import { parseDate } from '../../src/pipeline/extract/parse-values.js';

/**
 * Field accuracy as the datasets' README defines it. Each key of the expected JSON is compared with the
 * extracted value at the same key path; a key absent from the expected JSON is not labelled and not
 * scored (a value extracted there is counted apart as an "extra").
 *   - strings: equal after Unicode NFKC, lower case, and removing every character that is not a letter
 *     or a digit;
 *   - dates (an expected `YYYY-MM-DD`): the extracted value read as a date, equal as ISO;
 *   - numbers: the extracted value parsed (`1.234,56`, `1,234.56`, `€ 12`), equal within 0.005;
 *   - booleans: exact;
 *   - arrays of strings: each expected element is one scored value, found when an extracted element
 *     equals it (set match);
 *   - arrays of objects: extracted elements are paired with expected ones greedily on the normalised
 *     name / description / key, then each expected element's sub-fields are scored against its pair
 *     (an expected element left without a pair misses all of its sub-fields). Element precision and
 *     recall are kept apart, with the count of elements whose every sub-field matched.
 * Tallies are per field path with `[]` for array elements (`items[].price`, `parties[]`).
 */

export interface Count {
  matched: number;
  total: number;
}

export interface FieldTally extends Count {
  /** Documents' values extracted for this field where the expected JSON does not label it. */
  extra: number;
}

export interface ElementTally {
  expected: number;
  predicted: number;
  paired: number;
  /** Expected elements whose every sub-field matched (for `fields[]`: the whole key-value pair). */
  whole: number;
}

export interface Miss {
  readonly file: string;
  readonly field: string;
  readonly expected: unknown;
  readonly got: unknown;
}

export interface Tally {
  readonly fields: Map<string, FieldTally>;
  readonly elements: Map<string, ElementTally>;
  readonly misses: Miss[];
}

export function emptyTally(): Tally {
  return { fields: new Map(), elements: new Map(), misses: [] };
}

export function normaliseText(value: unknown): string {
  return String(value)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

const CURRENCY_CODE = /^[A-Za-z]{3}\s*|\s*[A-Za-z]{3}$/g;
const NUMBER_TEXT = /^[-+]?\(?[-+]?\d[\d\s.,'’]*\)?-?$|^[-+]?\(?[-+]?[.,]\d+\)?$/;

/** A number from a number or from text such as `1.234,56`, `1,234.56`, `(12.00)`, `€ 12`, `12 EUR`; else null. */
export function parseLooseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value
    .normalize('NFKC')
    .replace(/\p{Sc}/gu, '')
    .trim()
    .replace(CURRENCY_CODE, '')
    .trim();
  if (!NUMBER_TEXT.test(text)) return null;
  const negative = /^-|^\(|-$/.test(text) && !/^\+/.test(text);
  let digits = text.replace(/[^\d.,]/g, '');
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    digits = digits.replace(decimal === '.' ? /,/g : /\./g, '').replace(',', '.');
  } else {
    const separator = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
    if (separator) {
      const occurrences = digits.split(separator).length - 1;
      const groupOfThree = new RegExp(`\\${separator}\\d{3}$`).test(digits);
      const thousands = occurrences > 1 || (separator === ',' && groupOfThree);
      digits = thousands ? digits.split(separator).join('') : digits.replace(separator, '.');
    }
  }
  const parsed = Number(digits);
  if (!Number.isFinite(parsed)) return null;
  return negative ? -parsed : parsed;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function asIsoDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const iso = value.trim().match(/^(\d{4}-\d{2}-\d{2})(?:$|T)/);
  if (iso) return iso[1] ?? null;
  return value.length <= 40 ? parseDate(value) : null;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Whether an extracted value equals an expected leaf value under the rules above. */
export function sameValue(expected: unknown, got: unknown): boolean {
  if (isEmpty(got)) return false;
  if (typeof expected === 'boolean') return got === expected;
  if (typeof expected === 'number') {
    const number = parseLooseNumber(got);
    return number !== null && Math.abs(number - expected) <= 0.005 + 1e-9;
  }
  if (typeof expected === 'string' && ISO_DATE.test(expected) && asIsoDate(got) === expected) return true;
  if (typeof got === 'object') return false;
  if (normaliseText(expected) === normaliseText(got)) return true;
  // A numeric golden string ("0.01") equals the extracted number it names.
  const expectedNumber = typeof expected === 'string' && /\d/.test(expected) ? parseLooseNumber(expected) : null;
  const gotNumber = typeof got === 'number' ? got : null;
  return expectedNumber !== null && gotNumber !== null && Math.abs(expectedNumber - gotNumber) <= 0.005 + 1e-9;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function field(tally: Tally, path: string): FieldTally {
  let entry = tally.fields.get(path);
  if (!entry) {
    entry = { matched: 0, total: 0, extra: 0 };
    tally.fields.set(path, entry);
  }
  return entry;
}

function countExtras(tally: Tally, got: unknown, path: string): void {
  if (isEmpty(got)) return;
  if (isRecord(got)) {
    for (const [key, value] of Object.entries(got)) countExtras(tally, value, join(path, key));
  } else if (Array.isArray(got)) {
    for (const item of got) countExtras(tally, item, `${path}[]`);
  } else {
    field(tally, path).extra++;
  }
}

interface Where {
  readonly file: string;
  /** The aggregated field path (`items[].price`). */
  readonly path: string;
  /** The same with element indices, for listing misses (`items[3].price`). */
  readonly shown: string;
}

function at(where: Where, key: string): Where {
  return { file: where.file, path: join(where.path, key), shown: join(where.shown, key) };
}

function element(where: Where, index: number | null): Where {
  return { file: where.file, path: `${where.path}[]`, shown: `${where.shown}[${index ?? ''}]` };
}

/** Scores one document's extracted data against its expected JSON into `tally`. */
export function scoreDocument(tally: Tally, file: string, expected: Record<string, unknown>, got: unknown): void {
  scoreNode(tally, expected, got, { file, path: '', shown: '' });
}

function scoreNode(tally: Tally, expected: unknown, got: unknown, where: Where): Count {
  // A null expected value (in the OmniAI records) says "not on the page": not labelled, not scored.
  if (expected === null || expected === undefined) {
    countExtras(tally, got, where.path);
    return { matched: 0, total: 0 };
  }
  if (isRecord(expected)) {
    const parts = Object.entries(expected).map(([key, value]) =>
      scoreNode(tally, value, isRecord(got) ? got[key] : undefined, at(where, key)),
    );
    if (isRecord(got)) {
      for (const [key, value] of Object.entries(got))
        if (!(key in expected)) countExtras(tally, value, join(where.path, key));
    }
    return sum(parts);
  }
  if (Array.isArray(expected)) {
    const list = Array.isArray(got) ? got : [];
    return expected.every(isRecord)
      ? scoreObjectArray(tally, expected, list, where)
      : scoreStringArray(tally, expected, list, where);
  }
  const matched = sameValue(expected, got);
  const entry = field(tally, where.path);
  entry.total++;
  if (matched) entry.matched++;
  else tally.misses.push({ file: where.file, field: where.shown, expected, got });
  return { matched: matched ? 1 : 0, total: 1 };
}

function sum(parts: readonly Count[]): Count {
  return {
    matched: parts.reduce((total, part) => total + part.matched, 0),
    total: parts.reduce((total, part) => total + part.total, 0),
  };
}

function elements(tally: Tally, path: string): ElementTally {
  let entry = tally.elements.get(path);
  if (!entry) {
    entry = { expected: 0, predicted: 0, paired: 0, whole: 0 };
    tally.elements.set(path, entry);
  }
  return entry;
}

function scoreStringArray(tally: Tally, expected: readonly unknown[], got: readonly unknown[], where: Where): Count {
  const used = new Set<number>();
  const counts = elements(tally, `${where.path}[]`);
  counts.expected += expected.length;
  counts.predicted += got.length;
  const entry = field(tally, `${where.path}[]`);
  let matched = 0;
  for (const value of expected) {
    const index = got.findIndex((candidate, position) => !used.has(position) && sameValue(value, candidate));
    entry.total++;
    if (index >= 0) {
      used.add(index);
      entry.matched++;
      matched++;
    } else {
      tally.misses.push({ file: where.file, field: `${where.shown}[]`, expected: value, got });
    }
  }
  counts.paired += matched;
  counts.whole += matched;
  return { matched, total: expected.length };
}

const ELEMENT_KEYS = ['name', 'description', 'key'];

function elementKey(value: unknown): string | null {
  if (!isRecord(value)) return null;
  for (const key of ELEMENT_KEYS) if (typeof value[key] === 'string') return normaliseText(value[key]);
  return null;
}

/** Dice coefficient of character bigrams: how alike two normalised names are, 0 to 1. */
function similarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const bigrams = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i++) bigrams.set(a.slice(i, i + 2), (bigrams.get(a.slice(i, i + 2)) ?? 0) + 1);
  let shared = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const count = bigrams.get(b.slice(i, i + 2)) ?? 0;
    if (count > 0) {
      shared++;
      bigrams.set(b.slice(i, i + 2), count - 1);
    }
  }
  return (2 * shared) / (a.length + b.length - 2);
}

/** Names at least this alike pair an extracted element with an expected one (OCR and spelling noise). */
const PAIRING_SIMILARITY = 0.6;

/** Pairs expected with extracted elements: exact names first, then the most alike names, greedily. */
function pairElements(expected: readonly unknown[], got: readonly unknown[]): Map<number, number> {
  const pairs = new Map<number, number>();
  const used = new Set<number>();
  const candidates: { expected: number; got: number; score: number }[] = [];
  expected.forEach((item, index) => {
    const name = elementKey(item);
    if (name === null) return;
    got.forEach((other, position) => {
      const otherName = elementKey(other);
      if (otherName === null) return;
      const score = similarity(name, otherName);
      if (score >= PAIRING_SIMILARITY) candidates.push({ expected: index, got: position, score });
    });
  });
  candidates.sort((a, b) => b.score - a.score || a.expected - b.expected || a.got - b.got);
  for (const candidate of candidates) {
    if (pairs.has(candidate.expected) || used.has(candidate.got)) continue;
    pairs.set(candidate.expected, candidate.got);
    used.add(candidate.got);
  }
  // Elements with no name to pair on take the unused element that agrees on most sub-fields.
  expected.forEach((item, index) => {
    if (elementKey(item) !== null || !isRecord(item)) return;
    let best: { position: number; agree: number } | null = null;
    got.forEach((other, position) => {
      if (used.has(position) || !isRecord(other)) return;
      const agree = Object.entries(item).filter(([key, value]) => sameValue(value, other[key])).length;
      if (agree > 0 && (!best || agree > best.agree)) best = { position, agree };
    });
    const chosen = best as { position: number; agree: number } | null;
    if (chosen) {
      pairs.set(index, chosen.position);
      used.add(chosen.position);
    }
  });
  return pairs;
}

function scoreObjectArray(tally: Tally, expected: readonly unknown[], got: readonly unknown[], where: Where): Count {
  const pairs = pairElements(expected, got);
  const counts = elements(tally, `${where.path}[]`);
  counts.expected += expected.length;
  counts.predicted += got.length;
  counts.paired += pairs.size;
  const parts = expected.map((item, index) => {
    const position = pairs.get(index);
    const score = scoreNode(tally, item, position === undefined ? undefined : got[position], element(where, index));
    if (score.total > 0 && score.matched === score.total) counts.whole++;
    return score;
  });
  return sum(parts);
}

export function percentOf(count: Count): number | null {
  return count.total === 0 ? null : (100 * count.matched) / count.total;
}

export function formatPercent(value: number | null): string {
  return value === null ? '-' : `${value.toFixed(1)} %`;
}

/** The leaf field paths a JSON Schema declares, in its order, named as the tallies name them. */
export function schemaFieldPaths(schema: unknown, path = ''): string[] {
  if (!isRecord(schema)) return [];
  if (isRecord(schema.items)) return schemaFieldPaths(schema.items, `${path}[]`);
  if (isRecord(schema.properties)) {
    return Object.entries(schema.properties).flatMap(([key, value]) => schemaFieldPaths(value, join(path, key)));
  }
  return path === '' ? [] : [path];
}
