import { FAX_LABELS, OTHER_NUMBER_LABELS, PHONE_LABELS } from '../lexicon/letterhead.js';
import type { DocumentModel } from '../model/document-model.js';
import { parsePhone } from '../parse-identifiers.js';
import { parseDate } from '../parse-values.js';
import type { Candidate, CandidateGenerator } from './candidate.js';
import { isLonePhone, LETTERHEAD_LINES } from './letterhead-lines.js';
import { hasAnyPhrase, labelWordsOf, phraseText } from './phrase-match.js';

/**
 * Phone numbers: after a phone label anywhere ("Tel:", "Phone", "HP"), and unlabelled in the
 * letterhead, where a number of 7 to 15 digits printed alone on its line is the issuer's phone.
 * A number after a fax label is a fax; any other is the 'issuer_phone' (receipts print the shop's
 * phone at the foot too), less surely below the letterhead.
 */

const MAX_LINE = 200;
/** Words before a number that are read as its label. */
const LABEL_WORDS = 3;

export const phonesGenerator: CandidateGenerator = {
  name: 'phones',
  relations: [
    {
      relation: 'issuer_phone',
      propertyPhrases: ['phone', 'telephone', 'tel', 'contact number', 'phone number'],
      excludedBy: ['customer', 'buyer', 'fax', 'mobile of'],
    },
    { relation: 'fax', propertyPhrases: ['fax'] },
  ],
  generate(model: DocumentModel): Candidate[] {
    const found: Candidate[] = [];
    for (const line of model.lines) {
      if (line.block < 0) continue;
      const text = line.text.slice(0, MAX_LINE);
      // Fewer than seven digits hold no phone number: most lines are skipped without a pattern.
      if ((text.match(/\d/g)?.length ?? 0) < 7) continue;
      const phone = parsePhone(text);
      // A date with its time ("14/05/2011 16") has the digits of a phone number.
      if (!phone || parseDate(phone) || /\d[/.]\d{1,2}[/.]\d/.test(phone)) continue;
      const start = text.indexOf(phone);
      const label = phraseText(text.slice(Math.max(0, start - 40), start))
        .trim()
        .split(' ')
        .slice(-LABEL_WORDS)
        .join(' ');
      const padded = ` ${label} `;
      const fax = hasAnyPhrase(padded, FAX_LABELS) && !hasAnyPhrase(padded, PHONE_LABELS);
      const labelled = hasAnyPhrase(padded, PHONE_LABELS) || fax;
      const inLetterhead = line.page === 0 && line.rankOnPage < LETTERHEAD_LINES;
      if (!labelled && (!inLetterhead || !isLonePhone(text) || hasAnyPhrase(padded, OTHER_NUMBER_LABELS))) continue;
      found.push({
        kind: 'phone',
        value: phone,
        raw: phone,
        span: { line: line.index, start, endLine: line.index, end: start + phone.length },
        kindConfidence: labelled ? (inLetterhead ? 0.85 : 0.7) : 0.6,
        layout: labelled ? 'same-line' : 'letterhead',
        relations: fax ? ['fax'] : inLetterhead || labelled ? ['issuer_phone'] : [],
        labelWords: labelWordsOf(` ${label} `),
      });
    }
    return found;
  },
};
