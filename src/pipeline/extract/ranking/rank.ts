import type { Candidate } from '../candidates/candidate.js';
import { durationAsAsked } from '../candidates/durations.js';
import type { Located } from '../evidence.js';
import type { ModelLine } from '../model/document-model.js';
import { parseNumber } from '../parse-values.js';
import { printedAmount } from '../typed-value.js';
import type { PropertyProfile } from './property-profile.js';
import { featuresOf, scoreFeatures } from './score-candidate.js';

/** A winner below this confidence is no answer: the property is left out rather than guessed. */
export const MIN_CONFIDENCE = 0.3;

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 0.005;
  // An amount and the same figure asked for as a string ("9.00").
  if (typeof a === 'number' && typeof b === 'string') return sameValue(a, parseNumber(b));
  if (typeof a === 'string' && typeof b === 'number') return sameValue(parseNumber(a), b);
  if (typeof a === 'string' && typeof b === 'string') return normalized(a) === normalized(b);
  return JSON.stringify(a) === JSON.stringify(b);
}

function normalized(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The candidate's value as the property asks for it: an amount asked for as a string is its figure as printed. */
function valueAsAsked(candidate: Candidate, profile: PropertyProfile): unknown {
  if (candidate.kind === 'amount' && typeof candidate.value === 'number' && profile.type !== 'number') {
    if (profile.type !== 'integer') return printedAmount(candidate.raw) ?? String(candidate.value);
  }
  return durationAsAsked(candidate, profile.phrase);
}

function accepts(profile: PropertyProfile, candidate: Candidate): boolean {
  if (profile.list) return Array.isArray(candidate.value);
  if (Array.isArray(candidate.value)) return false;
  // A document's title answers only a property that asks what the document is, never its parties or addresses.
  if (candidate.kind === 'title' || candidate.onlyWhenAsked) return asksFor(profile, candidate);
  return profile.kinds.has(candidate.kind);
}

function asksFor(profile: PropertyProfile, candidate: Candidate): boolean {
  return candidate.relations.some((relation) => profile.relations.has(relation));
}

/**
 * The candidate lies inside the sentence the label reader took part of, which is longer than it.
 * The reader stops at its line's end while the sentence goes on, so the candidate may end on the
 * next line ("... expire on the third" / "anniversary of the Effective Date") or lie on it when the
 * reader's text ends without a stop ("... shall remain in effect for" / "2 years after ...").
 */
function within(candidate: Candidate, labelled: Located): boolean {
  const outer = labelled.span;
  const inner = candidate.span;
  if (!outer || typeof labelled.value !== 'string' || labelled.value.length <= candidate.raw.length) return false;
  const startsAfter = inner.line > outer.line || (inner.line === outer.line && inner.start >= outer.start);
  const startsBefore = inner.line < outer.endLine || (inner.line === outer.endLine && inner.start < outer.end);
  const sentenceGoesOn = inner.line === outer.endLine + 1 && !/[.;:!?]\s*$/.test(labelled.value);
  const endsInside = inner.endLine < outer.endLine || (inner.endLine === outer.endLine && inner.end <= outer.end);
  return startsAfter && (startsBefore || sentenceGoesOn) && (endsInside || inner.endLine === outer.endLine + 1);
}

/** A label's text that is a sentence: several words ending with a stop. */
function isSentence(value: unknown): boolean {
  return typeof value === 'string' && /[.;]\s*$/.test(value) && value.trim().split(/\s+/).length >= MIN_SENTENCE_WORDS;
}

const MIN_SENTENCE_WORDS = 8;

/** The label reader's answer as a candidate of its own, for when no generator proposed that value. */
function readerCandidate(located: Located): Candidate | null {
  if (!located.span) return null;
  return {
    kind: 'text',
    value: located.value,
    raw: String(located.value),
    span: located.span,
    // No generator vouches for the kind: the reader's own confidence is all the evidence.
    kindConfidence: 0,
    layout: 'same-line',
    relations: [],
    labelWords: [],
  };
}

/**
 * What counts as the same value repeated: the same kind and value, and, for a candidate stating a
 * relation the property asks for, that relation too ("renews for successive one (1) year terms" is
 * not seconded by a "12 months" the text states as a notice period or a forecast).
 */
function repetitionKey(candidate: Candidate, profile: PropertyProfile): string {
  const asked = candidate.relations.filter((relation) => profile.relations.has(relation)).sort();
  return `${candidate.kind}:${JSON.stringify(candidate.value)}:${asked.join(',')}`;
}

/** The candidates a property accepts, how often each value repeats, and whether any states a relation it asks for. */
function acceptedBy(
  profile: PropertyProfile,
  candidates: readonly Candidate[],
): { accepted: Candidate[]; counts: Map<string, number>; relationStated: boolean } {
  const accepted = candidates.filter((candidate) => accepts(profile, candidate));
  const counts = new Map<string, number>();
  for (const candidate of accepted) {
    const key = repetitionKey(candidate, profile);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const relationStated = accepted.some((candidate) => asksFor(profile, candidate));
  return { accepted, counts, relationStated };
}

/**
 * The candidates that state a relation the property asks for, each with the score ranking gives it
 * when no label reads the property.
 */
export function scoreAsked(
  profile: PropertyProfile,
  candidates: readonly Candidate[],
  lines: readonly ModelLine[],
): { candidate: Candidate; score: number }[] {
  const { accepted, counts, relationStated } = acceptedBy(profile, candidates);
  return accepted
    .filter((candidate) => asksFor(profile, candidate))
    .map((candidate) => {
      const repeats = counts.get(repetitionKey(candidate, profile)) ?? 1;
      const features = featuresOf({ candidate, labelReader: 0, repeats, relationStated }, profile, lines);
      return { candidate, score: scoreFeatures(features) };
    });
}

/**
 * The value of one property: every candidate of a kind it accepts, and the label reader's answer,
 * scored by the named features; the best above MIN_CONFIDENCE wins, with the scorer's confidence.
 */
export function rankCandidates(
  profile: PropertyProfile,
  candidates: readonly Candidate[],
  labelled: Located | undefined,
  lines: readonly ModelLine[],
): Located | undefined {
  const { accepted, counts, relationStated } = acceptedBy(profile, candidates);
  let best: { located: Located; score: number } | null = null;
  const consider = (candidate: Candidate, labelReader: number, repeats: number, sentence = false) => {
    const score = scoreFeatures(
      featuresOf({ candidate, labelReader, repeats, relationStated, sentence }, profile, lines),
    );
    if (!best || score > best.score)
      best = {
        located: { value: valueAsAsked(candidate, profile), span: candidate.span, confidence: score },
        score,
      };
  };
  let readerMatched = false;
  for (const candidate of accepted) {
    const agrees = labelled !== undefined && sameValue(candidate.value, labelled.value);
    // A label's cell that holds a sentence ("Term. This Agreement remains in effect for three (3)
    // years...") is read more precisely by the generator that found the asked value inside it.
    const refines = !agrees && labelled !== undefined && asksFor(profile, candidate) && within(candidate, labelled);
    if (agrees || refines) readerMatched = true;
    const repeats = counts.get(repetitionKey(candidate, profile)) ?? 1;
    // The reader's own value keeps the reader's normalisation (its type parser knows the schema).
    consider(
      agrees && labelled ? { ...candidate, value: labelled.value } : candidate,
      (agrees || refines) && labelled ? labelled.confidence : 0,
      repeats,
    );
  }
  if (labelled && !readerMatched) {
    const own = readerCandidate(labelled);
    if (own) consider(own, labelled.confidence, 1, isSentence(labelled.value));
    else if (!best) return labelled; // a value read from the whole document (its currency), with no span
  }
  const winner = best as { located: Located; score: number } | null;
  if (!winner) return undefined;
  if (winner.score < MIN_CONFIDENCE) return labelled && winner.located.value === labelled.value ? labelled : undefined;
  return winner.located;
}
