import { getDocument, OPS, Util, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PipelineError } from './pipeline-error.js';

/** A run of text on a page, in viewport units (points, origin top-left, y at the baseline). */
export interface TextRun {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<typeof getDocument>['promise']>['getPage']>>;

/**
 * A page with fewer characters of text than this and an image is read as a scan: scanners and
 * archiving tools often stamp a page number or a footer as text on top of the page's picture.
 */
const SCAN_TEXT_CHARS = 40;
const IMAGE_OPERATORS = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageXObjectRepeat,
]);

/** Gaps wider than this many average characters separate columns, as in `pdftotext -layout`. */
const COLUMN_GAP_CHARS = 2.5;
/** A vertical gap over this many line heights becomes a blank line, so readers see where blocks end. */
const BLANK_LINE_GAP = 2.3;

/**
 * The text layer of a PDF as layout-preserving text, one string per page: text runs grouped into
 * lines by baseline, placed on a fixed-width character grid proportional to their x position,
 * so label/value pairs stay on one line and table columns stay aligned. A page without a text
 * layer (a scan) is rendered and read by OCR, laid out the same way; pages with text keep it.
 */
export async function convertPdf(bytes: Buffer, maxPages: number): Promise<string[]> {
  const task = getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given; a Node Buffer may share its
    // memory with other Buffers, so hand it a copy.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  let document: Awaited<typeof task.promise> | undefined;
  try {
    document = await task.promise;
    if (document.numPages > maxPages) {
      throw new PipelineError(
        'conversion',
        `The PDF has ${document.numPages} pages; at most ${maxPages} pages can be processed`,
      );
    }
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      pages.push(await pageText(page));
      page.cleanup();
    }
    if (pages.every((page) => page.trim() === '')) {
      throw new PipelineError(
        'conversion',
        'The PDF has no text layer and OCR found no legible text on its pages; send a clearer scan or a PDF with selectable text',
      );
    }
    return pages;
  } catch (error) {
    throw pdfError(error);
  } finally {
    if (document) await document.destroy();
    else await task.destroy();
  }
}

/** The page's text layer, or what OCR reads on it when it is a scan (see SCAN_TEXT_CHARS). */
async function pageText(page: PdfPage): Promise<string> {
  const runs = await readRuns(page);
  const text = layoutText(runs);
  const characters = runs.reduce((sum, run) => sum + run.text.replace(/\s/g, '').length, 0);
  if (characters >= SCAN_TEXT_CHARS || (characters > 0 && !(await hasImage(page)))) return text;
  const recognized = await readScannedPage(page);
  // A stamped footer on a blank scan: keep whichever reads more.
  return recognized.replace(/\s/g, '').length > characters ? recognized : text;
}

async function hasImage(page: PdfPage): Promise<boolean> {
  const operators = await page.getOperatorList();
  return operators.fnArray.some((operator) => IMAGE_OPERATORS.has(operator));
}

/** Rendering and OCR load on the first scan, so text-only work never loads the canvas or the OCR engine. */
async function readScannedPage(page: PdfPage): Promise<string> {
  const [{ renderPageImage }, { recognizePage }] = await Promise.all([
    import('./render-pdf-page.js'),
    import('./ocr.js'),
  ]);
  return recognizePage(await renderPageImage(page));
}

function pdfError(error: unknown): PipelineError {
  if (error instanceof PipelineError) return error;
  const { name, message } = error as { name?: string; message?: string };
  if (name === 'PasswordException') {
    return new PipelineError('conversion', 'The PDF is password-protected; send a copy without a password');
  }
  return new PipelineError('conversion', `The file is not a valid PDF: ${message ?? String(error)}`);
}

async function readRuns(page: PdfPage): Promise<TextRun[]> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const runs: TextRun[] = [];
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    // The viewport transform flips y and applies the page's rotation and crop box offset.
    const [, , c = 0, d = 0, x = 0, y = 0] = Util.transform(viewport.transform, item.transform) as number[];
    const height = Math.hypot(c, d) || item.height || 1;
    runs.push({ text: item.str.replace(/\s+/g, ' '), x, y, width: item.width, height });
  }
  return runs;
}

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
