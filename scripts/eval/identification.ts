import { identifyDocument } from '../../src/pipeline/identify/identify.js';
import { type IdentificationClass, identificationCandidates } from './candidate-types.js';
import { type LabelledDocument, loadLabelledCorpus } from './identification-corpus.js';

/**
 * Identification measured on the labelled identification list: every document against the five
 * classes as a user would publish them (without and with identifyPromptHints), and again with its
 * own class withheld, where it is a document of none of the offered types and must score low. Only
 * dataset documents count; nothing written for the evaluation does.
 */

export const TARGETS = {
  top1: 0.95,
  perClass: 0.9,
  auroc: 0.95,
  ece: 0.08,
  rightAboveThreshold: 0.9,
  noneBelowThreshold: 0.95,
} as const;
export const THRESHOLD = 0.5;
const BINS = 10;

interface Answer {
  readonly documentType: IdentificationClass;
  readonly dataset: string;
  readonly confidence: number;
  /** The winner is the document's type; always false when its type was withheld. */
  readonly right: boolean;
}

interface Measures {
  readonly top1: number;
  readonly perClass: Map<string, { right: number; total: number }>;
  readonly meanRight: number;
  readonly meanWrong: number;
  readonly auroc: number;
  readonly ece: number;
  readonly rightAbove: number;
  readonly noneBelow: number;
  readonly noneByClass: Map<string, { below: number; total: number }>;
  readonly bins: { from: number; count: number; confidence: number; accuracy: number }[];
  readonly offered: number;
  readonly withheld: number;
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;

/** Probability that a right answer outranks a wrong or none-of-these one (ties count half). */
export function auroc(positives: readonly number[], negatives: readonly number[]): number {
  if (positives.length === 0 || negatives.length === 0) return Number.NaN;
  const all = [
    ...positives.map((value) => ({ value, positive: true })),
    ...negatives.map((value) => ({ value, positive: false })),
  ];
  all.sort((a, b) => a.value - b.value);
  let rankSum = 0;
  for (let start = 0; start < all.length; ) {
    let end = start;
    while (end < all.length && all[end]?.value === all[start]?.value) end++;
    const rank = (start + end + 1) / 2;
    for (let index = start; index < end; index++) if (all[index]?.positive) rankSum += rank;
    start = end;
  }
  return (rankSum - (positives.length * (positives.length + 1)) / 2) / (positives.length * negatives.length);
}

/** Expected calibration error: per confidence bin, the gap between mean confidence and accuracy, weighted by the bin's share. */
export function calibrationBins(answers: readonly { confidence: number; right: boolean }[]) {
  const bins = Array.from({ length: BINS }, (_, index) => ({
    from: index / BINS,
    items: [] as { confidence: number; right: boolean }[],
  }));
  for (const answer of answers) bins[Math.min(BINS - 1, Math.floor(answer.confidence * BINS))]?.items.push(answer);
  const summary = bins.map((bin) => ({
    from: bin.from,
    count: bin.items.length,
    confidence: mean(bin.items.map((item) => item.confidence)),
    accuracy: mean(bin.items.map((item) => (item.right ? 1 : 0))),
  }));
  const ece = summary.reduce(
    (sum, bin) =>
      bin.count === 0 ? sum : sum + (bin.count / answers.length) * Math.abs(bin.confidence - bin.accuracy),
    0,
  );
  return { ece, bins: summary };
}

function measure(offered: readonly Answer[], withheld: readonly Answer[]): Measures {
  const right = offered.filter((answer) => answer.right);
  const wrong = offered.filter((answer) => !answer.right);
  const perClass = new Map<string, { right: number; total: number }>();
  for (const answer of offered) {
    const entry = perClass.get(answer.documentType) ?? { right: 0, total: 0 };
    perClass.set(answer.documentType, { right: entry.right + (answer.right ? 1 : 0), total: entry.total + 1 });
  }
  const noneByClass = new Map<string, { below: number; total: number }>();
  for (const answer of withheld) {
    const entry = noneByClass.get(answer.documentType) ?? { below: 0, total: 0 };
    noneByClass.set(answer.documentType, {
      below: entry.below + (answer.confidence < THRESHOLD ? 1 : 0),
      total: entry.total + 1,
    });
  }
  const { ece, bins } = calibrationBins([...offered, ...withheld]);
  return {
    top1: right.length / offered.length,
    perClass,
    meanRight: mean(right.map((answer) => answer.confidence)),
    meanWrong: mean(wrong.map((answer) => answer.confidence)),
    auroc: auroc(
      right.map((answer) => answer.confidence),
      [...wrong, ...withheld].map((answer) => answer.confidence),
    ),
    ece,
    rightAbove: right.filter((answer) => answer.confidence >= THRESHOLD).length / right.length,
    noneBelow: withheld.filter((answer) => answer.confidence < THRESHOLD).length / withheld.length,
    noneByClass,
    bins,
    offered: offered.length,
    withheld: withheld.length,
  };
}

function answersFor(documents: readonly LabelledDocument[], datasetsRoot: string, withHints: boolean) {
  const candidates = identificationCandidates(datasetsRoot, withHints);
  const offered: Answer[] = [];
  const withheld: Answer[] = [];
  for (const item of documents) {
    const base = { documentType: item.documentType, dataset: item.dataset };
    const all = identifyDocument(item.document, candidates).documentType;
    offered.push({ ...base, confidence: all.confidence, right: all.code === item.documentType });
    const others = candidates.filter((candidate) => candidate.code !== item.documentType);
    withheld.push({
      ...base,
      confidence: identifyDocument(item.document, others).documentType.confidence,
      right: false,
    });
  }
  return { offered, withheld };
}

const pct = (value: number) => (Number.isNaN(value) ? '-' : `${(value * 100).toFixed(1)} %`);
const num = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(3));

function row(label: string, cells: readonly string[], target = ''): string {
  return `  ${label.padEnd(46)}${cells.map((cell) => cell.padStart(16)).join('')}   ${target}`;
}

function print(results: readonly Measures[]): void {
  const [first] = results;
  if (!first) return;
  console.log(row('', ['without hints', 'with hints'], 'target'));
  console.log(
    row(
      'documents offered their type / withheld',
      results.map((m) => `${m.offered} / ${m.withheld}`),
    ),
  );
  console.log(
    row(
      'top-1 on documents of a candidate type',
      results.map((m) => pct(m.top1)),
      `>= ${pct(TARGETS.top1)}`,
    ),
  );
  for (const name of first.perClass.keys()) {
    console.log(
      row(
        `  ${name}`,
        results.map((m) => {
          const entry = m.perClass.get(name);
          return entry ? `${pct(entry.right / entry.total)} (${entry.total})` : '-';
        }),
        `>= ${pct(TARGETS.perClass)}`,
      ),
    );
  }
  console.log(
    row(
      'mean confidence when right / wrong',
      results.map((m) => `${num(m.meanRight)} / ${num(m.meanWrong)}`),
    ),
  );
  console.log(
    row(
      'AUROC (right vs wrong-or-none)',
      results.map((m) => num(m.auroc)),
      `>= ${TARGETS.auroc}`,
    ),
  );
  console.log(
    row(
      'expected calibration error (10 bins)',
      results.map((m) => num(m.ece)),
      `<= ${TARGETS.ece}`,
    ),
  );
  console.log(
    row(
      `right answers with confidence >= ${THRESHOLD}`,
      results.map((m) => pct(m.rightAbove)),
      `>= ${pct(TARGETS.rightAboveThreshold)}`,
    ),
  );
  console.log(
    row(
      `none-of-these with confidence < ${THRESHOLD}`,
      results.map((m) => pct(m.noneBelow)),
      `>= ${pct(TARGETS.noneBelowThreshold)}`,
    ),
  );
  for (const name of first.noneByClass.keys()) {
    console.log(
      row(
        `  ${name} withheld`,
        results.map((m) => {
          const entry = m.noneByClass.get(name);
          return entry ? pct(entry.below / entry.total) : '-';
        }),
      ),
    );
  }
  console.log('\n  reliability: confidence bin -> answers, mean confidence, share right (offered and withheld pooled)');
  first.bins.forEach((bin, index) => {
    const cells = results.map((m) => {
      const b = m.bins[index];
      return b && b.count > 0 ? `${b.count}: ${num(b.confidence)} ${pct(b.accuracy)}` : '-';
    });
    console.log(
      `  ${`${bin.from.toFixed(1)}-${(bin.from + 0.1).toFixed(1)}`.padEnd(12)}${cells.map((cell) => cell.padStart(26)).join('')}`,
    );
  });
}

export async function evaluateIdentification(
  datasetsRoot: string,
  options: { half: 'tuning' | 'report' | 'both'; sample?: number; cachedOnly?: boolean },
): Promise<void> {
  const corpus = await loadLabelledCorpus(datasetsRoot, options);
  console.log(
    `\nIdentification (${options.half} half${options.sample ? `, at most ${options.sample} per class` : ''}): ` +
      `${corpus.documents.length} documents, ${corpus.convertedNow} not in the cache and converted (OCR'd) for this run, ` +
      `${corpus.leftOut} left out${options.cachedOnly ? ' (not cached)' : ''}`,
  );
  for (const failure of corpus.failed) console.log(`  unreadable: ${failure}`);
  const results = [false, true].map((withHints) => {
    const { offered, withheld } = answersFor(corpus.documents, datasetsRoot, withHints);
    return measure(offered, withheld);
  });
  print(results);
}
