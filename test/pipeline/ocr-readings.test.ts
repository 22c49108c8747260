import sharp from 'sharp';
import t from 'tap';
import { closeOcr, recognizePage } from '../../src/pipeline/convert/ocr.js';
import { meanConfidence, mergedReadings, type OcrWord, wordRuns } from '../../src/pipeline/convert/ocr-readings.js';
import { layoutText } from '../../src/pipeline/convert/text-layout.js';
import { textImage } from './image-fixtures.js';

t.teardown(closeOcr);

/** A word 20 px tall on a line whose bottom is its own. */
function word(text: string, confidence: number, x0: number, y0: number, width = 10 * text.length): OcrWord {
  return { text, confidence, box: { x0, y0, x1: x0 + width, y1: y0 + 20 }, lineBottom: y0 + 20, lineHeight: 20 };
}

const text = (words: readonly OcrWord[]) => layoutText(wordRuns(words));

t.test('a word the sparse reading found where the block reading has none is added on its line', async (t) => {
  const block = [word('TOTAL', 90, 0, 100)];
  const sparse = [word('TOTAL', 91, 0, 100), word('12.50', 88, 300, 101)];
  t.match(text(mergedReadings(block, sparse)), /^TOTAL {2,}12\.50$/);
});

t.test('a sparse word read with much more confidence replaces the block words under it', async (t) => {
  const block = [word('Gr0cery', 40, 0, 0), word('St0re', 45, 80, 0), word('Main', 80, 0, 40)];
  const sparse = [word('Grocery', 90, 0, 0, 70), word('Street', 60, 0, 40)];
  const merged = mergedReadings(block, sparse);
  t.same(
    merged.map((one) => one.text),
    ['St0re', 'Main', 'Grocery'],
    'only the block word under the sparse one is replaced',
  );
  // 'Street' is not clearly better than 'Main' (60 against 80): the block reading stays.
  t.equal(text(merged).split('\n')[1], 'Main');
});

t.test('noise-level words count for neither reading', async (t) => {
  const block = [word('~~', 5, 0, 0), word('Cash', 80, 200, 0)];
  const sparse = [word('Date', 70, 0, 0), word(',', 10, 400, 0)];
  t.same(
    mergedReadings(block, sparse).map((one) => one.text),
    ['Cash', 'Date'],
  );
  t.equal(meanConfidence(block), 42.5, 'the mean counts every word, noise included');
  t.equal(meanConfidence([]), 0);
});

t.test('a grey page (one channel, as PDF pages are rendered) reads as its colour original', async (t) => {
  const colour = await textImage([['Invoice Number:', 'INV-4711'], 'Payment due 30 days']).encode('png');
  const grey = await sharp(colour).greyscale().extractChannel(0).png().toBuffer();
  t.equal((await sharp(grey).metadata()).channels, 1);
  const read = await recognizePage(grey);
  t.equal(read, await recognizePage(colour));
  const [first, second] = read.split('\n');
  t.match(first, /^Invoice Number: {3,}INV-4711$/);
  t.equal(second, 'Payment due 30 days');
});

t.test('a faint, noisy photo is read as well, alongside a clean page read at the same time', async (t) => {
  const lines = ['CORNER MARKET', 'Milk 1.20', 'Bread 2.40', 'TOTAL 3.60'];
  // Grey letters on a grey, speckled background, blurred: a receipt photographed in poor light. Its
  // words are read with a mean confidence of about 80, so it is read a second time as sparse text.
  const clean = await textImage(lines, 900).encode('png');
  const { data, info } = await sharp(clean).greyscale().raw().toBuffer({ resolveWithObject: true });
  let seed = 7;
  for (let index = 0; index < data.length; index++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const noise = (seed % 81) - 40;
    data[index] = Math.max(0, Math.min(255, 150 + Math.round(((data[index] ?? 255) * 60) / 255) + noise));
  }
  const photo = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .blur(1.5)
    .jpeg({ quality: 70 })
    .toBuffer();
  const [faint, printed] = await Promise.all([
    recognizePage(await sharp(photo).png().toBuffer()),
    recognizePage(await textImage(['Delivery note 5521']).encode('png')),
  ]);
  t.equal(printed, 'Delivery note 5521');
  t.match(faint, /CORNER MARKET/);
  t.match(faint, /TOTAL\s+3\.60/);
});
