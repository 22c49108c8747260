import { PipelineError } from '../pipeline-error.js';
import { type ConvertedDocument, type DocumentFormat, PAGE_SEPARATOR, type SourceDocument } from '../types.js';
import { convertPdf } from './convert-pdf.js';
import { DOCX_TYPE, detectFormat } from './detect-format.js';

export const DEFAULT_MAX_PAGES = 500;

const CONTENT_TYPES: Record<Exclude<DocumentFormat, 'image'>, string> = {
  pdf: 'application/pdf',
  docx: DOCX_TYPE,
  text: 'text/plain',
  html: 'text/html',
  csv: 'text/csv',
  json: 'application/json',
};

/** OCR of each page of an image. The decoder and OCR engine load on first use (heavy; see convert-pdf.ts). */
async function readImage(bytes: Buffer, mime: string, maxPages: number): Promise<string[]> {
  const [{ imagePages }, { recognizePage }] = await Promise.all([import('./decode-image.js'), import('./ocr.js')]);
  const pages: string[] = [];
  for (const image of await imagePages(bytes, mime, maxPages)) pages.push(await recognizePage(image));
  return pages;
}

/**
 * The text formats' renderers (html-to-text, csv-parse), loaded by the first such document: a
 * thread that converts only PDFs never holds them.
 */
function textFormats(): Promise<typeof import('./convert-text-formats.js')> {
  return import('./convert-text-formats.js');
}

/**
 * The document as text: the format detected (or confirmed) from the bytes, then rendered so
 * that labels sit next to their values and table columns stay aligned; images and PDF pages
 * without a text layer are read by OCR. Throws PipelineError ('conversion') for anything the
 * user can fix: an empty, unsupported, mislabelled, corrupt or encrypted document, one with no
 * legible text, or one with too many pages. Unbounded: the service runs it through
 * `PipelineWorkers.convert` (stages/bounded-stages.ts), which limits its time and memory.
 */
export async function convertDocument(
  source: SourceDocument,
  limits: { maxPages?: number } = {},
): Promise<ConvertedDocument> {
  const maxPages = limits.maxPages ?? DEFAULT_MAX_PAGES;
  const detected = await detectFormat(source);
  let pages: string[];
  switch (detected.format) {
    case 'pdf':
      pages = await convertPdf(source.bytes, maxPages);
      break;
    case 'docx':
      pages = await (await import('./convert-docx.js')).convertDocx(source.bytes);
      break;
    case 'image':
      pages = await readImage(source.bytes, detected.mime, maxPages);
      if (pages.every((page) => page.trim() === '')) {
        throw new PipelineError('conversion', 'OCR found no legible text in the image; send a sharper or larger image');
      }
      break;
    case 'text':
      // A form feed is a page break in text exports (pdftotext, line printers).
      pages = detected.text.split(/\f\n?/).map((await textFormats()).renderPlainText);
      if (pages.length > maxPages) {
        throw new PipelineError(
          'conversion',
          `The document has ${pages.length} pages; at most ${maxPages} pages can be processed`,
        );
      }
      break;
    case 'html':
      pages = [(await textFormats()).renderHtml(detected.text)];
      break;
    case 'csv':
      pages = [(await textFormats()).renderCsv(detected.text, source.filename)];
      break;
    case 'json':
      pages = [(await textFormats()).renderJson(detected.text)];
      break;
  }
  if (pages.every((page) => page.trim() === '')) throw new PipelineError('conversion', 'The document is empty');
  return {
    format: detected.format,
    contentType: detected.format === 'image' ? detected.mime : CONTENT_TYPES[detected.format],
    pages,
    text: pages.join(PAGE_SEPARATOR),
  };
}
