import { cellsOf, type DocumentLines, findLabel, indexLines } from '../extract/document-lines.js';
import {
  itemsOf,
  type JsonObject,
  type LabelVariant,
  labelVariants,
  propertiesOf,
  valueType,
  wordSynonyms,
} from '../extract/schema-fields.js';
import { contentWords, normalizeWord, tokenize } from '../extract/text-tokens.js';
import { PipelineError } from '../pipeline-error.js';
import type { CandidateType, ConvertedDocument, IdentificationResult, TypeMatch } from '../types.js';

/**
 * Identification without a model: each candidate type is scored on its own evidence in the
 * document (its name, its hints and description, its schema's property labels), then the
 * evidence is shared out between the candidates, so a confidence is high only when the document
 * matches one type well and the others clearly less. A document unlike every candidate gets a
 * low confidence rather than a confident wrong answer.
 */

/** Identification reads the beginning of long documents: what a document is shows early. */
const MAX_TEXT = 200_000;
const HEADING_LINES = 15;
const MAX_LABELS = 80;
const MAX_ALTERNATIVES = 5;
/** How much a runner-up takes off the best candidate's confidence: half at a tie, little when well behind. */
const AMBIGUITY_WEIGHT = 0.5;
const AMBIGUITY_EXPONENT = 3;

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

interface DocumentEvidence {
  readonly lines: DocumentLines;
  readonly words: ReadonlySet<string>;
  readonly headingWords: ReadonlySet<string>;
  /** Words of short cells without digits in the heading: titles ("Rechnung", "Purchase Order"), not "Contract No. 7". */
  readonly titleWords: ReadonlySet<string>;
}

const MAX_TITLE_WORDS = 5;

interface SchemaLabel {
  readonly variants: readonly LabelVariant[];
  readonly weight: number;
}

function documentEvidence(text: string): DocumentEvidence {
  const lines = indexLines(text.slice(0, MAX_TEXT));
  const words = new Set<string>();
  const headingWords = new Set<string>();
  const titleWords = new Set<string>();
  let nonEmpty = 0;
  lines.tokens.forEach((tokens, index) => {
    if (tokens.length > 0) nonEmpty++;
    for (const token of tokens) {
      if (token.stop) continue;
      words.add(token.word);
      if (nonEmpty <= HEADING_LINES) headingWords.add(token.word);
    }
    if (nonEmpty > HEADING_LINES || tokens.length === 0) return;
    for (const cell of cellsOf(lines.lines[index] ?? '')) {
      const cellTokens = tokenize(cell.text).filter((token) => !token.stop);
      if (/\d/.test(cell.text) || cellTokens.length > MAX_TITLE_WORDS) continue;
      for (const token of cellTokens) titleWords.add(token.word);
    }
  });
  return { lines, words, headingWords, titleWords };
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

/** 0..1: how much of what this type is known by appears in the document, independently of the other candidates. */
function evidenceFor(document: DocumentEvidence, candidate: CandidateType): number {
  const nameWords = [...new Set([...contentWords(candidate.name), ...contentWords(candidate.code)])].filter(
    (word) => !/^\d+$/.test(word),
  );
  // The type's name in the heading is the strongest sign; elsewhere (a footer, a reference) less so.
  // A name word counts in any language the vocabulary knows ("Factuur" for "Invoice").
  const seen = (word: string, words: ReadonlySet<string>) =>
    wordSynonyms(word).some((phrase) => phrase.length > 0 && phrase.every((part) => words.has(part)));
  const nameCoverage =
    nameWords.length === 0
      ? 0
      : nameWords.reduce(
          (sum, word) =>
            sum +
            (seen(word, document.titleWords)
              ? 1
              : seen(word, document.headingWords)
                ? 0.8
                : seen(word, document.words)
                  ? 0.6
                  : 0),
          0,
        ) / nameWords.length;
  const hintCoverage = coverage(distinctiveWords(candidate.identifyPromptHints), document.words, 4);
  const descriptionCoverage = coverage(distinctiveWords(candidate.description), document.words, 4);
  const labels = schemaLabels(candidate.jsonSchema);
  const labelWeight = labels.reduce((sum, label) => sum + label.weight, 0);
  const labelsFound = labels
    .filter((label) => label.variants.some((variant) => findLabel(document.lines, variant).length > 0))
    .reduce((sum, label) => sum + label.weight, 0);
  const labelCoverage = labelWeight === 0 ? 0 : labelsFound / labelWeight;
  // Independent signs combined as a noisy OR: each raises the evidence, none alone makes it certain.
  return (
    1 -
    (1 - 0.55 * nameCoverage) * (1 - 0.35 * hintCoverage) * (1 - 0.2 * descriptionCoverage) * (1 - 0.6 * labelCoverage)
  );
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

export function identifyDocument(
  document: ConvertedDocument,
  candidates: readonly CandidateType[],
): IdentificationResult {
  if (candidates.length === 0) {
    throw new PipelineError('identification', 'There are no document types to identify the document against');
  }
  const evidence = documentEvidence(document.text);
  const scores = candidates.map((candidate) => evidenceFor(evidence, candidate));
  const best = Math.max(...scores);
  const runnerUp = Math.max(0, ...scores.filter((_, index) => index !== scores.indexOf(best)));
  // The best candidate keeps its evidence, less what a close runner-up makes doubtful: two equal
  // candidates get half each. The others keep their evidence scaled by how far behind they are,
  // so a clearly weaker but plausible type still reads as plausible, never above the best one.
  const relativeRunnerUp = best > 0 ? runnerUp / best : 0;
  const top = best * (1 - AMBIGUITY_WEIGHT * relativeRunnerUp ** AMBIGUITY_EXPONENT);
  const matches: TypeMatch[] = candidates.map((candidate, index) => {
    const score = scores[index] ?? 0;
    if (index === scores.indexOf(best)) return { code: candidate.code, name: candidate.name, confidence: round4(top) };
    const relative = best > 0 ? score / best : 0;
    const confidence = Math.min(top, score * relative * (1 - AMBIGUITY_WEIGHT * relative ** AMBIGUITY_EXPONENT));
    return { code: candidate.code, name: candidate.name, confidence: round4(confidence) };
  });
  matches.sort((a, b) => b.confidence - a.confidence || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const [documentType, ...others] = matches as [TypeMatch, ...TypeMatch[]];
  return { documentType, alternatives: others.slice(0, MAX_ALTERNATIVES) };
}
