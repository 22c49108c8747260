import { createCanvas } from '@napi-rs/canvas';
import type { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { MAX_OCR_PIXELS } from './decode-image.js';

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<typeof getDocument>['promise']>['getPage']>>;

/** Scans are read best by tesseract at about 300 dpi (PDF units are 1/72 inch). */
const OCR_SCALE = 300 / 72;

/**
 * A page larger than MAX_OCR_PIXELS at 300 dpi (a poster, a drawing) is rendered at a lower
 * resolution instead, so one page's canvas stays near 100 MB whatever size the PDF declares.
 *
 * A page drawn as a PNG on a white background, for OCR of pages that have no text layer. pdf.js
 * draws on @napi-rs/canvas, the canvas it uses under Node itself. The PNG is one grey channel
 * with light compression (sharp): OCR reads grey anyway, and it takes half the time of the
 * canvas's own colour PNG encoder at this size.
 */
export async function renderPageImage(page: PdfPage): Promise<Buffer> {
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(OCR_SCALE, Math.sqrt(MAX_OCR_PIXELS / Math.max(1, base.width * base.height)));
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({
    canvas: canvas as unknown as HTMLCanvasElement,
    canvasContext: context as unknown as CanvasRenderingContext2D,
    viewport,
  }).promise;
  // getImageData copies the pixels into JavaScript memory; `canvas.data()` would hand sharp a view
  // of the canvas's own memory, which the canvas may free while sharp still reads it.
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
  // One grey channel: `greyscale()` alone still writes four (grey in R, G and B, and an opaque
  // alpha), which OCR decodes and thresholds channel by channel, a fifth of its time on a page.
  return sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), {
    raw: { width: canvas.width, height: canvas.height, channels: 4 },
  })
    .greyscale()
    .extractChannel(0)
    .png({ compressionLevel: 1 })
    .toBuffer();
}
