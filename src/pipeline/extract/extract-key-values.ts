import type { Located } from './evidence.js';
import { KEY_WORDS, VALUE_WORDS } from './lexicon/key-value.js';
import { buildDocumentModel } from './model/document-model.js';
import { keyValuePairs } from './model/key-value-pairs.js';
import type { DateOrder } from './parse-values.js';
import { type JsonObject, propertiesOf, valueType } from './schema-fields.js';
import { contentWords } from './text-tokens.js';
import { typedValue } from './typed-value.js';

/**
 * An array whose items are key-value pairs (a label property and a value property, told by their
 * names, else their descriptions) is filled with every label and value the document prints, in
 * reading order.
 */

/** An item with more properties than this is a record of its own, not a key-value pair. */
const MAX_PAIR_PROPERTIES = 3;

export interface PairProperties {
  readonly key: string;
  readonly value: string;
}

function wordsOf(name: string, schema: JsonObject): { name: string[]; description: string[] } {
  const description = typeof schema.description === 'string' ? (schema.description.split(/[,;:(]/)[0] ?? '') : '';
  return { name: contentWords(name), description: contentWords(description) };
}

/** Which item properties hold the label and the value, or null when the item is not a key-value pair. */
export function pairProperties(items: JsonObject): PairProperties | null {
  const properties = propertiesOf(items).filter(([, schema]) => valueType(schema) !== 'object');
  if (properties.length < 2 || properties.length > MAX_PAIR_PROPERTIES) return null;
  const named = properties.map(([key, schema]) => ({ key, words: wordsOf(key, schema) }));
  const pick = (vocabulary: ReadonlySet<string>, other?: string) =>
    named.find((entry) => entry.key !== other && entry.words.name.some((word) => vocabulary.has(word)))?.key ??
    named.find((entry) => entry.key !== other && entry.words.description.some((word) => vocabulary.has(word)))?.key;
  const value = pick(VALUE_WORDS);
  const key = value ? pick(KEY_WORDS, value) : undefined;
  return key && value ? { key, value } : null;
}

/** Every pair of the document as an item of the array, or undefined when there is none. */
export function readKeyValues(
  text: string,
  items: JsonObject,
  properties: PairProperties,
  dateOrder: DateOrder,
): Record<string, Located>[] | undefined {
  const valueSchema = propertiesOf(items).find(([key]) => key === properties.value)?.[1] ?? {};
  const rows: Record<string, Located>[] = [];
  for (const pair of keyValuePairs(buildDocumentModel(text))) {
    const value = typedValue(pair.value, valueSchema, properties.value, dateOrder);
    if (value === null) continue;
    rows.push({
      [properties.key]: { value: pair.key, span: pair.keySpan, confidence: pair.confidence },
      [properties.value]: { value, span: pair.valueSpan, confidence: pair.confidence },
    });
  }
  return rows.length > 0 ? rows : undefined;
}
