import { CHARITY_NUMBER_LABELS, COMPANY_NUMBER_LABELS } from '../lexicon/registration.js';
import { type DocumentModel, streamSpan } from '../model/document-model.js';
import type { Candidate, CandidateGenerator, Relation } from './candidate.js';
import { phrasePattern } from './phrase-pattern.js';

/**
 * Numbers a register gives an organisation, after their label in prose or beside it:
 * "Registered Charity No. 1074318", "a registered charity, no. 1156207", "Company number: SC012345".
 */

// Between the label and the number: punctuation, "no."/"number", "is", and a scanned stray letter.
const FILLER = '[\\s.:,#;-]*(?:(?:no|number|is)\\b[\\s.:,#]*)?(?:[a-z]\\s+)?';
/** A register's number: 5 to 8 digits, optionally after a two-letter register prefix ("SC", "NI"). */
const NUMBER = '(?<number>(?:[A-Z]{2})?\\d{5,8})(?![\\d/])';

function labelled(labels: readonly string[]): RegExp {
  return new RegExp(`\\b(?:${phrasePattern(labels)})${FILLER}${NUMBER}`, 'gi');
}

/**
 * "registered as a charity in England and Wales (Reg No 281736)", "a registered charity in Scotland
 * (SC012345)": the register's place and a parenthesised number after the prose's label.
 */
const REGISTERED_IN = new RegExp(
  `\\b(?:[Rr]egistered\\s+as\\s+a\\s+charity|[Rr]egistered\\s+charity)\\s+(?:in|with)\\s+(?:the\\s+)?\\p{Lu}\\p{L}+(?:\\s+(?:and\\s+)?\\p{Lu}\\p{L}+){0,3}[\\s,]*\\(\\s*(?:[Rr]eg(?:istered|istration)?\\.?\\s*)?(?:(?:[Nn]o|[Nn]umber)\\.?\\s*:?\\s*)?${NUMBER}\\s*\\)`,
  'gu',
);

const PATTERNS: readonly [Relation, RegExp][] = [
  ['charity_number', labelled(CHARITY_NUMBER_LABELS)],
  ['charity_number', REGISTERED_IN],
  ['company_number', labelled(COMPANY_NUMBER_LABELS)],
];

export const registeredNumbers: CandidateGenerator = {
  name: 'registered-numbers',
  relations: [
    {
      relation: 'charity_number',
      propertyPhrases: ['charity number', 'charity no', 'registered charity', 'charity registration'],
    },
    {
      relation: 'company_number',
      propertyPhrases: ['company number', 'company no', 'company registration', 'registered company'],
      excludedBy: ['charity'],
    },
  ],
  generate(model: DocumentModel): Candidate[] {
    const candidates: Candidate[] = [];
    for (const [relation, pattern] of PATTERNS) {
      for (const match of model.prose.text.matchAll(pattern)) {
        const number = match.groups?.number ?? '';
        const start = (match.index ?? 0) + match[0].length - number.length;
        candidates.push({
          kind: 'identifier',
          value: number.toUpperCase(),
          raw: number,
          span: streamSpan(model.prose, start, start + number.length),
          kindConfidence: 0.9,
          layout: 'same-line',
          relations: [relation],
          labelWords: relation.split('_'),
        });
      }
    }
    return candidates;
  },
};
