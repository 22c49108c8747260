// `tsx scripts/fit-identification.ts [datasets folder] [--cached-only] [--sample N]`: fits the weights
// of offline identification (src/pipeline/identify/identification-weights.json) on the TUNING half of
// the labelled identification list, and writes them. Deterministic: the same documents give the same file.
//   Step 1, evidence: a logistic regression of "the document is of this candidate type" over the named
//   features of every (document, candidate) pair; candidates as published with and without hints, and
//   once more with the lexicon's kinds ignored, so types it does not know still get weights for their
//   own words. Fitted by Newton's method. Classes are weighted equally (receipts would outnumber reports forty to one).
//   Step 2, confidence: scale, offset and sharpness chosen by grid search for the lowest log loss of
//   "the winner is right", over queries with all five candidates and queries with the document's own
//   type withheld (the winner is then always wrong).
//   Step 3, alternatives: the runner-up's sharpness, for the lowest log loss of "the runner-up is right".
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeOcr } from '../src/pipeline/convert/ocr.js';
import { documentProfile } from '../src/pipeline/identify/document-profile.js';
import {
  evidenceLogit,
  type IdentificationModel,
  sharedConfidences,
} from '../src/pipeline/identify/identification-model.js';
import { candidateFeatures, candidateKinds, FEATURE_NAMES } from '../src/pipeline/identify/identify-features.js';
import { identificationCandidates } from './eval/candidate-types.js';
import { loadLabelledCorpus } from './eval/identification-corpus.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const sampleIndex = args.indexOf('--sample');
const sample = sampleIndex >= 0 ? Number(args[sampleIndex + 1]) : undefined;
const datasets = path.resolve(
  repositoryRoot,
  args.find((arg, index) => !arg.startsWith('--') && (sampleIndex < 0 || index !== sampleIndex + 1)) ??
    process.env.QUIRE_DATASETS ??
    '../shared/datasets',
);
const output = path.join(repositoryRoot, 'src/pipeline/identify/identification-weights.json');

/** Ridge penalty on the weights (not the bias): keeps weights of rare features small. */
const L2 = 0.001;
const NEWTON_STEPS = 25;
/**
 * A type's own words found in the document always count for it, a little at least, even where the
 * tuning types are told apart by kind alone: two types of one kind (an English and a Spanish
 * invoice) are then told apart by their own labels and hints.
 */
const FLOORS: Record<string, number> = { nameFound: 0.5, hintsFound: 0.5, descriptionFound: 0.25, labelsFound: 0.5 };
const SIGNS: Record<string, number> = {
  kindTitle: 1,
  kindCues: 1,
  kindLayout: 1,
  otherTitle: -1,
  otherCues: -1,
  otherLayout: -1,
  nameFound: 1,
  hintsFound: 1,
  descriptionFound: 1,
  labelsFound: 1,
  titleAgainstShape: -1,
  titleAlone: -1,
};

interface Pair {
  readonly x: number[];
  readonly y: number;
  readonly weight: number;
}

const corpus = await loadLabelledCorpus(datasets, {
  half: 'tuning',
  sample,
  cachedOnly: args.includes('--cached-only'),
});
await closeOcr();
const perClass = new Map<string, number>();
for (const item of corpus.documents) perClass.set(item.documentType, (perClass.get(item.documentType) ?? 0) + 1);

const variants = [false, true].map((withHints) => identificationCandidates(datasets, withHints));
const profiles = corpus.documents.map((item) => documentProfile(item.document.text, item.document.pages.length));

const pairs: Pair[] = [];
corpus.documents.forEach((item, index) => {
  const profile = profiles[index];
  if (!profile) return;
  const weight = corpus.documents.length / (perClass.size * (perClass.get(item.documentType) ?? 1));
  for (const [variant, candidates] of variants.entries()) {
    for (const candidate of candidates) {
      const y = candidate.code === item.documentType ? 1 : 0;
      const features = candidateFeatures(profile, candidate);
      pairs.push({ x: FEATURE_NAMES.map((name) => features[name]), y, weight });
      if (variant === 1) {
        const blind = candidateFeatures(profile, candidate, candidateKinds(candidate, true));
        pairs.push({ x: FEATURE_NAMES.map((name) => blind[name]), y, weight });
      }
    }
  }
});

// Step 1: Newton's method (iteratively reweighted least squares) from zero: the result depends on the data only.
function solve(matrix: number[][], vector: number[]): number[] {
  const size = vector.length;
  const rows = matrix.map((row, index) => [...row, vector[index] ?? 0]);
  for (let column = 0; column < size; column++) {
    let pivot = column;
    for (let row = column + 1; row < size; row++) {
      if (Math.abs(rows[row]?.[column] ?? 0) > Math.abs(rows[pivot]?.[column] ?? 0)) pivot = row;
    }
    [rows[column], rows[pivot]] = [rows[pivot] ?? [], rows[column] ?? []];
    const head = rows[column] ?? [];
    for (let row = 0; row < size; row++) {
      const current = rows[row] ?? [];
      if (row === column || (head[column] ?? 0) === 0) continue;
      const factor = (current[column] ?? 0) / (head[column] ?? 1);
      for (let index = column; index <= size; index++)
        current[index] = (current[index] ?? 0) - factor * (head[index] ?? 0);
    }
  }
  return rows.map((row, index) => (row[size] ?? 0) / (row[index] ?? 1));
}

const size = FEATURE_NAMES.length + 1;
const coefficients = new Array<number>(size).fill(0);
const totalWeight = pairs.reduce((sum, pair) => sum + pair.weight, 0);
for (let step = 0; step < NEWTON_STEPS; step++) {
  const gradient = new Array<number>(size).fill(0);
  const hessian = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (const pair of pairs) {
    const x = [1, ...pair.x];
    const z = x.reduce((sum, value, index) => sum + value * (coefficients[index] ?? 0), 0);
    const p = 1 / (1 + Math.exp(-z));
    const w = (pair.weight * p * (1 - p)) / totalWeight;
    x.forEach((value, i) => {
      gradient[i] = (gradient[i] ?? 0) + ((p - pair.y) * pair.weight * value) / totalWeight;
      const row = hessian[i] ?? [];
      x.forEach((other, j) => {
        row[j] = (row[j] ?? 0) + w * value * other;
      });
    });
  }
  for (let i = 1; i < size; i++) {
    gradient[i] = (gradient[i] ?? 0) + L2 * (coefficients[i] ?? 0);
    const row = hessian[i] ?? [];
    row[i] = (row[i] ?? 0) + L2;
  }
  const delta = solve(hessian, gradient);
  coefficients.forEach((value, index) => {
    const next = value - (delta[index] ?? 0);
    // Evidence for the type never counts against it, nor evidence for another kind in its favour.
    const name = FEATURE_NAMES[index - 1] ?? '';
    const sign = SIGNS[name] ?? 0;
    const floor = FLOORS[name] ?? 0;
    coefficients[index] = sign > 0 ? Math.max(floor, next) : sign < 0 ? Math.min(0, next) : next;
  });
}
const round = (value: number) => Math.round(value * 1000) / 1000;
const stepOne = {
  bias: round(coefficients[0] ?? 0),
  weights: Object.fromEntries(
    FEATURE_NAMES.map((name, index) => [name, round(coefficients[index + 1] ?? 0)]),
  ) as Record<(typeof FEATURE_NAMES)[number], number>,
};

// Step 2: the winner's confidence on full and withheld queries.
interface Query {
  readonly logits: number[];
  /** Per offered candidate: is it the document's type. */
  readonly right: boolean[];
}
const queries: Query[] = [];
corpus.documents.forEach((item, index) => {
  const profile = profiles[index];
  if (!profile) return;
  for (const candidates of variants) {
    for (const offered of [candidates, candidates.filter((candidate) => candidate.code !== item.documentType)]) {
      const logits = offered.map((candidate) =>
        evidenceLogit(candidateFeatures(profile, candidate), {
          ...stepOne,
          scale: 1,
          offset: 0,
          sharpness: 1,
          runnerUpSharpness: 1,
        }),
      );
      queries.push({ logits, right: offered.map((candidate) => candidate.code === item.documentType) });
    }
  }
});
let best: { loss: number; scale: number; offset: number; sharpness: number } | null = null;
for (let scale = 0.25; scale <= 8.001; scale += 0.25) {
  for (let offset = -6; offset <= 8.001; offset += 0.25) {
    for (const sharpness of [0.05, 0.1, 0.15, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6]) {
      const model: IdentificationModel = { ...stepOne, scale, offset, sharpness, runnerUpSharpness: sharpness };
      let loss = 0;
      for (const query of queries) {
        const confidence = Math.max(...sharedConfidences(query.logits, model));
        const p = Math.min(1 - 1e-6, Math.max(1e-6, confidence));
        loss -= query.right[query.logits.indexOf(Math.max(...query.logits))] ? Math.log(p) : Math.log(1 - p);
      }
      if (!best || loss < best.loss - 1e-9) best = { loss, scale: round(scale), offset: round(offset), sharpness };
    }
  }
}

// Step 3: the runner-up's confidence, so the alternatives a caller is shown are calibrated too.
let runnerUp: { loss: number; sharpness: number } | null = null;
for (const sharpness of [0.05, 0.1, 0.15, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6]) {
  const model: IdentificationModel = {
    ...stepOne,
    scale: best?.scale ?? 1,
    offset: best?.offset ?? 0,
    sharpness: best?.sharpness ?? 1,
    runnerUpSharpness: sharpness,
  };
  let loss = 0;
  for (const query of queries) {
    if (query.logits.length < 2) continue;
    const confidences = sharedConfidences(query.logits, model);
    const winner = query.logits.indexOf(Math.max(...query.logits));
    const second = confidences.reduce(
      (top, value, index) => (index !== winner && value > (confidences[top] ?? -1) ? index : top),
      winner === 0 ? 1 : 0,
    );
    const p = Math.min(1 - 1e-6, Math.max(1e-6, confidences[second] ?? 0));
    loss -= query.right[second] ? Math.log(p) : Math.log(1 - p);
  }
  if (!runnerUp || loss < runnerUp.loss - 1e-9) runnerUp = { loss, sharpness };
}

const model = {
  fittedOn: {
    half: 'tuning',
    documents: Object.fromEntries([...perClass.entries()].sort()),
    leftOut: corpus.leftOut,
  },
  ...stepOne,
  scale: best?.scale ?? 1,
  offset: best?.offset ?? 0,
  sharpness: best?.sharpness ?? 1,
  runnerUpSharpness: runnerUp?.sharpness ?? 1,
};
writeFileSync(output, `${JSON.stringify(model, null, 2)}\n`);
console.log(
  `${corpus.documents.length} tuning documents (${corpus.convertedNow} converted now, ${corpus.leftOut} left out)`,
);
console.log(
  `${pairs.length} pairs, ${queries.length} queries; log loss ${((best?.loss ?? 0) / queries.length).toFixed(4)}`,
);
console.log(JSON.stringify(model));
