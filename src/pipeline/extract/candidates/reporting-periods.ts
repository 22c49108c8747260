import { PERIOD_END_PHRASES } from '../lexicon/financial-report.js';
import { MONTH_NAME } from '../lexicon/months.js';
import { type DocumentModel, streamSpan } from '../model/document-model.js';
import { parseDate } from '../parse-values.js';
import type { Candidate, CandidateGenerator } from './candidate.js';
import { phrasePattern } from './phrase-pattern.js';

/**
 * The last day of a reporting period, where prose or a heading introduces it: "for the year ended
 * 30 June 2016", "Period ending 30th September 2012", "YEAR ENDED 6 APRIL 2019".
 */

// Scanned text may put a stray mark between the day, the month and the year ("30% June + |2016").
const JUNK = "[\\s,.%'’|+*:-]{0,4}";
const DATE_TEXT =
  `(\\d{1,2})(?:st|nd|rd|th|s)?${JUNK}(?:of\\s+)?${MONTH_NAME}${JUNK}(\\d{4})` +
  `|${MONTH_NAME}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})` +
  '|(\\d{1,2})[/.-](\\d{1,2})[/.-](\\d{4}|\\d{2})(?!\\d)';
const PERIOD_END = new RegExp(
  `\\b(?:${phrasePattern(PERIOD_END_PHRASES)})\\s+(?:on\\s+)?(?:the\\s+)?(?<date>${DATE_TEXT})`,
  'gi',
);

export const reportingPeriods: CandidateGenerator = {
  name: 'reporting-periods',
  relations: [
    {
      relation: 'period_end',
      propertyPhrases: [
        'reporting period',
        'period end',
        'end of the period',
        'period ending',
        'year end',
        'year ended',
        'financial year',
        'accounting period',
        'accounts date',
      ],
      excludedBy: ['start', 'beginning', 'begin'],
    },
  ],
  generate(model: DocumentModel): Candidate[] {
    const candidates: Candidate[] = [];
    for (const match of model.prose.text.matchAll(PERIOD_END)) {
      const text = match.groups?.date ?? '';
      const start = (match.index ?? 0) + match[0].length - text.length;
      const value = parseDate(text.replace(/[%'’|+*]/g, ' '), model.dateOrder);
      if (!value) continue;
      candidates.push({
        kind: 'date',
        value,
        raw: text,
        span: streamSpan(model.prose, start, start + text.length),
        kindConfidence: 0.9,
        layout: 'prose',
        relations: ['period_end'],
        labelWords: [],
      });
    }
    return candidates;
  },
};
