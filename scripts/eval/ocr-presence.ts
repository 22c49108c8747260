// `tsx scripts/eval/ocr-presence.ts [--receipts N] [--forms N] [--out folder] <variant>...`: how much
// of the golden text OCR reads at all, per image-preparation / tesseract variant, on a fixed sample of
// the TUNING half of the photo and scan sets (wildreceipt-receipts, funsd-forms). Each document is
// decoded as the service decodes images, prepared and read by the variant, and laid out as the
// service lays out OCR words; then, after normalising both sides (NFKC, lower case, letters and
// digits only), it counts the golden values found in the text:
//   receipts: store_name, store_address, total (as printed, or with two decimals), date (as printed);
//   forms: every fields[].key and fields[].value.
// Beside it the CPU seconds per document (process CPU, all threads: preparation plus tesseract).
// The cache of `npm run eval` is neither read nor written.
//
// A variant is a comma-separated list of settings (`base` = the service's own preparation, ocr.ts):
//   model=best_int|std       the 4.0.0_best_int LSTM model (the service's) or the 4.0.0 one
//   psm=N                    tesseract page segmentation mode (3 by default)
//   spaces                   preserve_interword_spaces=1
//   small=PX,side=PX,max=X   enlarge images whose long side is under PX to side PX, at most X times
//   height=PX                enlarge (or shrink, when `shrink`) so the median text line is PX tall
//                            (from a first, cheap pass; see `lineHeight` below)
//   straighten               turned by the lines' angle (tesseract's layout pass) with sharp, onto white
//   grey, norm, clahe=W, sharpen, otsu, adaptive=R, blur=S, gamma=G   image operations (sharp)
//   minconf=N                drop words read with less confidence (20 in the service)
//   deskew                   tesseract.js's rotateAuto (straightened by the angle of the lines)
//   param=NAME:VALUE         any other tesseract parameter
// --only <name>,<name> keeps the sampled documents whose file names start so.
// Per-document results go to <out>/<variant>.json (default /tmp/ocr-presence) for paired comparison.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import Tesseract from 'tesseract.js';
import { imagePages } from '../../src/pipeline/convert/decode-image.js';
import { closeOcr, prepareForOcr, recognizePage, wordRuns } from '../../src/pipeline/convert/ocr.js';
import { layoutText } from '../../src/pipeline/convert/text-layout.js';
import { loadSet } from './load-datasets.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
function option(name: string, fallback: string): string {
  const index = args.indexOf(name);
  if (index < 0) return fallback;
  const [value] = args.splice(index, 2).slice(1);
  return value ?? fallback;
}
const receiptCount = Number(option('--receipts', '30'));
const formCount = Number(option('--forms', '12'));
const out = option('--out', '/tmp/ocr-presence');
const only = option('--only', '');
const variants = args.length > 0 ? args : ['base'];
const datasets = ['../shared/datasets', '../../shared/datasets']
  .map((candidate) => path.resolve(repositoryRoot, candidate))
  .find((candidate) => {
    try {
      readFileSync(path.join(candidate, 'README.md'));
      return true;
    } catch {
      return false;
    }
  });
if (!datasets) throw new Error('shared/datasets not found beside the repository');

export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

// ---------------------------------------------------------------- golden values

interface Golden {
  readonly doc: string;
  readonly kind: 'receipt' | 'form';
  readonly file: string;
  /** field name -> normalised values that count as present (any of them). */
  readonly values: readonly { readonly field: string; readonly forms: readonly string[] }[];
}

function manifest(set: string): Map<string, Record<string, string>> {
  const [header, ...rows] = readFileSync(path.join(datasets!, set, 'manifest.csv'), 'utf8')
    .trim()
    .split('\n');
  const names = (header ?? '').split(',');
  const map = new Map<string, Record<string, string>>();
  for (const row of rows) {
    const cells = row.split(',');
    map.set(cells[0] ?? '', Object.fromEntries(names.map((name, index) => [name, cells[index] ?? ''])));
  }
  return map;
}

function receiptGoldens(): Golden[] {
  const printed = manifest('wildreceipt-receipts');
  return loadSet(datasets!, 'wildreceipt-receipts', { half: 'tuning', sample: receiptCount }).map((item) => {
    const name = path.basename(item.file);
    const row = printed.get(name) ?? {};
    const expected = item.expected;
    const values: { field: string; forms: string[] }[] = [];
    for (const field of ['store_name', 'store_address'] as const) {
      if (typeof expected[field] === 'string') values.push({ field, forms: [normalise(expected[field] as string)] });
    }
    if (typeof expected.total === 'number') {
      const forms = [normalise(expected.total.toFixed(2))];
      if (row.total_as_printed) forms.push(normalise(row.total_as_printed));
      values.push({ field: 'total', forms });
    }
    if (typeof expected.date === 'string' && row.date_as_printed) {
      values.push({ field: 'date', forms: [normalise(row.date_as_printed)] });
    }
    return { doc: name, kind: 'receipt', file: path.join(datasets!, item.file), values };
  });
}

function formGoldens(): Golden[] {
  return loadSet(datasets!, 'funsd-forms', { half: 'tuning', sample: formCount }).map((item) => {
    const fields = (item.expected.fields ?? []) as { key?: string; value?: string }[];
    const values: { field: string; forms: string[] }[] = [];
    for (const field of fields) {
      for (const part of ['key', 'value'] as const) {
        const text = normalise(field[part] ?? '');
        if (text !== '') values.push({ field: part, forms: [text] });
      }
    }
    return { doc: path.basename(item.file), kind: 'form', file: path.join(datasets!, item.file), values };
  });
}

// ---------------------------------------------------------------- variants

interface Variant {
  readonly base: boolean;
  readonly model: 'best_int' | 'std';
  readonly parameters: Record<string, string>;
  readonly steps: readonly string[];
  readonly minConfidence: number;
  /** tesseract.js's `rotateAuto`: the page is straightened by the angle of its lines before recognition. */
  readonly deskew: boolean;
}

function parseVariant(spec: string): Variant {
  const parameters: Record<string, string> = { user_defined_dpi: '300' };
  let model: Variant['model'] = 'best_int';
  let minConfidence = 20;
  let base = false;
  let deskew = false;
  const steps: string[] = [];
  for (const token of spec.split(',')) {
    const [key, value = ''] = token.split('=');
    if (key === 'base') base = true;
    else if (key === 'model') model = value === 'std' ? 'std' : 'best_int';
    else if (key === 'psm') parameters.tessedit_pageseg_mode = value;
    else if (key === 'deskew') deskew = true;
    else if (key === 'spaces') parameters.preserve_interword_spaces = '1';
    else if (key === 'minconf') minConfidence = Number(value);
    else if (key === 'param') {
      const [name, setting] = value.split(':');
      parameters[name ?? ''] = setting ?? '';
    } else steps.push(token);
  }
  return { base, model, parameters, steps, minConfidence, deskew };
}

const workers = new Map<string, Promise<Tesseract.Worker>>();

function modelFolder(model: Variant['model']): string {
  const folder = path.join('/tmp', `ocr-presence-tessdata-${model}`);
  mkdirSync(folder, { recursive: true });
  for (const code of ['eng', 'spa']) {
    const package_ = path.join(repositoryRoot, 'node_modules', '@tesseract.js-data', code);
    const source = path.join(package_, model === 'std' ? '4.0.0' : '4.0.0_best_int', `${code}.traineddata.gz`);
    writeFileSync(path.join(folder, `${code}.traineddata.gz`), readFileSync(source));
  }
  return folder;
}

function worker(variant: Variant): Promise<Tesseract.Worker> {
  const key = `${variant.model} ${JSON.stringify(variant.parameters)}`;
  let created = workers.get(key);
  if (!created) {
    created = Tesseract.createWorker(['eng', 'spa'], Tesseract.OEM.LSTM_ONLY, {
      langPath: modelFolder(variant.model),
      gzip: true,
      cacheMethod: 'none',
      logger: () => {},
      errorHandler: () => {},
    }).then(async (engine) => {
      await engine.setParameters(variant.parameters as Partial<Tesseract.WorkerParams>);
      return engine;
    });
    workers.set(key, created);
  }
  return created;
}

async function longSide(png: Buffer): Promise<[number, number]> {
  const { width = 0, height = 0 } = await sharp(png).metadata();
  return [width, height];
}

async function resized(png: Buffer, scale: number): Promise<Buffer> {
  const [width, height] = await longSide(png);
  return sharp(png)
    .resize(Math.round(width * scale), Math.round(height * scale), { kernel: 'lanczos3' })
    .png()
    .toBuffer();
}

/** Median height of the lines tesseract finds (first pass on the image as it is). */
async function lineHeight(png: Buffer, engine: Tesseract.Worker): Promise<number> {
  const result = await engine.recognize(png, {}, { text: false, blocks: true });
  const heights: number[] = [];
  for (const block of result.data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        if (line.words.some((word) => word.confidence >= 50)) heights.push(line.bbox.y1 - line.bbox.y0);
      }
    }
  }
  heights.sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 0;
}

/** Global Otsu threshold of a one-channel raw image. */
function otsu(pixels: Buffer): number {
  const histogram = new Array<number>(256).fill(0);
  for (const value of pixels) histogram[value]!++;
  const total = pixels.length;
  let sum = 0;
  for (let level = 0; level < 256; level++) sum += level * histogram[level]!;
  let below = 0;
  let sumBelow = 0;
  let best = 0;
  let threshold = 128;
  for (let level = 0; level < 256; level++) {
    below += histogram[level]!;
    if (below === 0) continue;
    const above = total - below;
    if (above === 0) break;
    sumBelow += level * histogram[level]!;
    const meanBelow = sumBelow / below;
    const meanAbove = (sum - sumBelow) / above;
    const between = below * above * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = level;
    }
  }
  return threshold;
}

async function raw(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function fromRaw(data: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(data, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

async function prepared(png: Buffer, variant: Variant): Promise<Buffer> {
  if (variant.base) return prepareForOcr(png);
  let small = 1600;
  let side = 2000;
  let max = 4;
  let image = png;
  let enlarged = false;
  const enlarge = async () => {
    if (enlarged) return;
    enlarged = true;
    const [width, height] = await longSide(image);
    const long = Math.max(width, height);
    if (long > 0 && long < small) image = await resized(image, Math.min(max, side / long));
  };
  for (const step of variant.steps) {
    const [key, value = ''] = step.split('=');
    const number = Number(value);
    if (key === 'small') small = number;
    else if (key === 'side') side = number;
    else if (key === 'max') max = number;
    else if (key === 'noenlarge') enlarged = true;
    else if (key === 'enlarge') await enlarge();
    else if (key === 'height' || key === 'heightshrink') {
      enlarged = true;
      const measured = await lineHeight(image, await worker(variant));
      if (measured > 0) {
        let scale = Math.min(max, number / measured);
        if (key === 'height') scale = Math.max(1, scale);
        if (Math.abs(scale - 1) > 0.1) image = await resized(image, scale);
      }
    } else if (key === 'straighten') {
      // The lines' angle from tesseract's layout pass alone (no recognition), then turned by sharp onto white.
      const { data } = await (await worker(variant)).recognize(
        image,
        { rotateAuto: true },
        { text: false, blocks: false, hocr: false, tsv: false },
      );
      const degrees = ((data.rotateRadians ?? 0) * 180) / Math.PI;
      if (Math.abs(degrees) >= 0.3) {
        image = await sharp(image).rotate(degrees, { background: '#ffffff' }).png().toBuffer();
      }
    } else if (key === 'grey') image = await sharp(image).greyscale().png().toBuffer();
    else if (key === 'norm') image = await sharp(image).greyscale().normalise().png().toBuffer();
    else if (key === 'clahe')
      image = await sharp(image)
        .greyscale()
        .clahe({ width: number || 64, height: number || 64, maxSlope: 3 })
        .png()
        .toBuffer();
    else if (key === 'sharpen')
      image = await sharp(image)
        .sharpen({ sigma: number || 1 })
        .png()
        .toBuffer();
    else if (key === 'blur')
      image = await sharp(image)
        .blur(number || 0.5)
        .png()
        .toBuffer();
    else if (key === 'gamma')
      image = await sharp(image)
        .gamma(number || 2.2)
        .png()
        .toBuffer();
    else if (key === 'otsu') {
      const { data, width, height } = await raw(image);
      const threshold = otsu(data);
      for (let index = 0; index < data.length; index++) data[index] = data[index]! > threshold ? 255 : 0;
      image = await fromRaw(data, width, height);
    } else if (key === 'adaptive') {
      // Pixel darker than its neighbourhood's mean (a box of `value` px radius) by more than 10 levels = ink.
      const { data, width, height } = await raw(image);
      const { data: mean } = await sharp(data, { raw: { width, height, channels: 1 } })
        .blur(number || 15)
        .raw()
        .toBuffer({ resolveWithObject: true });
      for (let index = 0; index < data.length; index++) data[index] = data[index]! < mean[index]! - 10 ? 0 : 255;
      image = await fromRaw(data, width, height);
    } else throw new Error(`unknown setting ${step}`);
  }
  await enlarge();
  return image;
}

async function read(png: Buffer, variant: Variant): Promise<string> {
  if (variant.base && variant.steps.length === 0 && Object.keys(variant.parameters).length === 1) {
    return recognizePage(png);
  }
  const engine = await worker(variant);
  const image = await prepared(png, variant);
  const result = await engine.recognize(image, { rotateAuto: variant.deskew }, { text: false, blocks: true });
  return layoutText(wordRuns(result.data.blocks ?? [], variant.minConfidence));
}

// ---------------------------------------------------------------- run

interface DocResult {
  readonly doc: string;
  readonly kind: Golden['kind'];
  readonly cpu: number;
  readonly found: Record<string, [number, number]>;
  readonly text: string;
}

const goldens = [...receiptGoldens(), ...formGoldens()].filter(
  (golden) => only === '' || only.split(',').some((name) => golden.doc.startsWith(name)),
);
mkdirSync(out, { recursive: true });
console.log(
  `${goldens.filter((golden) => golden.kind === 'receipt').length} receipts, ` +
    `${goldens.filter((golden) => golden.kind === 'form').length} forms (tuning half)`,
);
for (const spec of variants) {
  const variant = parseVariant(spec);
  // Start the engine before timing (a second of start-up, not per document).
  if (!variant.base) await worker(variant);
  else
    await recognizePage(
      await sharp({ create: { width: 40, height: 20, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    ).catch(() => '');
  const results: DocResult[] = [];
  for (const golden of goldens) {
    const [png] = await imagePages(readFileSync(golden.file), golden.kind === 'form' ? 'image/png' : 'image/jpeg', 1);
    const before = process.cpuUsage();
    const text = await read(png!, variant);
    const used = process.cpuUsage(before);
    const normalised = normalise(text);
    const found: Record<string, [number, number]> = {};
    for (const value of golden.values) {
      const tally = found[value.field] ?? [0, 0];
      found[value.field] = tally;
      tally[1]++;
      if (value.forms.some((form) => form !== '' && normalised.includes(form))) tally[0]++;
    }
    results.push({ doc: golden.doc, kind: golden.kind, cpu: (used.user + used.system) / 1e6, found, text });
  }
  writeFileSync(path.join(out, `${spec.replace(/[^\w=.,-]/g, '_')}.json`), JSON.stringify(results, null, 1));
  const line: string[] = [];
  for (const kind of ['receipt', 'form'] as const) {
    const ofKind = results.filter((result) => result.kind === kind);
    const totals: Record<string, [number, number]> = {};
    for (const result of ofKind) {
      for (const [field, [hit, all]] of Object.entries(result.found)) {
        const tally = totals[field] ?? [0, 0];
        totals[field] = tally;
        tally[0] += hit;
        tally[1] += all;
      }
    }
    const cpu = ofKind.reduce((sum, result) => sum + result.cpu, 0) / Math.max(1, ofKind.length);
    const hits = Object.values(totals).reduce((sum, [hit]) => sum + hit, 0);
    const all = Object.values(totals).reduce((sum, [, count]) => sum + count, 0);
    line.push(
      `${kind}s ${((100 * hits) / Math.max(1, all)).toFixed(1)}% [` +
        Object.entries(totals)
          .map(([field, [hit, count]]) => `${field} ${hit}/${count}`)
          .join(' ') +
        `] cpu ${cpu.toFixed(2)} s/doc`,
    );
  }
  console.log(`${spec.padEnd(40)} ${line.join(' | ')}`);
}
for (const created of workers.values()) await (await created).terminate();
await closeOcr();
