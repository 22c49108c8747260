import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import Tesseract from 'tesseract.js';
import { DEFAULT_OCR_LANGUAGES, languageDataFile } from './ocr-languages.js';
import {
  meanConfidence,
  mergedReadings,
  type OcrWord,
  ocrWords,
  WELL_READ_CONFIDENCE,
  wordRuns,
} from './ocr-readings.js';
import { pagesReadElsewhere } from './ocr-route.js';
import { layoutText } from './text-layout.js';

let languages: readonly string[] = DEFAULT_OCR_LANGUAGES;
let recognizer: Promise<Tesseract.Worker> | null = null;

/** Sets the OCR languages of this thread (before the first recognition; a change restarts the engine). */
export function configureOcr(options: { languages: readonly string[] }): void {
  if (options.languages.join('+') === languages.join('+')) return;
  languages = options.languages;
  void closeOcr();
}

/**
 * One folder holding every configured language's model, as tesseract.js reads all languages from
 * a single `langPath` while each `@tesseract.js-data/<code>` package has its own folder: links in
 * a folder under the system's temporary directory, named after the files they point to, so
 * threads and processes with the same languages share it. (Handing tesseract.js the model bytes
 * instead is broken in 7.0.0: it then names the language by its data when initialising.)
 */
function languageFolder(codes: readonly string[]): string {
  const files = codes.map((code) => {
    const file = languageDataFile(code);
    if (file === null) throw new Error(`OCR data for language "${code}" is not installed (@tesseract.js-data/${code})`);
    return { code, file };
  });
  const key = createHash('sha256')
    .update(files.map(({ file }) => file).join('\n'))
    .digest('hex')
    .slice(0, 16);
  const folder = path.join(os.tmpdir(), `quire-tessdata-${key}`);
  fs.mkdirSync(folder, { recursive: true });
  for (const { code, file } of files) {
    const link = path.join(folder, `${code}.traineddata.gz`);
    try {
      if (fs.realpathSync(link) === fs.realpathSync(file)) continue;
      fs.rmSync(link, { force: true });
    } catch {
      // No link yet (or a dangling one): made below.
    }
    try {
      fs.symlinkSync(file, link);
    } catch (error) {
      // Another thread made it at the same moment.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return folder;
}

/**
 * The thread's tesseract worker, created on first use and kept: creating one costs about a second
 * (WebAssembly start-up plus the language models). Models come from the installed
 * `@tesseract.js-data/*` packages through a local `langPath` with no cache, so tesseract.js never
 * tries its default CDN; its WebAssembly core is the installed tesseract.js-core.
 */
function tesseractWorker(): Promise<Tesseract.Worker> {
  if (recognizer) return recognizer;
  const created = Promise.resolve().then(() =>
    Tesseract.createWorker([...languages], Tesseract.OEM.LSTM_ONLY, {
      langPath: languageFolder(languages),
      gzip: true,
      cacheMethod: 'none',
      logger: () => {},
      // Without a handler tesseract.js rethrows a failed job from its message listener, which
      // kills the thread; the job's own promise already carries the error.
      errorHandler: () => {},
    }).then(async (worker) => {
      // Decoded images carry no usable resolution; without one tesseract warns on stderr for
      // every page and guesses 70 dpi. Page renders are 300 dpi, and photos have no true value.
      await worker.setParameters({ user_defined_dpi: '300' });
      return worker;
    }),
  );
  recognizer = created;
  // A worker that failed to start is not kept, so the next document tries again.
  created.catch(() => {
    if (recognizer === created) recognizer = null;
  });
  return created;
}

/** Ends this thread's tesseract worker, if one was started. */
export async function closeOcr(): Promise<void> {
  const current = recognizer;
  recognizer = null;
  if (current) await (await current.catch(() => null))?.terminate();
}

/**
 * The text of one page image (PNG bytes), laid out like a PDF text layer: tesseract's words, each
 * placed at its position on a character grid by line, so label/value pairs and table columns keep
 * their places. Empty when nothing legible is on the image.
 *
 * The page is read as one block of text; when its words were read with low confidence (a photo,
 * a faint scan) it is read again as sparse text and the two readings are merged (mergedReadings).
 */
export async function recognizePage(png: Buffer): Promise<string> {
  // Another thread's engine, when this thread was given one (ocr-route.ts).
  const elsewhere = pagesReadElsewhere();
  if (elsewhere) return elsewhere(png);
  const worker = await tesseractWorker();
  const image = await enlargedIfSmall(png);
  return oneAtATime(async () => {
    const block = await readWords(worker, image, Tesseract.PSM.SINGLE_BLOCK);
    if (meanConfidence(block) >= WELL_READ_CONFIDENCE) return layoutText(wordRuns(block));
    const sparse = await readWords(worker, image, Tesseract.PSM.SPARSE_TEXT);
    return layoutText(wordRuns(mergedReadings(block, sparse)));
  });
}

let previous: Promise<unknown> = Promise.resolve();

/**
 * Runs the pages' readings one after another: the page segmentation mode is a setting of the
 * worker, so a reading must not start between another one's setting and its recognition.
 */
function oneAtATime<T>(reading: () => Promise<T>): Promise<T> {
  const result = previous.then(reading, reading);
  previous = result.catch(() => {});
  return result;
}

async function readWords(worker: Tesseract.Worker, image: Buffer, mode: Tesseract.PSM): Promise<OcrWord[]> {
  try {
    await worker.setParameters({ tessedit_pageseg_mode: mode });
    const result = await worker.recognize(image, {}, { text: false, blocks: true });
    return ocrWords(result.data.blocks ?? []);
  } catch (error) {
    // tesseract.js rejects with a bare string.
    throw new Error(`OCR failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** An image whose long side is below this many pixels (a phone photo of a receipt) holds text too small for OCR. */
export const SMALL_IMAGE_SIDE = 1600;
/** The long side a small image is enlarged to, so its letters are as tall as tesseract reads best. */
export const ENLARGED_SIDE = 2000;
/** Enlarging more than this makes blur, not letters. */
const MAX_ENLARGEMENT = 4;

/**
 * The image as OCR should see it: a small one enlarged (Lanczos) so its long side is
 * ENLARGED_SIDE, as tesseract misreads or drops letters only a few pixels tall; rendered PDF pages
 * and scans are larger and pass unchanged.
 */
async function enlargedIfSmall(png: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(png).metadata();
  const long = Math.max(width, height);
  if (long === 0 || long >= SMALL_IMAGE_SIDE) return png;
  const scale = Math.min(MAX_ENLARGEMENT, ENLARGED_SIDE / long);
  return sharp(png)
    .resize(Math.round(width * scale), Math.round(height * scale), { kernel: 'lanczos3' })
    .png()
    .toBuffer();
}
