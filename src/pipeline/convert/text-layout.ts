// Text runs with positions (a PDF's text layer, OCR words) laid out as fixed-width text lines.

/** A run of text on a page, in viewport units (points, origin top-left, y at the baseline). */
export interface TextRun {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Gaps wider than this many average characters separate columns, as in `pdftotext -layout`. */
const COLUMN_GAP_CHARS = 2.5;
/** A vertical gap over this many line heights becomes a blank line, so readers see where blocks end. */
const BLANK_LINE_GAP = 2.3;

function median(values: readonly number[], fallback: number): number {
  if (values.length === 0) return fallback;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? fallback;
}

/** Runs whose baselines are within half a (smaller) text height of the line's first run share the line. */
function groupLines(runs: readonly TextRun[]): TextRun[][] {
  const sorted = [...runs].sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: TextRun[][] = [];
  let current: TextRun[] = [];
  let anchor: TextRun | undefined;
  for (const run of sorted) {
    if (anchor && Math.abs(run.y - anchor.y) <= Math.max(1, 0.5 * Math.min(anchor.height, run.height))) {
      current.push(run);
      continue;
    }
    if (current.length > 0) lines.push(current);
    current = [run];
    anchor = run;
  }
  if (current.length > 0) lines.push(current);
  return lines.map((line) => line.sort((a, b) => a.x - b.x));
}

export function layoutText(runs: readonly TextRun[]): string {
  if (runs.length === 0) return '';
  const charWidth = median(
    runs.filter((run) => run.width > 0).map((run) => run.width / run.text.length),
    5,
  );
  const left = Math.min(...runs.map((run) => run.x));
  const output: string[] = [];
  let previous: TextRun[] | undefined;
  for (const line of groupLines(runs)) {
    if (previous) {
      const gap = (line[0]?.y ?? 0) - (previous[0]?.y ?? 0);
      const height = Math.max(...line.map((run) => run.height), ...previous.map((run) => run.height));
      if (gap > BLANK_LINE_GAP * height) output.push('');
    }
    output.push(renderLine(line, charWidth, left));
    previous = line;
  }
  return output.join('\n');
}

function renderLine(line: readonly TextRun[], charWidth: number, left: number): string {
  let text = '';
  let previous: TextRun | undefined;
  for (const run of line) {
    const column = Math.max(0, Math.round((run.x - left) / charWidth));
    if (!previous) {
      text = ' '.repeat(column) + run.text.trimStart();
    } else {
      // Fake bold: the same text drawn twice, a fraction of a character apart.
      if (run.text === previous.text && Math.abs(run.x - previous.x) < charWidth / 2) continue;
      const gap = run.x - (previous.x + previous.width);
      if (gap < charWidth * 0.3) {
        text += run.text; // a word split across runs, or kerned text
      } else if (gap < charWidth * COLUMN_GAP_CHARS) {
        text = `${text.trimEnd()} ${run.text.trimStart()}`;
      } else {
        const end = text.trimEnd().length;
        text = text.trimEnd().padEnd(Math.max(column, end + 3)) + run.text.trimStart();
      }
    }
    previous = run;
  }
  return text.trimEnd();
}
