import type { Candidate } from '../candidates/candidate.js';
import type { ModelLine } from '../model/document-model.js';
import type { PropertyProfile } from './property-profile.js';
import { MIN_CONFIDENCE, scoreAsked } from './rank.js';

/**
 * One group for the properties of one object: the street, town and postcode of an address are
 * read from the same block, never the street of one block and the postcode of another. The group
 * is the one of the best-scored candidate that any of the properties asks for; candidates of other
 * groups are left out, candidates of no group stay. Unchanged when no grouped candidate is a
 * confident answer.
 */
export function withinBestGroup(
  profiles: readonly PropertyProfile[],
  candidates: readonly Candidate[],
  lines: readonly ModelLine[],
  eligible: (candidate: Candidate) => boolean = () => true,
): readonly Candidate[] {
  let best: { group: string; score: number } | undefined;
  const grouped = candidates.filter((candidate) => candidate.group !== undefined && eligible(candidate));
  if (grouped.length === 0) return candidates;
  for (const profile of profiles) {
    for (const { candidate, score } of scoreAsked(profile, grouped, lines)) {
      if (score >= MIN_CONFIDENCE && (!best || score > best.score)) best = { group: candidate.group ?? '', score };
    }
  }
  if (!best) return candidates;
  const { group } = best;
  return candidates.filter((candidate) => candidate.group === undefined || candidate.group === group);
}
