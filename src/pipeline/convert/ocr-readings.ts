// Words read by OCR, and how two readings of one page (two page segmentation modes) are combined.
import type Tesseract from 'tesseract.js';
import type { TextRun } from './text-layout.js';

/** Words read with less confidence than this (0..100) are noise: specks, lines, stamps. */
export const MIN_WORD_CONFIDENCE = 20;
/**
 * A page whose words tesseract read with a mean confidence of at least this (0..100) is read
 * well as one block of text: printed pages and clean scans. Below it (photos of receipts, faint
 * or noisy scans) the page is read a second time as sparse text, which finds words the block
 * reading skipped or misread (text scattered over the page, lines at angles, small print).
 */
export const WELL_READ_CONFIDENCE = 85;
/**
 * A word of the sparse reading takes the place of the block reading's words under it only when
 * its confidence is higher than each of theirs by this much.
 */
const BETTER_BY = 15;
/** A word's box in pixels, as tesseract gives it. */
type Box = Tesseract.Bbox;
/** Two words are at the same place when this share of the smaller one's box is covered by the other. */
const SAME_PLACE = 0.3;

/** One word as OCR read it: its box, the bottom and height of its line, and tesseract's confidence. */
export interface OcrWord {
  readonly text: string;
  readonly confidence: number;
  readonly box: Box;
  readonly lineBottom: number;
  readonly lineHeight: number;
}

/** The words of tesseract's blocks (empty ones left out). */
export function ocrWords(blocks: readonly Tesseract.Block[]): OcrWord[] {
  const words: OcrWord[] = [];
  for (const block of blocks) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        // Every word of a line shares the line's bottom and height, so the layout keeps them on
        // one row however their ascenders and descenders differ.
        const lineHeight = Math.max(1, line.bbox.y1 - line.bbox.y0);
        for (const word of line.words) {
          const text = word.text.trim();
          if (text === '') continue;
          words.push({ text, confidence: word.confidence, box: word.bbox, lineBottom: line.bbox.y1, lineHeight });
        }
      }
    }
  }
  return words;
}

/** The words read with enough confidence to be text. */
function legible(words: readonly OcrWord[]): OcrWord[] {
  return words.filter((word) => word.confidence >= MIN_WORD_CONFIDENCE);
}

/** The mean confidence of all the words, noise included (0 when there are none). */
export function meanConfidence(words: readonly OcrWord[]): number {
  if (words.length === 0) return 0;
  return words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
}

/** The share of the smaller box covered by the other. */
function coverage(a: Box, b: Box): number {
  const width = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const height = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (width <= 0 || height <= 0) return 0;
  const area = (box: Box) => Math.max(1, (box.x1 - box.x0) * (box.y1 - box.y0));
  return (width * height) / Math.min(area(a), area(b));
}

/**
 * The block reading completed by the sparse one: a sparse word where the block reading has no
 * word is added; a sparse word read with clearly more confidence than every block word under it
 * replaces them; elsewhere the block reading stays, as it keeps a line's words together.
 */
export function mergedReadings(blockWords: readonly OcrWord[], sparseWords: readonly OcrWord[]): OcrWord[] {
  const block = legible(blockWords);
  const sparse = legible(sparseWords);
  const replaced = new Set<OcrWord>();
  const added: OcrWord[] = [];
  for (const word of sparse) {
    const under = block.filter((other) => coverage(other.box, word.box) > SAME_PLACE);
    if (under.length === 0) {
      added.push(word);
    } else if (under.every((other) => other.confidence + BETTER_BY < word.confidence)) {
      for (const other of under) replaced.add(other);
      added.push(word);
    }
  }
  return [...block.filter((word) => !replaced.has(word)), ...added];
}

/** The legible words as text runs for the layout, placed on their line's bottom. */
export function wordRuns(words: readonly OcrWord[]): TextRun[] {
  return legible(words).map((word) => ({
    text: word.text,
    x: word.box.x0,
    y: word.lineBottom,
    width: word.box.x1 - word.box.x0,
    height: word.lineHeight,
  }));
}
