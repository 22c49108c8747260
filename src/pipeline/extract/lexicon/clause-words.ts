import { normalizeWord } from '../text-tokens.js';

/**
 * Words of a yes/no question about a document ("Is a party required to maintain insurance for the
 * benefit of the counterparty?") that say nothing about which clause is asked for.
 */
export const QUESTION_FILLER_WORDS: ReadonlySet<string> = new Set(
  [
    'is',
    'are',
    'does',
    'do',
    'can',
    'has',
    'have',
    'there',
    'any',
    'party',
    'parties',
    'counterparty',
    'contract',
    'agreement',
    'document',
    'required',
    'right',
    'contain',
    'contains',
    'e.g',
    'eg',
    'one',
    'other',
    'either',
    'another',
    'third',
    'upon',
    'without',
    'within',
    'benefit',
    'commitment',
    'anti',
    'non',
    'no',
    'not',
  ].map(normalizeWord),
);

/** Spellings that differ between varieties of English, folded to one for matching. */
export const SPELLING_VARIANTS: Readonly<Record<string, string>> = {
  licence: 'license',
  licenced: 'licensed',
  licences: 'licenses',
  licensor: 'license',
  licensee: 'license',
};
