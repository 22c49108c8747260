import type { DocumentModel } from '../model/document-model.js';
import { parseOrganization } from '../parse-identifiers.js';
import type { Candidate, LayoutRelation } from './candidate.js';
import { isAddressLine } from './letterhead-lines.js';

/** A line of a postal address ("220 W. Fourth Street", "Springfield, IL 62701") with no company's name in it. */
export function isAddressOnly(text: string): boolean {
  return isAddressLine(text) && !parseOrganization(text);
}

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
