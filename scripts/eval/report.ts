import { type ElementTally, type FieldTally, formatPercent, percentOf, type Tally } from './score.js';
import { fieldTarget, TARGETS } from './targets.js';

/** Printing one dataset's figures, and the closing table of targets. */

export interface SetResult {
  readonly set: string;
  /** Documents that reached extraction (converted), and their pages: the speed is measured over these. */
  readonly extracted: number;
  readonly pages: number;
  /** Documents of the selection left out because their conversion was not cached (OCR not run). */
  readonly skipped: number;
  /** Documents scored, including those that could not be converted or extracted (scored as nothing found). */
  readonly documents: number;
  /** Documents that could not be converted or extracted. */
  readonly failed: number;
  readonly extractionSeconds: number;
  readonly tally: Tally;
  /** Field paths in the order the set's schema declares them; the table follows it. */
  readonly fieldOrder: readonly string[];
}

export interface TargetLine {
  readonly set: string;
  readonly label: string;
  readonly value: number | null;
  readonly minimum: number;
}

function row(first: string, ...cells: string[]): string {
  return `  ${first.padEnd(44)}${cells.map((cell) => cell.padStart(10)).join('')}`;
}

function pooled(tally: Tally): FieldTally {
  const sum: FieldTally = { matched: 0, total: 0, extra: 0 };
  for (const count of tally.fields.values()) {
    sum.matched += count.matched;
    sum.total += count.total;
    sum.extra += count.extra;
  }
  return sum;
}

/** The mean of the per-field accuracies over fields with at least one expected value. */
export function macroAverage(tally: Tally): number | null {
  const values = [...tally.fields.values()].map(percentOf).filter((value): value is number => value !== null);
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

function verdict(value: number | null, minimum: number): string {
  if (value === null) return 'no data';
  return value >= minimum ? 'met' : `${(minimum - value).toFixed(1)} short`;
}

function elementLine(path: string, counts: ElementTally): string {
  const precision = percentOf({ matched: counts.paired, total: counts.predicted });
  const recall = percentOf({ matched: counts.paired, total: counts.expected });
  return (
    `  ${path} elements: ${counts.expected} expected, ${counts.predicted} extracted, ${counts.paired} paired; ` +
    `precision ${formatPercent(precision)}, recall ${formatPercent(recall)}, ` +
    `whole element right ${counts.whole}/${counts.expected} = ${formatPercent(percentOf({ matched: counts.whole, total: counts.expected }))}`
  );
}

/** The set's field tallies in the order its schema declares the fields, fields it does not declare last. */
function orderedFields(result: SetResult): [string, FieldTally][] {
  const rank = (path: string) => {
    const index = result.fieldOrder.indexOf(path);
    return index < 0 ? result.fieldOrder.length : index;
  };
  return [...result.tally.fields].sort(([a], [b]) => rank(a) - rank(b));
}

/** Prints one set's per-field table and returns its target lines. */
export function printSet(result: SetResult, header: string): TargetLine[] {
  const { tally } = result;
  console.log(`\n== ${result.set}: ${header}`);
  const speed = result.extractionSeconds > 0 ? result.extracted / result.extractionSeconds : 0;
  console.log(
    `  ${result.documents} documents scored; ${result.extracted} extracted in ${(result.extractionSeconds * 1000).toFixed(0)} ms = ` +
      `${speed.toFixed(1)} documents/s, ${result.pages > 0 ? ((result.extractionSeconds * 1000) / result.pages).toFixed(1) : '-'} ms per page (conversion excluded)` +
      (result.skipped > 0 ? `; SAMPLED: ${result.skipped} documents skipped, their OCR text is not cached` : '') +
      (result.failed > 0
        ? `; ${result.failed} documents failed to convert or extract, scored as nothing extracted`
        : ''),
  );
  if (result.documents === 0) return [];
  console.log(row('field', 'matched', 'expected', 'accuracy', 'extra', 'target'));
  for (const [path, count] of orderedFields(result)) {
    if (count.total === 0 && count.extra === 0) continue;
    const minimum = fieldTarget(result.set, path);
    const value = percentOf(count);
    console.log(
      row(
        path,
        String(count.matched),
        String(count.total),
        formatPercent(value),
        String(count.extra),
        minimum === null ? '' : `≥ ${minimum} %`,
      ) + (minimum === null ? '' : `  ${verdict(value, minimum)}`),
    );
  }
  const all = pooled(tally);
  console.log(
    row(
      `macro average over ${[...tally.fields.values()].filter((c) => c.total > 0).length} fields`,
      '',
      '',
      formatPercent(macroAverage(tally)),
    ),
  );
  console.log(
    row(
      'all leaf fields pooled',
      String(all.matched),
      String(all.total),
      formatPercent(percentOf(all)),
      String(all.extra),
    ),
  );
  for (const [path, counts] of tally.elements) console.log(elementLine(path, counts));
  return targetLines(result);
}

function targetLines(result: SetResult): TargetLine[] {
  const { tally, set } = result;
  const lines: TargetLine[] = [];
  for (const target of TARGETS[set] ?? []) {
    const { scope } = target;
    if (scope.kind === 'pooled') {
      lines.push({ set, label: target.label, value: percentOf(pooled(tally)), minimum: target.minimum as number });
    } else if (scope.kind === 'elements') {
      const counts = tally.elements.get(scope.array);
      const value = counts ? percentOf({ matched: counts.whole, total: counts.expected }) : null;
      lines.push({ set, label: target.label, value, minimum: target.minimum as number });
    } else {
      const fields = scope.fields === 'all' ? orderedFields(result).map(([path]) => path) : scope.fields;
      for (const field of fields) {
        const minimum = fieldTarget(set, field);
        const count = tally.fields.get(field);
        if (minimum === null || (count && count.total === 0)) continue;
        lines.push({ set, label: field, value: count ? percentOf(count) : null, minimum });
      }
    }
  }
  return lines;
}

/** One line per set: documents, macro average over fields, all leaf fields pooled, speed. */
export function printSummary(results: readonly SetResult[]): void {
  console.log('\nSummary');
  console.log(
    `  ${'dataset'.padEnd(28)}${['documents', 'skipped', 'macro', 'pooled', 'docs/s', 'ms/page'].map((h) => h.padStart(10)).join('')}`,
  );
  for (const result of results) {
    const seconds = result.extractionSeconds;
    const cells = [
      String(result.documents),
      String(result.skipped),
      formatPercent(macroAverage(result.tally)),
      formatPercent(percentOf(pooled(result.tally))),
      seconds > 0 ? (result.extracted / seconds).toFixed(1) : '-',
      result.pages > 0 ? ((1000 * seconds) / result.pages).toFixed(1) : '-',
    ];
    console.log(`  ${result.set.padEnd(28)}${cells.map((cell) => cell.padStart(10)).join('')}`);
  }
}

export function printTargets(lines: readonly TargetLine[]): void {
  console.log('\nTargets');
  console.log(`  ${'dataset'.padEnd(28)}${'measure'.padEnd(44)}${'figure'.padStart(10)}${'target'.padStart(10)}`);
  for (const line of lines) {
    console.log(
      `  ${line.set.padEnd(28)}${line.label.padEnd(44)}${formatPercent(line.value).padStart(10)}` +
        `${`≥ ${line.minimum} %`.padStart(10)}  ${verdict(line.value, line.minimum)}`,
    );
  }
}

/** Lists the misses; those named in `inText` (`file field`) are marked: the value is in the converted text. */
export function printMisses(tally: Tally, inText: ReadonlySet<string> = new Set()): void {
  for (const miss of tally.misses) {
    const mark = inText.has(`${miss.file} ${miss.field}`) ? '  (in text)' : '';
    console.log(
      `    ${miss.file}  ${miss.field}  ${JSON.stringify(miss.expected)}  ${JSON.stringify(miss.got ?? null)}${mark}`,
    );
  }
}
