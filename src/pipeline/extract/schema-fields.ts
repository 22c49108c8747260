import { DROPPABLE_NAME_WORDS, ITEM_HEAD_NOUNS } from './lexicon/field-words.js';
import { PHRASE_SYNONYMS, WORD_SYNONYMS } from './lexicon/labels.js';
import { BUSINESS_NOUNS } from './lexicon/letterhead.js';
import { rememberedBy } from './remembered.js';
import { contentWords, tokenize } from './text-tokens.js';

/**
 * Reading a document type's JSON Schema for the baseline engines: the declared type of a
 * property, its child properties, and the labels a document might print for it.
 */

export type JsonObject = Record<string, unknown>;
export type ValueType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';

/** A property's name as spaced words: "effectiveDate" and "effective_date" -> "effective Date", "effective date". */
export function spacedPropertyName(key: string): string {
  return key.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first non-null branch of anyOf/oneOf, carrying the parent's title and description. */
export function effectiveSchema(schema: JsonObject): JsonObject {
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    const branch = branches.find((candidate) => isObject(candidate) && candidate.type !== 'null');
    if (isObject(branch)) {
      return {
        ...effectiveSchema(branch),
        title: schema.title ?? branch.title,
        description: schema.description ?? branch.description,
      };
    }
  }
  return schema;
}

export function valueType(schema: JsonObject): ValueType | null {
  const declared = Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
  if (
    typeof declared === 'string' &&
    ['string', 'number', 'integer', 'boolean', 'object', 'array'].includes(declared)
  ) {
    return declared as ValueType;
  }
  if (isObject(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  if (Array.isArray(schema.enum)) return typeof schema.enum[0] === 'number' ? 'number' : 'string';
  return null;
}

/** Properties in schema order, each resolved through anyOf/oneOf. */
export function propertiesOf(schema: JsonObject): [string, JsonObject][] {
  if (!isObject(schema.properties)) return [];
  return Object.entries(schema.properties)
    .filter((entry): entry is [string, JsonObject] => isObject(entry[1]))
    .map(([key, property]) => [key, effectiveSchema(property)]);
}

export function itemsOf(schema: JsonObject): JsonObject | null {
  return isObject(schema.items) ? effectiveSchema(schema.items) : null;
}

/** A way a document may print a property's label, as normalised words; higher priority is more specific. */
export interface LabelVariant {
  readonly words: readonly string[];
  readonly priority: number;
  /** Starts with a parent object's label ("vendor name"), so it may be looked for anywhere. */
  readonly prefixed?: boolean;
  /** A description phrase's head noun alone ("amount" of "tax amount"): a table column's header, not a field's label. */
  readonly columnOnly?: boolean;
}

const MAX_VARIANTS = 40;
/** Labels that name the party after a one-word label, at most (one-word labels x party words). */
const MAX_NAMED_AFTER = 200;

const NORMALIZED_SYNONYMS = new Map(
  Object.entries(WORD_SYNONYMS).map(([word, synonyms]) => [
    contentWords(word)[0] ?? word,
    synonyms.map((synonym) => tokenize(synonym).map((token) => token.word)),
  ]),
);

const NORMALIZED_PHRASES = new Map(
  Object.entries(PHRASE_SYNONYMS).map(([phrase, synonyms]) => [
    contentWords(phrase).join(' '),
    synonyms.map((synonym) => tokenize(synonym).map((token) => token.word)),
  ]),
);

/**
 * Each phrase entry of the lexicon is a set of labels for one thing. A property named by any
 * member of the set ("net amount") gets the whole set, not only one named by its first phrase
 * ("total before tax"). Single words are too general to stand for a set ("amount", "subtotal").
 */
const PHRASE_SETS_BY_MEMBER = new Map<string, string[][]>();
for (const [phrase, synonyms] of NORMALIZED_PHRASES) {
  const members = [phrase.split(' '), ...synonyms];
  for (const member of members) {
    if (member.length < 2) continue;
    const id = member.join(' ');
    const sets = PHRASE_SETS_BY_MEMBER.get(id) ?? [];
    sets.push(...members.filter((other) => other.join(' ') !== id));
    PHRASE_SETS_BY_MEMBER.set(id, sets);
  }
}

/** Whole-label synonyms of a phrase ("factuurnummer" for "invoice number"). */
export function phraseSynonyms(words: readonly string[]): readonly string[][] {
  const id = words.join(' ');
  return [...(NORMALIZED_PHRASES.get(id) ?? []), ...(PHRASE_SETS_BY_MEMBER.get(id) ?? [])];
}

/** A word and what documents print instead of it, for identification's name matching. */
export function wordSynonyms(word: string): readonly string[][] {
  return synonymPhrases(word);
}

function synonymPhrases(word: string): string[][] {
  return [[word], ...(NORMALIZED_SYNONYMS.get(word) ?? [])];
}

/**
 * Every combination of each word's synonyms, the words as written first. Under the cap, the
 * combinations kept are those of the earliest synonyms of every word (by the sum of their ranks),
 * not every synonym of the first word with the first few of the next: "Rechnung Nr." is as
 * common a label as "Invoice No.", and one language's first word goes with its own abbreviations.
 */
function withSynonyms(words: readonly string[]): string[][] {
  let combinations: { words: string[]; rank: number }[] = [{ words: [], rank: 0 }];
  for (const word of words) {
    const phrases = synonymPhrases(word);
    combinations = combinations
      .flatMap((prefix) =>
        phrases.map((phrase, rank) => ({ words: [...prefix.words, ...phrase], rank: prefix.rank + rank })),
      )
      .sort((a, b) => a.rank - b.rank)
      .slice(0, MAX_VARIANTS);
  }
  return combinations.map((combination) => combination.words);
}

function shortened(words: readonly string[]): string[][] {
  const variants: string[][] = [];
  if (words.length > 1 && DROPPABLE_NAME_WORDS.has(words[words.length - 1] ?? '')) variants.push(words.slice(0, -1));
  if (words.length > 1 && DROPPABLE_NAME_WORDS.has(words[0] ?? '')) variants.push(words.slice(1));
  return variants;
}

/** Description phrases ("Seller or vendor name"): short ones are labels too; sentences are not. */
function descriptionPhrases(description: string): string[][] {
  return description
    .split(/[,;:()/]|\bor\b|\bo\b/)
    .map((phrase) => contentWords(phrase))
    .filter((words) => words.length > 0);
}

const MAX_LABEL_WORDS = 3;

/**
 * Label variants for a property, most specific first: its name and title as written (and with
 * synonyms), short description phrases, then the name without a generic word ("invoice" for
 * "invoiceNumber"). `prefixes` are a parent object's variants, for "vendor" + "name".
 */
export function labelVariants(key: string, schema: JsonObject, prefixes: readonly LabelVariant[] = []): LabelVariant[] {
  const own = ownVariants(key, schema);
  const prefixed = prefixes.flatMap((prefix) =>
    own
      .filter((variant) => variant.priority >= 3)
      .map((variant) => ({
        words: [...prefix.words, ...variant.words],
        priority: variant.priority + 2,
        prefixed: true,
      })),
  );
  // French, Italian and Spanish name the party after the thing, by its one-word name: "N° TVA
  // client", "Partita IVA cliente", "Nom du client".
  const after = own
    .filter((variant) => variant.words.length === 1)
    .flatMap((variant) =>
      prefixes
        .filter((prefix) => prefix.words.length === 1)
        .map((prefix) => ({
          words: [...variant.words, ...prefix.words],
          priority: variant.priority + 2,
          prefixed: true,
        })),
    );
  return [...prefixed.slice(0, MAX_VARIANTS), ...after.slice(0, MAX_NAMED_AFTER), ...own].sort(
    (a, b) => b.priority - a.priority || b.words.length - a.words.length,
  );
}

/**
 * The property's own variants (its name, title and description's), remembered by those three:
 * extraction asks for the same properties' labels for every document of a type; the memory is
 * cleared when full. Shared: callers never change a variant.
 */
function ownVariants(key: string, schema: JsonObject): readonly LabelVariant[] {
  const title = typeof schema.title === 'string' ? schema.title : null;
  const description = typeof schema.description === 'string' ? schema.description : null;
  return rememberedVariants(JSON.stringify([key, title, description]), () =>
    computeOwnVariants(key, title, description),
  );
}

/** Properties whose own variants are remembered: a few types' worth. */
const REMEMBERED_VARIANTS = 2048;
const rememberedVariants = rememberedBy<readonly LabelVariant[]>(REMEMBERED_VARIANTS);

function computeOwnVariants(key: string, title: string | null, description: string | null): LabelVariant[] {
  const byKey = new Map<string, LabelVariant>();
  const add = (words: readonly string[], priority: number, columnOnly = false) => {
    if (words.length === 0) return;
    const id = words.join(' ');
    const existing = byKey.get(id);
    if (!existing || existing.priority < priority)
      byKey.set(id, columnOnly ? { words, priority, columnOnly } : { words, priority });
  };
  const names = [contentWords(key)];
  if (title !== null) names.push(contentWords(title));
  for (const words of names) {
    add(words, 4);
    for (const variant of withSynonyms(words)) add(variant, 3);
    for (const variant of phraseSynonyms(words)) add(variant, 3);
    for (const short of shortened(words)) for (const variant of withSynonyms(short)) add(variant, 1);
  }
  if (description !== null) {
    for (const words of descriptionPhrases(description)) {
      // A trade noun alone ("store, restaurant or merchant") is a word of a shop's name on the
      // page ("SCALINI" / "RESTAURANT"), not a label printed before one.
      if (words.length === 1 && BUSINESS_NOUNS.has(words[0] ?? '')) continue;
      if (words.length <= MAX_LABEL_WORDS) add(words, 2);
      for (const variant of phraseSynonyms(words)) add(variant, 2);
      // The head noun of a short phrase is a column header of its own ("service description").
      const head = words.at(-1);
      if (head && words.length > 1 && words.length <= MAX_LABEL_WORDS && ITEM_HEAD_NOUNS.has(head)) {
        // Weakest of all: meant for table headers, where a column's label is often that one word.
        for (const variant of withSynonyms([head])) add(variant, 0, true);
      }
    }
  }
  return [...byKey.values()];
}
