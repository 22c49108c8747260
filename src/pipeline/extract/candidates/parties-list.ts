import type { DocumentModel } from '../model/document-model.js';
import type { Candidate, LayoutRelation } from './candidate.js';

/** The parties read from lines `first`..`last` (a block, labels or signatures) as one list candidate; none under two names. */
export function partiesListCandidate(
  model: DocumentModel,
  names: readonly string[],
  lines: { readonly first: number; readonly last: number },
  kindConfidence: number,
  layout: LayoutRelation,
): Candidate[] {
  if (names.length < 2) return [];
  return [
    {
      kind: 'organization',
      value: [...names],
      raw: names.join('; '),
      span: { line: lines.first, start: 0, endLine: lines.last, end: model.lines[lines.last]?.text.length ?? 0 },
      kindConfidence,
      layout,
      relations: ['parties'],
      labelWords: [],
    },
  ];
}
