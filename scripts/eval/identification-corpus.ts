import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { ConvertedDocument } from '../../src/pipeline/types.js';
import { IDENTIFICATION_CLASSES, type IdentificationClass } from './candidate-types.js';
import { convertCached, halfOf, isCached } from './corpus.js';

/** The labelled identification list (`identification.csv`) read into converted documents of one half or both. */

export interface LabelledDocument {
  readonly path: string;
  readonly dataset: string;
  readonly documentType: IdentificationClass;
  readonly document: ConvertedDocument;
}

export interface CorpusSelection {
  readonly half: 'tuning' | 'report' | 'both';
  /** At most this many documents per class, those already converted first. */
  readonly sample?: number;
  /** Leave out documents whose conversion is not cached (no OCR now). */
  readonly cachedOnly?: boolean;
}

export interface LabelledCorpus {
  readonly documents: readonly LabelledDocument[];
  /** Documents of the half not in the cache, converted (OCR'd) for this run. */
  readonly convertedNow: number;
  /** Documents of the half left out: not cached under `cachedOnly`, beyond the sample, or unreadable. */
  readonly leftOut: number;
  readonly failed: readonly string[];
}

interface Row {
  readonly path: string;
  readonly dataset: string;
  readonly document_type: string;
}

const stableOrder = (file: string) => createHash('sha256').update(file).digest('hex');

export async function loadLabelledCorpus(datasetsRoot: string, selection: CorpusSelection): Promise<LabelledCorpus> {
  const rows = parse(readFileSync(path.join(datasetsRoot, 'identification.csv'), 'utf8'), {
    columns: true,
    skip_empty_lines: true,
  }) as Row[];
  const inHalf = rows.filter(
    (row) =>
      row.document_type in IDENTIFICATION_CLASSES && (selection.half === 'both' || halfOf(row.path) === selection.half),
  );
  const chosen: Row[] = [];
  let leftOut = 0;
  for (const documentType of Object.keys(IDENTIFICATION_CLASSES)) {
    const ofClass = inHalf
      .filter((row) => row.document_type === documentType)
      .map((row) => ({ row, cached: isCached(path.join(datasetsRoot, row.path)) }))
      .sort(
        (a, b) => Number(b.cached) - Number(a.cached) || stableOrder(a.row.path).localeCompare(stableOrder(b.row.path)),
      );
    const usable = selection.cachedOnly ? ofClass.filter((item) => item.cached) : ofClass;
    const taken = usable.slice(0, selection.sample ?? usable.length);
    leftOut += ofClass.length - taken.length;
    chosen.push(...taken.map((item) => item.row));
  }
  const documents: LabelledDocument[] = [];
  const failed: string[] = [];
  let convertedNow = 0;
  for (const row of chosen) {
    const file = path.join(datasetsRoot, row.path);
    if (!isCached(file)) convertedNow++;
    try {
      const document = await convertCached(file);
      documents.push({
        path: row.path,
        dataset: row.dataset,
        documentType: row.document_type as IdentificationClass,
        document,
      });
    } catch (error) {
      failed.push(`${row.path}: ${(error as Error).message}`);
    }
  }
  return { documents, convertedNow, leftOut: leftOut + failed.length, failed };
}
