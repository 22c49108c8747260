import { readFileSync } from 'node:fs';
import { identifyDocument } from '../../src/pipeline/identify/identify.js';
import type { ConvertedDocument } from '../../src/pipeline/types.js';
import { CANDIDATE_TYPES } from './candidate-types.js';
import { INVOICE2DATA_SET, loadSet, OMNI_SET } from './load-datasets.js';
import { SYNTHETIC_DOCUMENTS } from './synthetic-documents.js';

/**
 * Identification: the labelled dataset documents (identification-labels.json) of the selected half,
 * plus synthetic ones (scripts/eval/synthetic-documents.ts), against seven candidate types; a document
 * of no candidate type is identified correctly when its best confidence is low.
 */

const TARGET_IDENTIFICATION = 95;
/** A document of none of the candidate types is identified correctly when its best confidence is below this. */
const LOW_CONFIDENCE = 0.5;

interface IdentificationCase {
  readonly name: string;
  readonly expected: string | null;
  readonly document: ConvertedDocument;
}

function textDocument(text: string): ConvertedDocument {
  return { format: 'text', contentType: 'text/plain', pages: [text], text };
}

async function loadCases(
  datasetsRoot: string,
  options: { half: 'tuning' | 'report' | 'both'; sample?: number },
): Promise<IdentificationCase[]> {
  const labels = (
    JSON.parse(readFileSync(new URL('./identification-labels.json', import.meta.url), 'utf8')) as {
      labels: Record<string, string | null>;
    }
  ).labels;
  const cases: IdentificationCase[] = [];
  for (const set of [INVOICE2DATA_SET, OMNI_SET]) {
    for (const item of loadSet(datasetsRoot, set, options)) {
      if (!(item.file in labels)) continue;
      cases.push({ name: item.file, expected: labels[item.file] ?? null, document: await item.read() });
    }
  }
  for (const item of SYNTHETIC_DOCUMENTS) {
    cases.push({ name: `synthetic: ${item.name}`, expected: item.expected, document: textDocument(item.text) });
  }
  return cases;
}

export async function evaluateIdentification(
  datasetsRoot: string,
  options: { half: 'tuning' | 'report' | 'both'; sample?: number },
): Promise<void> {
  const cases = await loadCases(datasetsRoot, options);
  console.log(
    `\n== identification among ${CANDIDATE_TYPES.length} candidate types (${options.half} half of the labelled ` +
      `documents, plus synthetic ones; none-of-them: correct when confidence < ${LOW_CONFIDENCE})`,
  );
  console.log(
    `  ${'document'.padEnd(52)}${'expected'.padStart(16)}${'got'.padStart(16)}${'confidence'.padStart(12)}  runner-up`,
  );
  let matched = 0;
  for (const item of cases) {
    const result = identifyDocument(item.document, CANDIDATE_TYPES);
    const top = result.documentType;
    const ok = item.expected === null ? top.confidence < LOW_CONFIDENCE : top.code === item.expected;
    if (ok) matched++;
    const second = result.alternatives[0];
    console.log(
      `${ok ? ' ' : '✗'} ${item.name.padEnd(52)}${String(item.expected ?? '(none)').padStart(16)}${top.code.padStart(16)}` +
        `${top.confidence.toFixed(2).padStart(12)}  ${second ? `${second.code} ${second.confidence.toFixed(2)}` : ''}`,
    );
  }
  const value = cases.length === 0 ? 0 : (100 * matched) / cases.length;
  console.log(
    `  TOTAL ${matched}/${cases.length} = ${value.toFixed(1)} %  (target ≥ ${TARGET_IDENTIFICATION} %: ` +
      `${value >= TARGET_IDENTIFICATION ? 'met' : `${(TARGET_IDENTIFICATION - value).toFixed(1)} short`})`,
  );
}
