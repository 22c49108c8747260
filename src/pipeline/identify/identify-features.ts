import { findLabel } from '../extract/document-lines.js';
import {
  itemsOf,
  type JsonObject,
  type LabelVariant,
  labelVariants,
  propertiesOf,
  valueType,
  wordSynonyms,
} from '../extract/schema-fields.js';
import { contentWords, normalizeWord } from '../extract/text-tokens.js';
import type { CandidateType } from '../types.js';
import { type DocumentProfile, phraseText } from './document-profile.js';
import { KIND_LEXICON, KINDS, type Kind } from './identify-lexicon.js';

/**
 * The named features of one candidate type against one document, each 0..1. "kind" features ask
 * whether the document is of the kind the type names (its title, its phrases, its layout); "other"
 * features whether it is clearly of a kind the type does not name; the rest are the type's own
 * words (name, hints, description, schema labels) found in the document.
 */
export interface CandidateFeatures {
  readonly kindTitle: number;
  readonly kindCues: number;
  readonly kindLayout: number;
  readonly otherTitle: number;
  readonly otherCues: number;
  readonly otherLayout: number;
  readonly nameFound: number;
  readonly hintsFound: number;
  readonly descriptionFound: number;
  readonly labelsFound: number;
  /** 1 when the type names a kind the lexicon knows, so the kind features can speak for it. */
  readonly knownKind: number;
  /**
   * The document's title names the type's kind, but its shape is another kind's (a till slip headed
   * "Tax invoice", a form headed "Contract"): the title is the weaker for it.
   */
  readonly titleAgainstShape: number;
  /** The title names the type's kind but nothing else in the document speaks for it: no phrase of the kind, not its shape. */
  readonly titleAlone: number;
}

export const FEATURE_NAMES = [
  'kindTitle',
  'kindCues',
  'kindLayout',
  'otherTitle',
  'otherCues',
  'otherLayout',
  'nameFound',
  'hintsFound',
  'descriptionFound',
  'labelsFound',
  'knownKind',
  'titleAgainstShape',
  'titleAlone',
] as const satisfies readonly (keyof CandidateFeatures)[];

const MAX_LABELS = 80;
/** A kind named only in a type's description or hints counts less than one in its name. */
const DESCRIBED_KIND = 0.7;

// Words that every business document has, so finding them says little about which one it is.
const GENERIC_WORDS = new Set(
  (
    'date name number no id code type value total amount address phone email description status note comment ' +
    'quantity price document page file field contain include usually look show information detail data text ' +
    'fecha nombre numero importe direccion documento tipo'
  )
    .split(' ')
    .map(normalizeWord),
);

const TYPE_WORDS = new Map(KINDS.map((kind) => [kind, KIND_LEXICON[kind].typeWords.map(phraseText)]));

/** What a type is called: its name, or its code when the name says nothing (codes are often generated). */
function nameOf(candidate: CandidateType): string {
  return /[\p{L}]/u.test(candidate.name) ? candidate.name : candidate.code;
}

/** The kinds a type is of, by its name (fully) or its description and hints (less). */
export function candidateKinds(candidate: CandidateType, ignoreLexicon = false): ReadonlyMap<Kind, number> {
  const kinds = new Map<Kind, number>();
  if (ignoreLexicon) return kinds;
  const schema = candidate.jsonSchema;
  const named = phraseText(nameOf(candidate));
  const described = phraseText(
    [
      candidate.description,
      candidate.identifyPromptHints,
      typeof schema.title === 'string' ? schema.title : '',
      typeof schema.description === 'string' ? schema.description : '',
    ].join(' '),
  );
  for (const [kind, words] of TYPE_WORDS) {
    if (words.some((word) => named.includes(word))) kinds.set(kind, 1);
  }
  if (kinds.size > 0) return kinds;
  for (const [kind, words] of TYPE_WORDS) {
    if (words.some((word) => described.includes(word))) kinds.set(kind, DESCRIBED_KIND);
  }
  return kinds;
}

interface SchemaLabel {
  readonly variants: readonly LabelVariant[];
  readonly weight: number;
}

function distinctiveWords(text: string | null): string[] {
  return [...new Set(contentWords(text ?? ''))].filter((word) => !GENERIC_WORDS.has(word) && !/^\d+$/.test(word));
}

/** Every property's labels, nested objects and array items included; all-generic labels weigh less. */
function schemaLabels(schema: JsonObject, out: SchemaLabel[] = []): SchemaLabel[] {
  for (const [key, property] of propertiesOf(schema)) {
    if (out.length >= MAX_LABELS) break;
    const variants = labelVariants(key, property).filter((variant) => variant.priority >= 3);
    const generic = contentWords(key).every((word) => GENERIC_WORDS.has(word));
    if (variants.length > 0) out.push({ variants, weight: generic ? 0.4 : 1 });
    const type = valueType(property);
    if (type === 'object') schemaLabels(property, out);
    const items = type === 'array' ? itemsOf(property) : null;
    if (items && valueType(items) === 'object') schemaLabels(items, out);
  }
  return out;
}

/** Found hits over the expected ones, where a few hits are enough to count fully. */
function coverage(words: readonly string[], found: ReadonlySet<string>, enough: number): number {
  if (words.length === 0) return 0;
  const hits = words.filter((word) => found.has(word)).length;
  return Math.min(1, hits / Math.min(enough, words.length));
}

/** The type's name in the title is the strongest sign; in the heading or the body less so, in any language the vocabulary knows. */
function nameFound(document: DocumentProfile, candidate: CandidateType): number {
  const nameWords = [...new Set(contentWords(nameOf(candidate)))].filter(
    (word) => !/^\d+$/.test(word) && !GENERIC_WORDS.has(word),
  );
  if (nameWords.length === 0) return 0;
  const seen = (word: string, words: ReadonlySet<string>) =>
    wordSynonyms(word).some((phrase) => phrase.length > 0 && phrase.every((part) => words.has(part)));
  const total = nameWords.reduce(
    (sum, word) =>
      sum +
      (seen(word, document.titleWords)
        ? 1
        : seen(word, document.headingWords)
          ? 0.8
          : seen(word, document.words)
            ? 0.4
            : 0),
    0,
  );
  return total / nameWords.length;
}

const LABELS_CACHE = new Map<string, readonly SchemaLabel[]>();
const MAX_CACHED_SCHEMAS = 500;

/** A schema's labels, kept by its JSON text: the same types are offered again and again, as new objects. */
function cachedSchemaLabels(schema: JsonObject): readonly SchemaLabel[] {
  const key = JSON.stringify(schema);
  let labels = LABELS_CACHE.get(key);
  if (!labels) {
    labels = schemaLabels(schema);
    if (LABELS_CACHE.size >= MAX_CACHED_SCHEMAS) LABELS_CACHE.clear();
    LABELS_CACHE.set(key, labels);
  }
  return labels;
}

function labelsFound(document: DocumentProfile, schema: JsonObject): number {
  const labels = cachedSchemaLabels(schema);
  const total = labels.reduce((sum, label) => sum + label.weight, 0);
  if (total === 0) return 0;
  const found = labels
    .filter((label) => label.variants.some((variant) => findLabel(document.lines, variant).length > 0))
    .reduce((sum, label) => sum + label.weight, 0);
  return found / total;
}

function strongest(values: ReadonlyMap<Kind, number>, kinds: ReadonlyMap<Kind, number>, inside: boolean): number {
  let best = 0;
  for (const [kind, value] of values) {
    const weight = kinds.get(kind);
    if (inside && weight !== undefined) best = Math.max(best, weight * value);
    if (!inside && weight === undefined) best = Math.max(best, value);
  }
  return best;
}

export function candidateFeatures(
  document: DocumentProfile,
  candidate: CandidateType,
  kinds: ReadonlyMap<Kind, number> = candidateKinds(candidate),
): CandidateFeatures {
  const known = kinds.size > 0;
  const kindTitle = strongest(document.titleKinds, kinds, true);
  const kindLayout = strongest(document.layoutKinds, kinds, true);
  const kindCues = strongest(document.cueKinds, kinds, true);
  // Of a type the lexicon does not know, nothing says which kinds it is not.
  const otherTitle = known ? strongest(document.titleKinds, kinds, false) : 0;
  const otherLayout = known ? strongest(document.layoutKinds, kinds, false) : 0;
  return {
    kindTitle,
    kindCues,
    kindLayout,
    otherTitle,
    otherCues: known ? strongest(document.cueKinds, kinds, false) : 0,
    otherLayout,
    nameFound: nameFound(document, candidate),
    hintsFound: coverage(distinctiveWords(candidate.identifyPromptHints), document.words, 4),
    descriptionFound: coverage(distinctiveWords(candidate.description), document.words, 4),
    labelsFound: labelsFound(document, candidate.jsonSchema),
    knownKind: known ? 1 : 0,
    titleAgainstShape: kindTitle * Math.max(0, otherLayout - kindLayout),
    titleAlone: kindTitle * (1 - Math.max(kindCues, kindLayout)),
  };
}
