import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import t from 'tap';
import { renderPageImage } from '../../src/pipeline/convert/render-pdf-page.js';

const COLOURS: readonly (readonly [number, number, number])[] = [
  [200, 30, 30],
  [30, 160, 60],
  [20, 40, 220],
  [250, 250, 250],
];

/** A one-inch page holding one image: four vertical bands of COLOURS, as a scanner's colour page. */
async function bandsPdf(): Promise<Uint8Array> {
  const width = 40;
  const pixels = Buffer.alloc(width * 10 * 3);
  for (let y = 0; y < 10; y++) {
    for (let x = 0; x < width; x++) {
      const colour = COLOURS[Math.floor(x / 10)] as readonly number[];
      pixels.set(colour, (y * width + x) * 3);
    }
  }
  const png = await sharp(pixels, { raw: { width, height: 10, channels: 3 } })
    .png()
    .toBuffer();
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(png);
  pdf.addPage([72, 72]).drawImage(image, { x: 0, y: 0, width: 72, height: 72 });
  return pdf.save();
}

/** sharp's grey of one colour: what the page's pixels of that colour must read. */
async function greyOf(colour: readonly number[]): Promise<number> {
  const pixel = await sharp(Buffer.from([...colour, 255]), { raw: { width: 1, height: 1, channels: 4 } })
    .greyscale()
    .raw()
    .toBuffer();
  return pixel[0] as number;
}

t.test('a page is rendered at 300 dpi as a one-channel grey PNG, each colour as its grey', async (t) => {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  const document = await pdfjs.getDocument({ data: await bandsPdf(), isEvalSupported: false }).promise;
  t.teardown(() => document.destroy());
  const png = await renderPageImage(await document.getPage(1));
  const metadata = await sharp(png).metadata();
  t.equal(metadata.format, 'png');
  t.same([metadata.width, metadata.height], [300, 300], 'one inch at 300 dpi');
  t.equal(metadata.channels, 1, 'one grey channel, no alpha');
  const { data } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  for (const [band, colour] of COLOURS.entries()) {
    // The middle of each band, away from the smoothing between bands.
    const x = Math.round((band + 0.5) * 75);
    t.equal(data[150 * 300 + x], await greyOf(colour), `band ${band} reads as the grey of rgb(${colour.join(', ')})`);
  }
});
