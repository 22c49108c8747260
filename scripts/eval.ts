// `npm run eval [-- options]`: the offline engine over every labelled dataset of the shared corpus.
//   --half tuning|report|both   which half of each set (a stable split by a hash of the file name);
//                               report by default: the figures to quote
//   --set <name>                only this set (repeatable); all sets by default
//   --sample N                  at most N documents per set, the same ones every run
//   [--datasets] <folder>       the corpus; QUIRE_DATASETS or shared/datasets beside the repository by default
//   --convert-budget <seconds>  time allowed for converting documents not yet in the cache (OCR);
//                               past it, uncached documents are skipped and the set is reported
//                               as sampled (60 s by default; warm the cache with scripts/eval/warm-cache.ts)
//   --no-identification         skip the identification section
//   --present                   for sets read through OCR, also the accuracy over the values that appear
//                               in the converted text (extraction misses apart from OCR misses);
//                               with VERBOSE=1 such misses are marked `(in text)`
//   VERBOSE=1                   lists every miss as `file field expected got`
// Extraction time only is measured (conversion is cached and excluded). Scoring: scripts/eval/score.ts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeOcr } from '../src/pipeline/convert/ocr.js';
import { extractFields } from '../src/pipeline/extract/extract.js';
import type { ConvertedDocument, ExtractionType } from '../src/pipeline/types.js';
import { evaluateIdentification } from './eval/identification.js';
import { ALL_SETS, type DatasetSelection, type EvalCase, loadSet } from './eval/load-datasets.js';
import { type PresentTally, printPresent, readThroughOcr, tallyPresent } from './eval/present.js';
import { printMisses, printSet, printSummary, printTargets, type SetResult, type TargetLine } from './eval/report.js';
import { emptyTally, schemaFieldPaths, scoreDocument } from './eval/score.js';

interface Options extends DatasetSelection {
  readonly sets: readonly string[];
  readonly datasets: string;
  readonly convertBudgetSeconds: number;
  readonly identification: boolean;
  readonly present: boolean;
}

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function usage(message: string): never {
  console.error(
    `${message}\nusage: npm run eval -- [--half tuning|report|both] [--set <name>]... [--sample N] ` +
      '[[--datasets] <folder>] [--convert-budget <seconds>] [--no-identification] [--present]',
  );
  process.exit(2);
}

/** `shared/datasets` beside the repository, or beside the folder of worktrees when run from a worktree. */
function defaultDatasets(): string {
  const candidates = ['../shared/datasets', '../../shared/datasets'];
  return candidates.find((candidate) => existsSync(path.resolve(repositoryRoot, candidate))) ?? candidates[0]!;
}

function parseOptions(args: readonly string[]): Options {
  let half: Options['half'] = 'report';
  const sets: string[] = [];
  let sample: number | undefined;
  let datasets = process.env.QUIRE_DATASETS ?? defaultDatasets();
  let convertBudgetSeconds = 60;
  let identification = true;
  let present = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    const value = () => args[++index] ?? usage(`${arg} needs a value`);
    if (arg === '--half') {
      const given = value();
      if (given !== 'tuning' && given !== 'report' && given !== 'both') usage(`--half must be tuning, report or both`);
      half = given;
    } else if (arg === '--set') {
      const given = value();
      if (!ALL_SETS.includes(given)) usage(`unknown set ${given}; sets: ${ALL_SETS.join(', ')}`);
      sets.push(given);
    } else if (arg === '--sample') {
      sample = Number(value());
      if (!Number.isInteger(sample) || sample < 1) usage('--sample must be a positive whole number');
    } else if (arg === '--datasets') {
      datasets = value();
    } else if (arg === '--convert-budget') {
      convertBudgetSeconds = Number(value());
      if (!(convertBudgetSeconds >= 0)) usage('--convert-budget must be a number of seconds');
    } else if (arg === '--no-identification') {
      identification = false;
    } else if (arg === '--present') {
      present = true;
    } else if (arg !== undefined && !arg.startsWith('-')) {
      datasets = arg;
    } else {
      usage(`unknown argument ${arg}`);
    }
  }
  return {
    half,
    sample,
    sets: sets.length > 0 ? sets : ALL_SETS,
    datasets: path.resolve(repositoryRoot, datasets),
    convertBudgetSeconds,
    identification,
    present,
  };
}

function extractionType(schema: Record<string, unknown>): ExtractionType {
  return {
    code: 'eval',
    name: 'Eval',
    jsonSchema: schema,
    promptHints: null,
    keepPropertyOrdering: true,
    conversionMode: 'json',
  };
}

/** Conversion time left for documents not in the cache, shared by all sets of the run. */
let convertBudgetMs = 0;

interface ReadDocument {
  readonly item: EvalCase;
  /** Null when the document could not be converted: the service would return nothing for it either. */
  readonly document: ConvertedDocument | null;
}

async function readDocuments(cases: readonly EvalCase[]): Promise<{ read: ReadDocument[]; skipped: number }> {
  const read: ReadDocument[] = [];
  let skipped = 0;
  for (const item of cases) {
    if (!item.cached && convertBudgetMs <= 0) {
      skipped++;
      continue;
    }
    const started = performance.now();
    try {
      read.push({ item, document: await item.read() });
    } catch (error) {
      read.push({ item, document: null });
      console.log(`  ${item.file}: conversion failed: ${(error as Error).message}`);
    }
    if (!item.cached) convertBudgetMs -= performance.now() - started;
  }
  return { read, skipped };
}

async function evaluateSet(options: Options, set: string, present: PresentTally): Promise<SetResult> {
  const cases = loadSet(options.datasets, set, options);
  const fieldOrder = [...new Set(cases.flatMap((item) => schemaFieldPaths(item.schema)))];
  const { read, skipped } = await readDocuments(cases);
  const tally = emptyTally();
  let failed = 0;
  let extractionMs = 0;
  let extracted = 0;
  let pages = 0;
  for (const { item, document } of read) {
    // A document that fails to convert or to extract is a result too: it scores as nothing extracted.
    let data: Record<string, unknown> = {};
    if (document === null) {
      failed++;
    } else {
      extracted++;
      pages += Math.max(1, document.pages.length);
      const started = performance.now();
      try {
        data = extractFields(document, extractionType(item.schema)).data;
      } catch (error) {
        failed++;
        console.log(`  ${item.file}: extraction failed: ${(error as Error).message}`);
      }
      extractionMs += performance.now() - started;
    }
    scoreDocument(tally, item.file, item.expected, data);
    if (options.present && document !== null && readThroughOcr(item.file))
      tallyPresent(present, item.expected, data, document.text, item.file);
  }
  return {
    set,
    documents: read.length,
    extracted,
    pages,
    skipped,
    failed,
    extractionSeconds: extractionMs / 1000,
    tally,
    fieldOrder,
  };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (!existsSync(options.datasets)) {
    usage(`The datasets folder ${options.datasets} does not exist: pass --datasets <folder> or set QUIRE_DATASETS.`);
  }
  convertBudgetMs = options.convertBudgetSeconds * 1000;
  const halfName = options.half === 'both' ? 'both halves' : `${options.half} half`;
  const started = performance.now();
  console.log(
    `Offline engine over ${options.datasets}: ${halfName}` +
      (options.sample === undefined ? '' : `, at most ${options.sample} documents per set`),
  );
  console.log(
    'Strings compared after NFKC, lower case, no whitespace/punctuation; dates as ISO; numbers within 0.005; ' +
      'booleans exact; keys absent from the expected JSON not scored (extracted anyway: "extra"). ' +
      'Array elements paired on name/description/key; an unpaired expected element misses its sub-fields. ' +
      'PDF attachments (embedded e-invoice XML) are not read.',
  );
  const targets: TargetLine[] = [];
  const results: SetResult[] = [];
  const verbose = process.env.VERBOSE === '1';
  for (const set of options.sets) {
    const present: PresentTally = { fields: new Map(), misses: new Set() };
    const result = await evaluateSet(options, set, present);
    results.push(result);
    targets.push(...printSet(result, halfName));
    printPresent(present, result.fieldOrder);
    if (verbose) printMisses(result.tally, present.misses);
  }
  printSummary(results);
  printTargets(targets);
  await closeOcr();
  if (options.identification)
    await evaluateIdentification(options.datasets, { half: options.half, sample: options.sample });
  console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

await main();
