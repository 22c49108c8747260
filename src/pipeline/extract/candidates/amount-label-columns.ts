import type { ModelLine } from '../model/document-model.js';

/**
 * A column of amount labels read before the column of their figures, as text in reading order gives
 * a receipt's two columns ("TOTAL QTY:" / "TOTAL:" / "CASH:" / "CHANGE:" then "3" / "26.60" /
 * "50.00" / "23.40"): the n-th label line goes with the n-th figure line. Only a run of two labels
 * or more followed at once by exactly as many lines that hold a figure alone is read so; a caption
 * of the figures' column between the two runs ("RM") is passed over.
 */

export interface LabelColumnPair {
  readonly label: ModelLine;
  readonly value: ModelLine;
}

/** Lines of a run, at most: a receipt's summary block, not a table. */
const MAX_RUN = 8;

export function labelColumnPairs(
  lines: readonly ModelLine[],
  isLabel: (text: string) => boolean,
  isValue: (text: string) => boolean,
  isCaption: (text: string) => boolean = () => false,
): LabelColumnPair[] {
  const pairs: LabelColumnPair[] = [];
  const filled = lines.filter((line) => line.block >= 0 && line.text.trim() !== '');
  let index = 0;
  while (index < filled.length) {
    const labels: ModelLine[] = [];
    while (index < filled.length && isLabel((filled[index] as ModelLine).text))
      labels.push(filled[index++] as ModelLine);
    if (labels.length === 0) {
      index++;
      continue;
    }
    while (index < filled.length && isCaption((filled[index] as ModelLine).text)) index++;
    const values: ModelLine[] = [];
    while (index < filled.length && isValue((filled[index] as ModelLine).text))
      values.push(filled[index++] as ModelLine);
    if (labels.length >= 2 && labels.length <= MAX_RUN && values.length === labels.length) {
      for (const [at, label] of labels.entries()) pairs.push({ label, value: values[at] as ModelLine });
    }
  }
  return pairs;
}
