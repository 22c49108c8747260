import type { Test } from 'tap';
import { extractFields } from '../../src/pipeline/extract/extract.js';
import type { ExtractionType } from '../../src/pipeline/types.js';
import { textDocument } from './fixtures.js';

/**
 * The two schemas a user writes for a non-disclosure agreement, and a reader that checks a made-up
 * NDA gives the same four values with both: the parties, the date it takes effect, the law that
 * governs it and how long it lasts.
 */

/** The names only, as a user first writes them. */
export const NAMES_ONLY = {
  type: 'object',
  properties: {
    parties: { type: 'array', items: { type: 'string' } },
    effective_date: { type: 'string', format: 'date' },
    jurisdiction: { type: 'string' },
    term: { type: 'string' },
  },
};

/** Other names, each with a description. */
export const DESCRIBED = {
  type: 'object',
  properties: {
    parties: { type: 'array', items: { type: 'string' }, description: 'Names of the parties to the agreement' },
    effective_date: { type: 'string', format: 'date', description: 'Date the agreement takes effect' },
    governing_law: { type: 'string', description: 'Jurisdiction whose law governs the agreement' },
    term: { type: 'string', description: 'Duration of the agreement or of the confidentiality obligations' },
  },
};

export function extractNda(text: string, jsonSchema: Record<string, unknown>) {
  const type: ExtractionType = {
    code: 'nda',
    name: 'Non-disclosure agreement',
    jsonSchema,
    promptHints: null,
    keepPropertyOrdering: false,
    conversionMode: 'json',
  };
  return extractFields(textDocument(text), type).data;
}

export interface NdaValues {
  parties: string[];
  effective_date: string;
  jurisdiction: string;
  term: string;
}

/** The document (its text, or its lines) read with both schemas gives the same four values. */
export function readsAs(t: Test, document: string | readonly string[], expected: NdaValues) {
  const text = typeof document === 'string' ? document : document.join('\n');
  t.same(extractNda(text, NAMES_ONLY), expected, 'names only');
  const { jurisdiction, ...rest } = expected;
  t.same(extractNda(text, DESCRIBED), { ...rest, governing_law: jurisdiction }, 'described');
}
