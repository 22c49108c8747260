import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * Images and scans made in code for the OCR tests: large, clean, black-on-white text in a font
 * shipped in node_modules (pdf.js's Liberation Sans), so recognition is reliable on any machine.
 */

const require = createRequire(import.meta.url);
export const FONT_FAMILY = 'QuireTestSans';
GlobalFonts.registerFromPath(
  path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts', 'LiberationSans-Regular.ttf'),
  FONT_FAMILY,
);

export interface TextImage {
  readonly width: number;
  readonly height: number;
  /** 4 bytes a pixel, red, green, blue, alpha; rows top to bottom. */
  readonly rgba: Uint8ClampedArray;
  encode(format: 'png' | 'jpeg' | 'webp' | 'gif'): Promise<Buffer>;
}

/** Lines of text drawn at 40 px on white; `columns` puts a second text at x = 640 on the same line. */
export function textImage(lines: readonly (string | readonly [string, string])[], width = 1200): TextImage {
  const lineHeight = 70;
  const height = 60 + lines.length * lineHeight;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  context.font = `40px ${FONT_FAMILY}`;
  lines.forEach((line, index) => {
    const y = 70 + index * lineHeight;
    if (typeof line === 'string') {
      context.fillText(line, 40, y);
    } else {
      context.fillText(line[0], 40, y);
      context.fillText(line[1], 640, y);
    }
  });
  const rgba = context.getImageData(0, 0, width, height).data;
  return {
    width,
    height,
    rgba,
    encode: async (format) => Buffer.from(await canvas.encode(format as 'png')),
  };
}

/** A 24-bit bottom-up BMP (BITMAPINFOHEADER), the common kind; the canvas cannot write BMP. */
export function bmpOf(image: TextImage): Buffer {
  const rowBytes = Math.ceil((image.width * 3) / 4) * 4;
  const bytes = Buffer.alloc(54 + rowBytes * image.height);
  bytes.write('BM', 0, 'latin1');
  bytes.writeUInt32LE(bytes.length, 2);
  bytes.writeUInt32LE(54, 10);
  bytes.writeUInt32LE(40, 14);
  bytes.writeInt32LE(image.width, 18);
  bytes.writeInt32LE(image.height, 22);
  bytes.writeUInt16LE(1, 26);
  bytes.writeUInt16LE(24, 28);
  bytes.writeUInt32LE(rowBytes * image.height, 34);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const from = ((image.height - 1 - y) * image.width + x) * 4;
      const to = 54 + y * rowBytes + x * 3;
      bytes[to] = image.rgba[from + 2] ?? 0;
      bytes[to + 1] = image.rgba[from + 1] ?? 0;
      bytes[to + 2] = image.rgba[from] ?? 0;
    }
  }
  return bytes;
}

/**
 * An uncompressed 8-bit greyscale TIFF with one page (IFD) per image, little-endian: the layout
 * fax and scanner software write for multi-page documents.
 */
export function tiffOf(images: readonly TextImage[]): Buffer {
  const parts: Buffer[] = [Buffer.alloc(8)];
  let offset = 8;
  const header = parts[0] as Buffer;
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(42, 2);
  const ifdOffsets: number[] = [];
  const pixelOffsets: number[] = [];
  for (const image of images) {
    const grey = Buffer.alloc(image.width * image.height);
    for (let pixel = 0; pixel < grey.length; pixel++) grey[pixel] = image.rgba[pixel * 4] ?? 0;
    pixelOffsets.push(offset);
    parts.push(grey);
    offset += grey.length;
    const entries: [number, number, number][] = [
      [256, 4, image.width], // ImageWidth
      [257, 4, image.height], // ImageLength
      [258, 3, 8], // BitsPerSample
      [259, 3, 1], // Compression: none
      [262, 3, 1], // PhotometricInterpretation: black is zero
      [273, 4, pixelOffsets.at(-1) ?? 0], // StripOffsets
      [277, 3, 1], // SamplesPerPixel
      [278, 4, image.height], // RowsPerStrip
      [279, 4, grey.length], // StripByteCounts
    ];
    const ifd = Buffer.alloc(2 + entries.length * 12 + 4);
    ifd.writeUInt16LE(entries.length, 0);
    entries.forEach(([tag, type, value], index) => {
      const at = 2 + index * 12;
      ifd.writeUInt16LE(tag, at);
      ifd.writeUInt16LE(type, at + 2);
      ifd.writeUInt32LE(1, at + 4);
      if (type === 3) ifd.writeUInt16LE(value, at + 8);
      else ifd.writeUInt32LE(value, at + 8);
    });
    ifdOffsets.push(offset);
    parts.push(ifd);
    offset += ifd.length;
  }
  header.writeUInt32LE(ifdOffsets[0] ?? 0, 4);
  // Each IFD ends with the offset of the next one (0 after the last).
  for (let index = 0; index < ifdOffsets.length; index++) {
    const ifd = parts[2 + index * 2] as Buffer;
    ifd.writeUInt32LE(ifdOffsets[index + 1] ?? 0, ifd.length - 4);
  }
  return Buffer.concat(parts);
}

/**
 * A PDF whose pages are either text (drawn with a font, so they have a text layer) or a PNG
 * image (a scan), with no text layer or only a stamped line of text at the bottom.
 */
export async function pdfWithPages(
  pages: readonly ({ text: readonly string[] } | { image: Buffer; stamp?: string })[],
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const content of pages) {
    const page = pdf.addPage([612, 792]);
    if ('text' in content) {
      for (const [index, line] of content.text.entries()) {
        page.drawText(line, { x: 50, y: 740 - index * 20, size: 12, font });
      }
    } else {
      const image = await pdf.embedPng(content.image);
      // 144 dpi: the image's pixels at half size in points, from the top-left corner.
      const width = image.width / 2;
      const height = image.height / 2;
      page.drawImage(image, { x: 36, y: 792 - 36 - height, width, height });
      if (content.stamp) page.drawText(content.stamp, { x: 36, y: 20, size: 8, font });
    }
  }
  return Buffer.from(await pdf.save());
}
