import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import t from 'tap';
import { convertDocument } from '../../src/pipeline/convert/convert.js';
import { closeOcr, enlargeSmallPage } from '../../src/pipeline/convert/ocr.js';
import { source } from './fixtures.js';
import { FONT_FAMILY } from './image-fixtures.js';

t.teardown(closeOcr);

async function blank(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
}

async function sizeOf(png: Buffer): Promise<[number, number]> {
  const { width = 0, height = 0 } = await sharp(png).metadata();
  return [width, height];
}

t.test('a low-resolution page is enlarged for OCR, at most twice; a page of ordinary resolution is kept', async (t) => {
  t.same(await sizeOf(await enlargeSmallPage(await blank(762, 1000))), [1524, 2000]);
  t.same(await sizeOf(await enlargeSmallPage(await blank(300, 640))), [600, 1280]);
  t.same(await sizeOf(await enlargeSmallPage(await blank(1600, 1500))), [2000, 1875]);
  const large = await blank(2550, 3300);
  t.equal(await enlargeSmallPage(large), large);
});

t.test('a form scanned at low resolution is read word for word', async (t) => {
  // A letter-size page at about 75 dpi: letters about 7 pixels high.
  const canvas = createCanvas(640, 820);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  context.font = `10px ${FONT_FAMILY}`;
  const lines = [
    'REQUEST NO.: 25-84',
    'COUNTRY: BELGIUM',
    'PRODUCT: LUCKY STRIKE Filter',
    'TARGET DATE: April 13, 1984',
  ];
  for (const [index, line] of lines.entries()) context.fillText(line, 40, 60 + index * 20);
  const document = await convertDocument(source(Buffer.from(await canvas.encode('png'))));
  t.same(
    document.text
      .split('\n')
      .map((line) => line.trim().replace(/\s+/g, ' '))
      .filter((line) => line !== ''),
    lines,
  );
});
