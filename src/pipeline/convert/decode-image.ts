import bmp from 'bmp-js';
import sharp from 'sharp';
import { PipelineError } from '../pipeline-error.js';

/** A 600 dpi A4 scan is 35 megapixels; past this an image is more likely a decompression bomb than a page. */
export const MAX_IMAGE_PIXELS = 60_000_000;
/**
 * Images are handed to OCR at most this large (A4 at 300 dpi is 8.7 megapixels): larger ones are
 * scaled down while decoding, so neither the decoded page nor the OCR engine's copies of it grow
 * with the image. PDF pages are rendered within the same bound (render-pdf-page.ts).
 */
export const MAX_OCR_PIXELS = 25_000_000;

// libvips' operation cache holds decoded images for reuse; quire reads each image once.
sharp.cache(false);

const NAMES: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/bmp': 'BMP',
  'image/webp': 'WEBP',
  'image/tiff': 'TIFF',
};

export function imageName(mime: string): string {
  return NAMES[mime] ?? mime;
}

function tooLarge(width: number, height: number): PipelineError {
  return new PipelineError(
    'conversion',
    `The image is ${width} x ${height} pixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels can be read`,
  );
}

function unreadable(mime: string, error: unknown): PipelineError {
  if (error instanceof PipelineError) return error;
  const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  if (/pixel limit/i.test(reason ?? '')) {
    return new PipelineError('conversion', `The image is larger than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`);
  }
  return new PipelineError(
    'conversion',
    `The ${imageName(mime)} image is corrupt or truncated and cannot be read (${reason})`,
  );
}

/**
 * The pages of an image as PNGs for OCR: transparency flattened onto white (dark text on a
 * transparent background would otherwise read as black on black), one PNG per page of a
 * multi-page TIFF, the first frame of an animated GIF or WEBP. sharp (libvips) reads PNG, JPEG,
 * GIF, WEBP and TIFF and refuses truncated data; libvips has no BMP reader, so BMP goes through
 * bmp-js (the decoder tesseract.js itself uses) after its header is checked.
 */
export async function imagePages(bytes: Buffer, mime: string, maxPages: number): Promise<Buffer[]> {
  try {
    if (mime === 'image/bmp') return [await bmpPage(bytes)];
    const options = { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS } as const;
    // The header alone: the pixel count is checked before anything is decoded.
    const metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
    const width = metadata.width ?? 0;
    const height = metadata.pageHeight ?? metadata.height ?? 0;
    if (width * height > MAX_IMAGE_PIXELS) throw tooLarge(width, height);
    const scale = Math.min(1, Math.sqrt(MAX_OCR_PIXELS / Math.max(1, width * height)));
    const pageCount = mime === 'image/tiff' ? (metadata.pages ?? 1) : 1;
    if (pageCount > maxPages) {
      throw new PipelineError(
        'conversion',
        `The TIFF has ${pageCount} pages; at most ${maxPages} pages can be processed`,
      );
    }
    const pages: Buffer[] = [];
    for (let page = 0; page < pageCount; page++) {
      const decoded = sharp(bytes, { ...options, page }).flatten({ background: '#ffffff' });
      if (scale < 1) decoded.resize(Math.floor(width * scale), Math.floor(height * scale));
      pages.push(await decoded.png().toBuffer());
    }
    return pages;
  } catch (error) {
    throw unreadable(mime, error);
  }
}

async function bmpPage(bytes: Buffer): Promise<Buffer> {
  // BITMAPINFOHEADER: width at 18, height at 22 (negative for top-down rows).
  if (bytes.length < 26) throw new Error('the header is cut short');
  const width = bytes.readInt32LE(18);
  const height = Math.abs(bytes.readInt32LE(22));
  if (width <= 0 || height === 0) throw new Error(`invalid size ${width} x ${height}`);
  if (width * height > MAX_IMAGE_PIXELS) throw tooLarge(width, height);
  const decoded = bmp.decode(bytes);
  const rgb = Buffer.alloc(decoded.width * decoded.height * 3);
  for (let pixel = 0; pixel < decoded.width * decoded.height; pixel++) {
    rgb[pixel * 3] = decoded.data[pixel * 4 + 3] ?? 0;
    rgb[pixel * 3 + 1] = decoded.data[pixel * 4 + 2] ?? 0;
    rgb[pixel * 3 + 2] = decoded.data[pixel * 4 + 1] ?? 0;
  }
  return sharp(rgb, { raw: { width: decoded.width, height: decoded.height, channels: 3 } })
    .png()
    .toBuffer();
}
