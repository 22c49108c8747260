import type { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PipelineError } from '../pipeline-error.js';
import { layoutText, type TextRun } from './text-layout.js';

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<typeof getDocument>['promise']>['getPage']>>;

/**
 * A page with fewer characters of text than this and an image is read as a scan: scanners and
 * archiving tools often stamp a page number or a footer as text on top of the page's picture.
 */
const SCAN_TEXT_CHARS = 40;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
interface LoadedPdfJs {
  readonly pdfjs: PdfJs;
  readonly imageOperators: ReadonlySet<number>;
  /** This thread's one pdf.js worker (run in this thread), which every document is read with. */
  readonly worker: InstanceType<PdfJs['PDFWorker']>;
}
let loading: Promise<LoadedPdfJs> | null = null;

/**
 * pdf.js and its worker code, loaded by the first PDF a thread reads (threads that see no PDF
 * never hold them), with source maps off while they load: Node would otherwise read and keep
 * their 8 MB of maps, over 50 MB of heap per thread, for stack traces no one reads. Our own
 * modules keep theirs.
 *
 * Three things pdf.js's legacy build (the one for Node) does per thread or per document are undone:
 * - its core-js polyfills replace `Array.prototype.push` for the whole thread with a JavaScript
 *   function (V8 gets an edge case of arrays with a read-only length wrong), so every push of
 *   pdf.js and of the pipeline after it went through that function: about 7 % of a one-page
 *   PDF's understanding. The native push is put back once pdf.js is loaded.
 * - `getDocument` without a `worker` sets up a worker (here a message handler in this thread)
 *   for each document and tears it down after: one worker is made per thread and reused.
 * - every document's transport is added as a listener of a process-wide page mapper (used by
 *   the viewer to reorder pages) and never removed, about 3.4 KB of heap per document kept for
 *   the thread's life (a thread that never idles would fill its heap after a few hundred
 *   thousand documents). Nothing here reorders pages, so the mapper takes no listeners.
 */
function loadPdfJs(): Promise<LoadedPdfJs> {
  loading ??= (async () => {
    const mapsEnabled = process.sourceMapsEnabled;
    const nativePush = Array.prototype.push;
    process.setSourceMapsEnabled(false);
    try {
      const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
      // pdf.js would import its worker code itself on the first document (after the maps are on
      // again); given here, the same thread runs it.
      (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
      Object.defineProperty(Array.prototype, 'push', { value: nativePush });
      Object.defineProperty(pdfjs.PagesMapper.instance, 'addListener', { value: () => {} });
      const { OPS } = pdfjs;
      const imageOperators = new Set([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageXObjectRepeat]);
      return { pdfjs, imageOperators, worker: new pdfjs.PDFWorker({ verbosity: pdfjs.VerbosityLevel.ERRORS }) };
    } finally {
      process.setSourceMapsEnabled(mapsEnabled);
    }
  })();
  return loading;
}

/**
 * The text layer of a PDF as layout-preserving text, one string per page: text runs grouped into
 * lines by baseline, placed on a fixed-width character grid proportional to their x position,
 * so label/value pairs stay on one line and table columns stay aligned. A page without a text
 * layer (a scan) is rendered and read by OCR, laid out the same way; pages with text keep it.
 */
export async function convertPdf(bytes: Buffer, maxPages: number): Promise<string[]> {
  const { pdfjs, worker } = await loadPdfJs();
  const { getDocument, VerbosityLevel } = pdfjs;
  const task = getDocument({
    worker,
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
  const { imageOperators } = await loadPdfJs();
  const operators = await page.getOperatorList();
  return operators.fnArray.some((operator) => imageOperators.has(operator));
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
  const { Util } = (await loadPdfJs()).pdfjs;
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
