// `npm run bench:identify`: offline identification time, in process, against the seven candidate
// types of scripts/eval/candidate-types.ts: a one-page document (budget 5 ms) and a 100-page one
// (budget 100 ms). Each is identified BENCH_IDENTIFY_SAMPLES times after 5 unmeasured runs; p50
// and p99 wall time and the mean CPU time per run printed beside the budget (p50 wall time decides). The documents are built here: their content only sets the size.
import { performance } from 'node:perf_hooks';
import { identifyDocument } from '../src/pipeline/identify/identify.js';
import type { ConvertedDocument } from '../src/pipeline/types.js';
import { PAGE_SEPARATOR } from '../src/pipeline/types.js';
import { machineLine, percentile, positiveInteger } from './bench-support.js';
import { CANDIDATE_TYPES } from './eval/candidate-types.js';

const samples = positiveInteger('BENCH_IDENTIFY_SAMPLES', 200);

function page(number: number): string {
  const clauses = Array.from(
    { length: 40 },
    (_, index) =>
      `${number}.${index + 1} The Supplier shall deliver the goods described in Schedule ${index % 7} to the premises of the Customer within ${index + 10} days.`,
  );
  return [`SUPPLY AGREEMENT - page ${number}`, '', ...clauses, '', `Invoice total   EUR ${number * 10}.00`].join('\n');
}

function documentOf(pages: readonly string[]): ConvertedDocument {
  return { format: 'text', contentType: 'text/plain', pages, text: pages.join(PAGE_SEPARATOR) };
}

function measure(label: string, document: ConvertedDocument, budgetMs: number): boolean {
  for (let run = 0; run < 5; run++) identifyDocument(document, CANDIDATE_TYPES);
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let run = 0; run < samples; run++) {
    const start = performance.now();
    identifyDocument(document, CANDIDATE_TYPES);
    times.push(performance.now() - start);
  }
  const cpu = process.cpuUsage(cpuBefore);
  // CPU time per run is what the code costs; wall time also counts waiting for a busy machine.
  const cpuMs = (cpu.user + cpu.system) / 1000 / samples;
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const within = p50 < budgetMs;
  console.log(
    `${label.padEnd(34)} wall p50 ${p50.toFixed(2).padStart(7)} ms   p99 ${percentile(times, 99).toFixed(2).padStart(7)} ms   ` +
      `CPU ${cpuMs.toFixed(2).padStart(7)} ms/run   budget ${budgetMs} ms ${within ? 'ok' : 'OVER'}`,
  );
  return within;
}

console.log(`identification, ${CANDIDATE_TYPES.length} candidate types, ${samples} runs each (${machineLine()})`);
const onePage = documentOf([page(1)]);
const hundredPages = documentOf(Array.from({ length: 100 }, (_, index) => page(index + 1)));
const ok = [
  measure(`one page (${onePage.text.length} characters)`, onePage, 5),
  measure(`100 pages (${hundredPages.text.length} characters)`, hundredPages, 100),
].every(Boolean);
process.exitCode = ok ? 0 : 1;
