import { parseDate } from '../../src/pipeline/extract/parse-values.js';

/**
 * Field accuracy as the evaluation counts it. Every non-null leaf of the golden JSON is one field
 * (null leaves say "not on the page" and are not counted either way). A field counts as matched when
 * the extracted value at the same place equals it after normalising:
 *   - numbers: numerically (a golden "0.01" equals an extracted 0.01), to the cent;
 *   - dates: both read as dates equal as ISO 8601 ("November 8, 2024" = "2024-11-08");
 *   - text: whitespace collapsed and case folded ("Beeswax XL\nAcme beeswax" = "Beeswax XL Acme beeswax").
 * Arrays are matched as sets: each golden element takes the unused extracted element that matches it
 * best, so a row the engine skipped does not shift every row after it.
 */

export interface Score {
  readonly matched: number;
  readonly total: number;
  readonly misses: readonly string[];
}

const NUMERIC = /^[-+]?[\d\s.,]*\d[\d\s.,]*$/;

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || !NUMERIC.test(value.trim())) return null;
  const compact = value.replace(/\s/g, '');
  // Golden numeric strings are written with a dot decimal ("0.01", "1.0").
  const parsed = Number(compact.replace(/,(?=\d{3}(\D|$))/g, '').replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : null;
}

function asDate(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 40 || !/\d/.test(value)) return null;
  return parseDate(value, 'mdy');
}

function asText(value: unknown): string {
  return String(value).replace(/\s+/g, ' ').trim().toLowerCase();
}

export function sameValue(golden: unknown, extracted: unknown): boolean {
  if (extracted === undefined || extracted === null) return false;
  if (typeof golden === 'boolean' || typeof extracted === 'boolean') return golden === extracted;
  const a = asNumber(golden);
  const b = asNumber(extracted);
  if (a !== null && b !== null) return Math.abs(a - b) < 0.005;
  if (asText(golden) === asText(extracted)) return true;
  const dateA = asDate(golden);
  return dateA !== null && dateA === asDate(extracted);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function scoreValue(golden: unknown, extracted: unknown, path = ''): Score {
  if (golden === null || golden === undefined) return { matched: 0, total: 0, misses: [] };
  if (isRecord(golden)) {
    const parts = Object.entries(golden).map(([key, value]) =>
      scoreValue(value, isRecord(extracted) ? extracted[key] : undefined, `${path}/${key}`),
    );
    return combine(parts);
  }
  if (Array.isArray(golden)) return scoreArray(golden, Array.isArray(extracted) ? extracted : [], path);
  const matched = sameValue(golden, extracted);
  return {
    matched: matched ? 1 : 0,
    total: 1,
    misses: matched ? [] : [`${path}: expected ${JSON.stringify(golden)}, got ${JSON.stringify(extracted)}`],
  };
}

function scoreArray(golden: readonly unknown[], extracted: readonly unknown[], path: string): Score {
  const used = new Set<number>();
  const parts: Score[] = [];
  golden.forEach((item, index) => {
    let best: { score: Score; at: number } | null = null;
    extracted.forEach((candidate, at) => {
      if (used.has(at)) return;
      const score = scoreValue(item, candidate, `${path}/${index}`);
      if (!best || score.matched > best.score.matched) best = { score, at };
    });
    const chosen = best as { score: Score; at: number } | null;
    if (chosen && chosen.score.matched > 0) {
      used.add(chosen.at);
      parts.push(chosen.score);
    } else {
      parts.push(scoreValue(item, undefined, `${path}/${index}`));
    }
  });
  return combine(parts);
}

export function combine(parts: readonly Score[]): Score {
  return {
    matched: parts.reduce((sum, part) => sum + part.matched, 0),
    total: parts.reduce((sum, part) => sum + part.total, 0),
    misses: parts.flatMap((part) => part.misses),
  };
}

export function percent(score: Pick<Score, 'matched' | 'total'>): string {
  return score.total === 0 ? '-' : `${((100 * score.matched) / score.total).toFixed(1)} %`;
}
