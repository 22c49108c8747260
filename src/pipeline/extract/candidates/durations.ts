import { DURATION_UNIT_QUALIFIERS, DURATION_UNIT_WORDS, formatDuration } from '../lexicon/durations.js';
import { NUMBER_WORDS, parseNumberWords } from '../lexicon/number-words.js';
import type { DocumentModel } from '../model/document-model.js';
import type { Candidate, CandidateGenerator, Relation, RelationSpec } from './candidate.js';
import { foldSameLength, proseCandidate, sentenceBounds } from './prose-text.js';

/**
 * Durations in prose ("two (2) years", "sixty (60) days", "12 months", "un an"), normalised to a
 * count and a unit ("2 years"), with what the sentence says they are: the agreement's term, a
 * renewal term, or a notice period (and whether that notice prevents a renewal).
 */

const NUMBER_WORD = `(?:${[...NUMBER_WORDS].sort((a, b) => b.length - a.length).join('|')})`;
const SPELLED = `${NUMBER_WORD}(?:[ -](?:and |y |et |und )?${NUMBER_WORD}){0,4}`;
const UNIT = `(?:${Object.keys(DURATION_UNIT_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
const QUALIFIER = `(?:${DURATION_UNIT_QUALIFIERS.join('|')})`;
/** A unit of time as a word; the number before it is read from a short window, so the work stays linear. */
const UNIT_WORD = new RegExp(`(?<![\\p{L}\\p{N}])(${UNIT})(?![\\p{L}\\p{N}])`, 'gu');
/** The number ending the window before a unit: "sixty (60)", "60", "sixty", "thirty (30)-", "12 calendar"; groups: words, digits, digits alone, words alone. */
const NUMBER_BEFORE_UNIT = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(${SPELLED})\\s*\\(\\s*(\\d{1,4})\\s*\\)|(\\d{1,4})|(${SPELLED}))[\\s-]*(?:${QUALIFIER}\\s+){0,2}$`,
  'u',
);

const NOTICE_AFTER =
  /^[\s'’]*(?:s\b)?[\s'’]*(?:\([^)]{0,40}\)\s*)?(?:(?:prior|advance|previous|written|prior written|advance written)\s+)*(?:written\s+)?notice/;
const NOTICE_BEFORE = /notice[^.;]{0,80}$/;
const BEFORE_AN_END = /^[^.;]{0,40}\b(?:prior to|before|in advance of|preceding)\b/;
const RENEWAL_CONTEXT =
  /renew|non-renew|extension|extend|expir|end of the (?:then[- ])?(?:current |initial |applicable )*term|automatic/;
const RENEWAL_BEFORE = /(?:renew\w*|successive|consecutive|additional|extension|extended)\b[^.;]{0,80}$/;
const TERM_BEFORE =
  /(?:\bterm\b|\bperiod\b|remain in (?:full )?(?:force|effect)|continue|in effect|duration|duree|laufzeit|vigencia|plazo)[^.;]{0,80}$/;
const INITIAL_TERM_BEFORE =
  /(?:initial term|term of this agreement|term of the agreement|this agreement shall (?:remain|continue|be in effect))[^.;]{0,80}$/;
/** The renewal words a renewal term is read from, kept in its printed text ("renew for successive one (1) year"). */
const RENEWAL_WORDS_BEFORE = /(?:renew\w*|successive|consecutive|additional)\b[^.;]{0,80}$/;
/** A renewal that repeats: "successive", "consecutive", "each", "automatically renew". */
const REPEATED_RENEWAL =
  /\b(?:successive|consecutive|additional|each|automatic\w*|annual\w*|year[- ]to[- ]year|from year to year)\b/i;

/**
 * True when a renewal term's printed text says the renewal repeats ("for successive one-year
 * periods"), for a caller whose property wants "successive 1 year" rather than "1 year".
 */
export function isRepeatedRenewal(raw: string): boolean {
  return REPEATED_RENEWAL.test(raw);
}

/**
 * A duration as a property asks for it: "successive 1 year" when the property's own words use
 * "successive" (its example) and the text says the renewal repeats; otherwise "1 year" as printed.
 */
export function durationAsAsked(candidate: Candidate, propertyPhrase: string): unknown {
  if (candidate.kind !== 'duration' || !propertyPhrase.includes(' successive ')) return candidate.value;
  return isRepeatedRenewal(candidate.raw) ? `successive ${String(candidate.value)}` : candidate.value;
}

export const DURATION_RELATIONS: readonly RelationSpec[] = [
  {
    relation: 'term',
    propertyPhrases: ['term', 'duration', 'length of the agreement', 'contract period', 'initial term'],
    excludedBy: ['renewal', 'notice', 'payment term', 'terms', 'date', 'expiration', 'expiry', 'end'],
  },
  {
    relation: 'renewal_term',
    propertyPhrases: ['renewal term', 'renewal period', 'renewal', 'extension term', 'renews'],
    excludedBy: ['notice'],
  },
  { relation: 'notice_period', propertyPhrases: ['notice period', 'notice'], excludedBy: ['renewal'] },
  {
    relation: 'renewal_notice_period',
    propertyPhrases: [
      'notice period to terminate renewal',
      'prevent renewal',
      'non renewal notice',
      'notice of non renewal',
      'notice to terminate renewal',
      'renewal notice',
    ],
  },
];

interface Found {
  readonly start: number;
  readonly end: number;
  readonly value: string;
  readonly relations: Relation[];
  readonly confidence: number;
}

/** The normalised duration of a number and its unit; the digits in "sixty (60) days" win over the words. */
function readDuration(match: RegExpExecArray, unitWord: string): string | null {
  const unit = DURATION_UNIT_WORDS[unitWord];
  if (!unit) return null;
  const digits = match[2] ?? match[3];
  const count = digits !== undefined ? Number(digits) : parseNumberWords(match[4] ?? '');
  if (count === null || count <= 0 || count > 999) return null;
  return formatDuration(count, unit);
}

/** What the sentence says the duration is: a notice period (before a renewal or not), a renewal term, or the term. */
function relationsOf(text: string, folded: string, start: number, end: number): Relation[] {
  // Sentences end at a capital, so their bounds are read from the text as printed.
  const [from, to] = sentenceBounds(text, start, end);
  const before = folded.slice(Math.max(from, start - 160), start);
  const after = folded.slice(end, Math.min(to, end + 120));
  const sentence = folded.slice(from, to);
  const relations: Relation[] = [];
  const notice =
    NOTICE_AFTER.test(after) || NOTICE_BEFORE.test(before) || (/notice/.test(sentence) && BEFORE_AN_END.test(after));
  if (notice) {
    relations.push('notice_period');
    if (RENEWAL_CONTEXT.test(sentence)) relations.push('renewal_notice_period');
    return relations;
  }
  if (RENEWAL_BEFORE.test(before.slice(-120))) {
    relations.push('renewal_term');
    return relations;
  }
  if (TERM_BEFORE.test(before.slice(-120))) relations.push('term');
  return relations;
}

function findDurations(text: string): Found[] {
  const folded = foldSameLength(text);
  const found: Found[] = [];
  UNIT_WORD.lastIndex = 0;
  for (let unit = UNIT_WORD.exec(folded); unit; unit = UNIT_WORD.exec(folded)) {
    const windowStart = Math.max(0, unit.index - 48);
    const match = NUMBER_BEFORE_UNIT.exec(folded.slice(windowStart, unit.index));
    if (!match) continue;
    const duration = readDuration(match, unit[1] ?? '');
    if (!duration) continue;
    let start = windowStart + match.index;
    const end = unit.index + (unit[1] ?? '').length;
    const relations = relationsOf(text, folded, start, end);
    let confidence = relations.length > 0 ? 0.8 : 0.6;
    if (relations.includes('term') && INITIAL_TERM_BEFORE.test(folded.slice(Math.max(0, start - 120), start)))
      confidence = 0.9;
    if (relations.includes('renewal_notice_period')) confidence = 0.9;
    // A renewal term keeps the words that state the renewal ("automatically renew for successive") in its printed text.
    if (relations.includes('renewal_term')) {
      const renewal = RENEWAL_WORDS_BEFORE.exec(folded.slice(Math.max(0, start - 100), start));
      if (renewal) start -= Math.min(start, 100) - renewal.index;
      if (isRepeatedRenewal(folded.slice(start, end))) confidence = 0.85;
    }
    found.push({ start, end, value: duration, relations, confidence });
  }
  return found;
}

export const durationGenerator: CandidateGenerator = {
  name: 'durations',
  relations: DURATION_RELATIONS,
  generate(model: DocumentModel): Candidate[] {
    return findDurations(model.prose.text).map((found) =>
      proseCandidate(model.prose, {
        kind: 'duration',
        value: found.value,
        start: found.start,
        end: found.end,
        kindConfidence: found.confidence,
        relations: found.relations,
      }),
    );
  },
};
