import type { LabelVariant } from './schema-fields.js';
import { isObject, itemsOf, type JsonObject, propertiesOf, valueType } from './schema-fields.js';
import { contentWords, tokenize } from './text-tokens.js';

/**
 * What a document type's `promptHints` do offline. A model reads them as prose; rules cannot, so
 * the offline engine takes from them the one thing it can use safely: labels. A hint line (or
 * sentence) that names a property of the schema — by its key as written (`invoice_number`) or by
 * its words ("invoice number") — and quotes phrases ("...", '...', “...”, «...») gives those phrases
 * as extra labels of that property, as specific as its own name:
 *
 *   invoice_number is labelled "Factuurnummer" or "Rechnungsnummer"
 *   total: "Te betalen"
 *
 * A line naming several properties gives its quotes to the one named last before each quote.
 * Everything else in the hints is ignored offline.
 */

/** Property name -> extra labels as normalised words. */
export type HintLabels = ReadonlyMap<string, readonly (readonly string[])[]>;

const QUOTED = /"([^"\n]{1,60})"|“([^”\n]{1,60})”|«([^»\n]{1,60})»|'([^'\n]{1,60})'/g;
const HINT_PRIORITY = 4;

function allKeys(schema: JsonObject, keys: Set<string>): Set<string> {
  for (const [key, property] of propertiesOf(schema)) {
    keys.add(key);
    if (valueType(property) === 'object') allKeys(property, keys);
    const items = valueType(property) === 'array' ? itemsOf(property) : null;
    if (items && isObject(items)) allKeys(items, keys);
  }
  return keys;
}

/** Where in the line the property is named (its last occurrence before `before`), or -1. */
function namedAt(line: string, key: string, before: number): number {
  const head = line.slice(0, before);
  const literal = head.toLowerCase().lastIndexOf(key.toLowerCase());
  if (literal >= 0) return literal;
  const words = contentWords(key);
  if (words.length === 0) return -1;
  const tokens = tokenize(head).filter((token) => !token.stop);
  for (let index = tokens.length - words.length; index >= 0; index--) {
    if (words.every((word, offset) => tokens[index + offset]?.word === word)) return tokens[index]?.start ?? -1;
  }
  return -1;
}

export function hintLabels(hints: string | null, schema: JsonObject): HintLabels {
  const labels = new Map<string, string[][]>();
  if (!hints) return labels;
  const keys = [...allKeys(schema, new Set())];
  for (const line of hints.split(/\n|(?<=\.)\s+/)) {
    for (const quote of line.matchAll(QUOTED)) {
      const phrase = quote[1] ?? quote[2] ?? quote[3] ?? quote[4] ?? '';
      const words = tokenize(phrase).map((token) => token.word);
      if (words.length === 0) continue;
      // The property named closest before the quote; a longer name wins a tie ("due date" over "date").
      let best: { key: string; at: number } | null = null;
      for (const key of keys) {
        const at = namedAt(line, key, quote.index);
        if (at >= 0 && (!best || at > best.at || (at === best.at && key.length > best.key.length))) best = { key, at };
      }
      if (!best) continue;
      const own = labels.get(best.key) ?? [];
      own.push(words);
      labels.set(best.key, own);
    }
  }
  return labels;
}

/** A property's label variants with its hint labels first: the type's author said so. */
export function withHintLabels(
  variants: readonly LabelVariant[],
  extra: readonly (readonly string[])[] | undefined,
): LabelVariant[] {
  if (!extra || extra.length === 0) return [...variants];
  const hinted = extra.map((words) => ({ words, priority: HINT_PRIORITY }));
  return [...hinted, ...variants].sort((a, b) => b.priority - a.priority || b.words.length - a.words.length);
}
