import fitted from './identification-weights.json' with { type: 'json' };
import type { CandidateFeatures } from './identify-features.js';
import { FEATURE_NAMES } from './identify-features.js';

/**
 * Two small fitted steps (weights in identification-weights.json, fitted by
 * scripts/fit-identification.ts on the tuning half of the evaluation corpus):
 * 1. each candidate's evidence, a logistic score over its named features: how likely the document
 *    is of that type, judged on its own;
 * 2. the confidence of each candidate, that likelihood recalibrated and shared with its rivals:
 *    the best one keeps all of it when far ahead and half at a tie; a runner-up gets at most half,
 *    less the further behind it is (each rate fitted for the calibration of its own role).
 */
export interface IdentificationModel {
  readonly bias: number;
  readonly weights: Readonly<Record<(typeof FEATURE_NAMES)[number], number>>;
  /** Step 2: confidence alone = sigmoid(scale * evidence logit + offset). */
  readonly scale: number;
  readonly offset: number;
  /** Step 2: how fast a lead over the runner-up (in logits) turns a shared confidence into an undivided one. */
  readonly sharpness: number;
  /** Step 2: how fast a candidate's confidence falls with its distance behind the winner (in logits). */
  readonly runnerUpSharpness: number;
}

export const IDENTIFICATION_MODEL: IdentificationModel = fitted;

export function sigmoid(value: number): number {
  return 1 / (1 + Math.exp(-value));
}

/** Step 1: the candidate's evidence as a logit. */
export function evidenceLogit(features: CandidateFeatures, model: IdentificationModel = IDENTIFICATION_MODEL): number {
  let logit = model.bias;
  for (const name of FEATURE_NAMES) logit += model.weights[name] * features[name];
  return logit;
}

/** Step 2: every candidate's confidence from all the candidates' evidence logits. */
export function sharedConfidences(
  logits: readonly number[],
  model: IdentificationModel = IDENTIFICATION_MODEL,
): number[] {
  const best = Math.max(...logits);
  const bestIndex = logits.indexOf(best);
  const runnerUp = Math.max(...logits.filter((_, index) => index !== bestIndex));
  return logits.map((logit, index) => {
    const alone = sigmoid(model.scale * logit + model.offset);
    if (index === bestIndex) {
      // A single candidate (no runner-up) keeps all of its confidence.
      const lead = Number.isFinite(runnerUp) ? best - runnerUp : Number.POSITIVE_INFINITY;
      return alone * (1 - 0.5 * Math.exp(-model.sharpness * lead));
    }
    return alone * 0.5 * Math.exp(-model.runnerUpSharpness * (best - logit));
  });
}
