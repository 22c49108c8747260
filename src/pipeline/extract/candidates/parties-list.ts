import type { Cell } from '../document-lines.js';
import type { DocumentModel } from '../model/document-model.js';
import type { Candidate, LayoutRelation } from './candidate.js';
import { isAddressOnly } from './letterhead-lines.js';

/** The parties read from lines `first`..`last` (a block, labels or signatures) as one list candidate; none under two names; address lines are left out. */
export function partiesListCandidate(
  model: DocumentModel,
  names: readonly string[],
  lines: { readonly first: number; readonly last: number },
  kindConfidence: number,
  layout: LayoutRelation,
): Candidate[] {
  // A notice block's address lines under a party's label name no party.
  const named = names.filter((name) => !isAddressOnly(name));
  if (named.length < 2) return [];
  return [
    {
      kind: 'organization',
      value: named,
      raw: named.join('; '),
      span: { line: lines.first, start: 0, endLine: lines.last, end: model.lines[lines.last]?.text.length ?? 0 },
      kindConfidence,
      layout,
      relations: ['parties'],
      labelWords: [],
    },
  ];
}

/** A name under a column's header or label starts within this many columns of it. */
export const MAX_COLUMN_SHIFT = 12;

/** The cell under column `column` of line `index`: on the next non-blank line, starting within a few columns of it. */
export function cellUnder(
  model: DocumentModel,
  index: number,
  column: number,
): { cell: Cell | undefined; line: number } {
  let next = index + 1;
  while (next < model.lines.length && (model.lines[next]?.text.trim() ?? '') === '') next++;
  const cell = model.lines[next]?.cells.find((candidate) => Math.abs(candidate.start - column) <= MAX_COLUMN_SHIFT);
  return { cell, line: next };
}
