import type { Candidate } from '../candidates/candidate.js';

/**
 * A credit note states what it credits as positive amounts: the title says which way the money
 * goes, and e-invoicing standards (EN 16931) carry a credit note's totals, prices and quantities
 * without a minus. A credit note that prints them negative ("-250,00") is read as their magnitudes.
 */

const CREDIT_NOTE = 'credit note';

/** The document's kind by its most confident title, when a title names one. */
function titledKind(candidates: readonly Candidate[]): unknown {
  let best: Candidate | null = null;
  for (const candidate of candidates) {
    if (candidate.kind !== 'title') continue;
    if (!best || candidate.kindConfidence > best.kindConfidence) best = candidate;
  }
  return best?.value;
}

function magnitudes(value: unknown): unknown {
  if (typeof value === 'number') return Math.abs(value);
  if (Array.isArray(value)) return value.map(magnitudes);
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    for (const [key, inner] of Object.entries(object)) object[key] = magnitudes(inner);
    return object;
  }
  return value;
}

/** Makes every number of `data` positive when the document is titled a credit note. */
export function creditNoteSigns(data: Record<string, unknown>, candidates: readonly Candidate[]): void {
  if (titledKind(candidates) === CREDIT_NOTE) magnitudes(data);
}
