import { PipelineError } from '../pipeline-error.js';
import type { CandidateType, ConvertedDocument, IdentificationResult, TypeMatch } from '../types.js';
import { documentProfile } from './document-profile.js';
import { evidenceLogit, sharedConfidences } from './identification-model.js';
import { candidateFeatures } from './identify-features.js';

/**
 * Identification without a model server: the document is read once (what it calls itself, its
 * phrases, the shape of its lines), each candidate type is scored on its own evidence in it (does
 * the document say it is of the kind the type names, or clearly of another kind; are the type's
 * own words there), then the candidates compete: the winner's confidence is its evidence less
 * what a close runner-up makes doubtful. So a document of none of the types gets a low
 * confidence whatever the candidates, and a clear match a high one. What a confidence means is
 * measured by `npm run eval:identify` (see the README).
 */

const MAX_ALTERNATIVES = 5;

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
  const profile = documentProfile(document.text, document.pages.length);
  const logits = candidates.map((candidate) => evidenceLogit(candidateFeatures(profile, candidate)));
  const confidences = sharedConfidences(logits);
  const matches: TypeMatch[] = candidates.map((candidate, index) => ({
    code: candidate.code,
    name: candidate.name,
    confidence: round4(confidences[index] ?? 0),
  }));
  matches.sort((a, b) => b.confidence - a.confidence || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const [documentType, ...others] = matches as [TypeMatch, ...TypeMatch[]];
  return { documentType, alternatives: others.slice(0, MAX_ALTERNATIVES) };
}
