import type { DocumentLines } from './document-lines.js';
import type { Located } from './evidence.js';
import { normalizeWord } from './text-tokens.js';

/**
 * Which rows are an array property's, when its object has other arrays (a pay slip's earnings and
 * deductions, a statement's deposits and withdrawals): a row under a heading or a header row that
 * names the array ("Deductions   Amount", "Transactions" over the table) is that array's, and a row
 * under one that names another array is not. When no row stands under its own name, the array takes
 * every row no other array's name heads; an object with one array takes every row.
 */

/** How far above a row its heading may stand. */
const HEADING_REACH = 60;
/** A heading or a header row is short. */
const MAX_HEADING_WORDS = 8;

export interface ArrayNames {
  /** The words of the array's own name. */
  readonly own: readonly string[];
  /** The words of the names of the other arrays of its object. */
  readonly others: readonly (readonly string[])[];
}

/** The words of a property's name, folded ("deductionLines" -> deduction, line). */
export function nameWords(key: string): string[] {
  return key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2)
    .map(normalizeWord);
}

function lineWords(text: string): Set<string> {
  return new Set(
    text
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .map(normalizeWord),
  );
}

function names(words: ReadonlySet<string>, name: readonly string[]): boolean {
  return name.length > 0 && name.every((word) => words.has(word));
}

type Owner = 'own' | 'other' | null;

/** Whose name heads the row printed at `line`: the nearest short line above naming an array. */
function ownerOf(document: DocumentLines, line: number, arrays: ArrayNames): Owner {
  for (let index = line - 1; index >= 0 && index >= line - HEADING_REACH; index--) {
    const text = document.lines[index] ?? '';
    if (text.trim() === '' || text.trim().split(/\s+/).length > MAX_HEADING_WORDS) continue;
    const words = lineWords(text);
    if (names(words, arrays.own)) return 'own';
    if (arrays.others.some((other) => names(words, other))) return 'other';
  }
  return null;
}

function firstLine(row: Readonly<Record<string, Located>>): number | null {
  const lines = Object.values(row)
    .map((located) => located.span?.line)
    .filter((line): line is number => line !== undefined);
  return lines.length > 0 ? Math.min(...lines) : null;
}

/** The rows that are the array's, of those its readers found. */
export function ownRows<Row extends Readonly<Record<string, Located>>>(
  document: DocumentLines,
  rows: readonly Row[],
  arrays: ArrayNames,
): Row[] {
  if (arrays.others.length === 0 || arrays.own.length === 0) return [...rows];
  const owners = rows.map((row) => {
    const line = firstLine(row);
    return line === null ? null : ownerOf(document, line, arrays);
  });
  const named = owners.some((owner) => owner === 'own');
  const seen = new Set<number>();
  return rows.filter((row, index) => {
    if (named ? owners[index] !== 'own' : owners[index] === 'other') return false;
    // A row read twice (under the header above it and again under an earlier one) is one row.
    const line = firstLine(row);
    if (line === null) return true;
    if (seen.has(line)) return false;
    seen.add(line);
    return true;
  });
}
