import type { Candidate } from '../candidates/candidate.js';
import type { ModelLine } from '../model/document-model.js';
import type { PropertyProfile } from './property-profile.js';
import WEIGHTS from './weights.json' with { type: 'json' };

/**
 * The candidate scorer: named features, each 0..1, weighed by one table (weights.json) and turned
 * into a confidence by the logistic function, so a low confidence means "check this".
 */

export type FeatureName = Exclude<keyof typeof WEIGHTS, 'comment' | 'bias'>;
export type Features = Record<FeatureName, number>;

/** A candidate as ranking sees it: the generator's candidate, plus what the label reader said of the same value. */
export interface RankedInput {
  readonly candidate: Candidate;
  /** Confidence of the label reader's answer when it is this value, else 0. */
  readonly labelReader: number;
  /** How many candidates of the same kind carry the same value (itself included). */
  readonly repeats: number;
  /** True when some candidate states a relation the property asks for. */
  readonly relationStated?: boolean;
  /** True for the label reader's own text when it is a whole sentence ("Term. The obligations shall survive ..."). */
  readonly sentence?: boolean;
}

function overlap(words: readonly string[], phrase: string): number {
  if (words.length === 0) return 0;
  let found = 0;
  for (const word of words) if (phrase.includes(` ${word}`)) found++;
  return found / words.length;
}

export function featuresOf(input: RankedInput, profile: PropertyProfile, lines: readonly ModelLine[]): Features {
  const { candidate } = input;
  const askedCount = candidate.relations.filter((relation) => profile.relations.has(relation)).length;
  const asked = askedCount > 0;
  const line = lines[candidate.span.line];
  const topOfFirstPage =
    line && line.page === 0 && line.linesOnPage > 0
      ? Math.max(0, 1 - line.rankOnPage / Math.min(line.linesOnPage, 40))
      : 0;
  // A value the document states as something else (the issuer's name) is not the answer of a property asking for
  // another relation, nor of one asking for none ("payment method"): its own label would have to read it.
  const other = !asked && candidate.relations.length > 0;
  return {
    relation_asked: asked ? 1 : 0,
    // A candidate that is more of what the property asks for ("store name": the issuer, and its trading name).
    relation_asked_twice: askedCount > 1 ? 1 : 0,
    relation_other: other ? 1 : 0,
    // A value the document states is something the property's name rules out (the issuer's name for
    // the buyer's name or for a country) is not its answer, unless the property's own label reads it.
    relation_excluded:
      !asked &&
      input.labelReader === 0 &&
      candidate.relations.some((relation) => profile.excludedRelations.has(relation))
        ? 1
        : 0,
    // When the document states a relation the property asks for ("governed by the laws of X"), text that states none
    // (what sits under a "Governing Law" heading) is not the answer. Only for a relation the property names in
    // several words: a bare "date" or "address" is still best read from its label, unless what follows the label
    // is a whole sentence, which the generator that read the relation in prose answers more precisely.
    relation_unstated:
      input.relationStated &&
      (profile.relationsNamed || input.sentence === true) &&
      !asked &&
      candidate.relations.length === 0
        ? 1
        : 0,
    // A label's value that its generator says is something else (the net of a tax summary's "Total"
    // row) is read by a label that does not say what it is: its word counts half.
    label_reader: other ? input.labelReader / 2 : input.labelReader,
    kind_confidence: candidate.kindConfidence,
    label_overlap: overlap(candidate.labelWords, profile.phrase),
    letterhead: candidate.layout === 'letterhead' ? 1 : 0,
    top_of_first_page: topOfFirstPage,
    support: Math.min(1, Math.max(0, candidate.support ?? 0)),
    conflict: Math.min(1, Math.max(0, candidate.conflict ?? 0)),
    repetition: Math.min(1, (input.repeats - 1) / 2),
  };
}

export function scoreFeatures(features: Features): number {
  let sum = WEIGHTS.bias;
  for (const [name, value] of Object.entries(features) as [FeatureName, number][]) sum += WEIGHTS[name] * value;
  return 1 / (1 + Math.exp(-sum));
}
