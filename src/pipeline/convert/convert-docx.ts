import mammoth from 'mammoth';
import { PipelineError } from '../pipeline-error.js';
import { renderHtml } from './convert-text-formats.js';
import { assertZipWithinLimits } from './zip-limits.js';

/** Embedded pictures: never read (the text is what is extracted), so never inflated. */
const isMedia = (name: string) => name.startsWith('word/media/');

/** mammoth writes an explicit page break (Ctrl+Enter in Word) as this element, split on below. */
const PAGE_BREAK = '<hr class="quire-page-break" />';

/**
 * A Word document as text, through HTML: mammoth keeps paragraphs, headings, lists and tables
 * (which the HTML renderer lays out as aligned columns) and drops styling. DOCX has no fixed
 * pages; explicit page breaks start a new page, otherwise the document is one page. The ZIP is
 * checked against entry-count and unpacked-size limits first (zip-limits.ts).
 */
export async function convertDocx(bytes: Buffer): Promise<string[]> {
  assertZipWithinLimits(bytes, isMedia);
  let html: string;
  try {
    ({ value: html } = await mammoth.convertToHtml(
      { buffer: bytes },
      {
        styleMap: ["br[type='page'] => hr.quire-page-break"],
        // The HTML renderer skips images; not reading them keeps their bytes packed.
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
      },
    ));
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new PipelineError('conversion', `The file is not a valid DOCX document (${reason})`);
  }
  return html.split(PAGE_BREAK).map(renderHtml);
}
