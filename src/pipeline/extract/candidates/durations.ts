import {
  DURATION_UNIT_QUALIFIERS,
  DURATION_UNIT_WORDS,
  formatDuration,
  RECURRING_BASIS_NOUNS,
  RECURRING_PERIOD_WORDS,
  TERM_NOUNS,
} from '../lexicon/durations.js';
import { NUMBER_WORDS, ORDINAL_WORDS, parseNumberWords } from '../lexicon/number-words.js';
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
/** The number ending the window before a unit: "sixty (60)", "60", "1 (one)", "sixty", "thirty (30)-", "12 calendar"; groups: words, digits, digits alone, words alone. */
const NUMBER_BEFORE_UNIT = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(${SPELLED})\\s*\\(\\s*(\\d{1,4})\\s*\\)|(\\d{1,4})(?:\\s*\\(\\s*${SPELLED}\\s*\\))?|(${SPELLED}))[\\s-]*(?:${QUALIFIER}\\s+){0,2}$`,
  'u',
);

const NOTICE_AFTER =
  /^[\s'’]*(?:s\b)?[\s'’]*(?:\([^)]{0,40}\)\s*)?(?:(?:prior|advance|previous|written|prior written|advance written)\s+)*(?:written\s+)?notice/;
/** "written notice at least", "notifies the other of its intention not to renew not less than". */
const NOTICE_BEFORE = /(?:notice|notif\w*)[^.;]{0,80}$/;
/** "... prior to the end", "before its expiry" right after the period, with no other period between them. */
const BEFORE_AN_END =
  /^(?:(?!\b(?:days?|weeks?|months?|years?)\b)[^.;]){0,40}\b(?:prior to|before|in advance of|preceding)\b/;
const AT_LEAST_BEFORE = /\b(?:at least|not less than|no later than|no less than|a minimum of)\s*$/;
const ENDING = /\b(?:terminat|cancel|renew|expir)/;
const RENEWAL_CONTEXT =
  /renew|non-renew|extension|extend|expir|end of the (?:then[- ])?(?:current |initial |applicable )*term|automatic/;
const RENEWAL_BEFORE =
  /(?:renew\w*|successive|consecutive|additional|extension|extended|automatically extends?|\ba further|\bfurther (?:period|term)s?)\b[^.;]{0,80}$/;
const TERM_BEFORE =
  /(?:\bterm\b|\bperiod\b|\b(?:keep|kept|hold|held|maintain\w*|remain|protect\w*)\s+(?:[\w'’-]+\s+){0,3}?(?:confidential|in confidence|secret)\b|remains? in (?:full )?(?:force|effect)|\b(?:be|is|are|remains?) valid\b|\b(?:shall|will|to) (?:last|endure|run)\b|\b(?:lasts|endures|runs)\b|continue|in effect|\bsurviv\w*|(?:be|become|remain) effective|duration|duree|laufzeit|vigencia|plazo)[^.;]{0,80}$/;
const INITIAL_TERM_BEFORE =
  /(?:initial (?:term|period)|term of this agreement|term of the agreement|this agreement shall (?:remain|continue|be in effect))[^.;]{0,80}$/;
/** "during the term of this Agreement": a clause that refers to the term without stating it ("..., which shall be three (3) years" states it). */
const TERM_REFERENCE =
  /\b(?:during|throughout|within|in|for the (?:remainder|balance|duration|life) of) the (?:then[- ]current |initial |renewal )?term\b(?!(?: of (?:this|the) agreement)?,?\s+(?:which|that)\s+(?:(?:shall|will)\s+)?(?:be|is)\b)/g;
/**
 * A period counted from the agreement's end ("for three (3) years after the expiry hereof",
 * "shall survive for five years"): how long obligations outlast the term, a weak statement of it.
 */
const SURVIVAL_AFTER =
  /^[^.;]{0,30}?\b(?:after|following|beyond|from)\s+(?:the\s+|its\s+|any\s+|such\s+|this\s+)?(?:date\s+of\s+(?:the\s+|such\s+|any\s+)?)?(?:termination|expiration|expiry|end)\b/;
const SURVIVAL_BEFORE =
  /\b(?:surviv\w*|(?:after|following) (?:the |its |any |such )?(?:termination|expiration|expiry))\b[^.;]{0,60}$/;
/** The agreement or its term as a sentence's subject, near the sentence's start. */
const AGREEMENT_SUBJECT =
  /\b(?:this|the|its|such) (?:(?:letter )?agreement|contract|term|initial term|lease|licen[cs]e)\b|\bterm of (?:this|the) (?:agreement|contract)\b/;
/** Words that make a period a condition or a deadline ("if the other fails to perform for a period of thirty (30) days"). */
const CONDITION = /\b(?:if|unless|in the event|provided that|fails?|unable|within|no later than|not later than)\b/;
/** "unless sooner terminated as provided herein": the usual proviso of a term, which makes its period no condition. */
const EARLY_TERMINATION_PROVISO =
  /\bunless\s+(?:sooner\s+|earlier\s+|otherwise\s+|previously\s+)?terminated\b(?:\s+(?:sooner|earlier))?[^,;]{0,60}/g;
const HEADING_LABEL_WORDS: readonly string[] = ['term'];
/** "Term. Four (4) years from the Effective Date": the period opens the clause its heading names. */
const TERM_HEADING_BEFORE =
  /(?:^|[.;:]\s*|\d\s+)(?:term|duration|(?:term|duration) of (?:this |the )?(?:agreement|confidentiality|obligations)|(?:confidentiality|non-?disclosure) (?:period|term))\s*[.:]\s*$/;
/**
 * "This Agreement shall end one (1) year after the date hereof", "terminate upon the earlier of (a) two (2) years
 * from the Effective Date or (b) ...", "shall terminate and be of no
 * further force and effect on the date that is twenty (20) months from the date hereof": the term stated through its end.
 */
const ENDS_BEFORE_DURATION =
  /\b(?:expire|terminate|end)s?\s+(?:automatically\s+)?(?:(?:and be of no further (?:force|effect)(?: (?:and|or) effect)?\s+)?on the (?:date|day) (?:that is|which is)\s+|(?:up)?on the (?:earlier|first) (?:of|to occur of)\s+(?:\(\w{1,3}\)\s+)?)?$/;
/** The sentence names the start a period "thereafter" counts from. */
const STARTS_IN_SENTENCE = /\b(?:commenc\w*|effective|begin\w*|start\w*)\b/;
/** "... from the date hereof", "... thereafter" (after the start the sentence has named). */
const FROM_START_AFTER =
  /^\s*(?:thereafter\b|(?:after|from|following)\s+(?:the\s+|its\s+)?(?:date|effective|execution|commencement|signing|day))/;
/** After a period, the event it counts from when that is not the agreement's own start: a first sale, a launch, an acceptance. */
const LATER_EVENT_AFTER =
  /^[\s,]*(?:after|from|following|of)\s+(?:the\s+)?(?:(?:date|day)\s+(?:of|on which|that)\s+(?:the\s+)?)?(?:first|initial|launch|commercial|completion|delivery|installation|acceptance|closing|opening)\b/;
/** Below the strength (0.8) from which an end date is computed; still a statement of the term. */
const LATER_EVENT_CONFIDENCE = 0.75;
/** The noun after an attributive duration ("a six (6) month rolling budget"): a term only when it names one ("a five-year term"). */
const TERM_NOUN = new RegExp(`^\\s*(?:${TERM_NOUNS.join('|')})\\b`);
const RENEWAL_NOUN = /renewal|extension/;
/** The renewal words a renewal term is read from, kept in its printed text ("renew for successive one (1) year"). */
const RENEWAL_WORDS_BEFORE =
  /(?:renew\w*|extend\w*|extension|successive|consecutive|additional|\ba further|\bfurther (?:period|term)s?)\b[^.;]{0,80}$/;
/** After a renewal's period, words that say it repeats: "periods", "terms", "on each anniversary". */
const REPEATED_AFTER =
  /^[\s-]*(?:\w+\s+){0,2}?(?:periods|terms)\b|^[^.;]{0,40}?\b(?:each|every) (?:anniversary|year|renewal)\b|^\s+each\b/;
/** A renewal that repeats: "successive", "consecutive", "each", "automatically renew", plural "periods" or "terms". */
const REPEATED_RENEWAL =
  /\b(?:successive|consecutive|(?<!\b(?:an|one|a single)(?: \(1\))? )additional|each|automatic\w*|annual\w*|(?:year|month|quarter)[- ]to[- ](?:year|month|quarter)|periods|terms)\b/i;

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
  if (!isRepeatedRenewal(candidate.raw)) return candidate.value;
  // "renew for 3 additional terms of 5 years": a stated number of renewals comes first ("3 successive 5 years").
  const count = RENEWAL_COUNT.exec(foldSameLength(candidate.raw));
  const renewals = count ? (count[2] !== undefined ? Number(count[2]) : parseNumberWords(count[1] ?? '')) : null;
  const prefix = renewals !== null && renewals >= 2 && renewals <= 20 ? `${renewals} ` : '';
  return `${prefix}successive ${String(candidate.value)}`;
}

/** "two (2) additional terms", "2 successive", "three consecutive", "two renewal periods": how many renewals the text allows (groups: words, digits). */
const RENEWAL_COUNT = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(${NUMBER_WORD})(?:\\s*\\(\\s*\\d{1,2}\\s*\\))?|(\\d{1,2}))\\s+(?:additional|successive|consecutive|further|(?:renewal|extension)\\s+(?:periods|terms)|(?:renewal\\s+)?(?:options?|rights?)\\s+to)\\b`,
  'u',
);
/** "two (2) options to " right before "renew": how many renewals, printed before the renewal's words. */
const OPTIONS_BEFORE_RENEWAL = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${NUMBER_WORD}(?:\\s*\\(\\s*\\d{1,2}\\s*\\))?|\\d{1,2})\\s+(?:renewal\\s+)?(?:options?|rights?)\\s+to\\s+$`,
  'u',
);

export const DURATION_RELATIONS: readonly RelationSpec[] = [
  {
    relation: 'term',
    propertyPhrases: [
      'term',
      'duration',
      'length of the agreement',
      'contract period',
      'agreement period',
      'initial term',
      // An NDA's term is the period its confidentiality lasts, or the agreement's validity.
      'confidentiality period',
      'period of confidentiality',
      'validity period',
      'period of validity',
      'validity',
    ],
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
  /** A period that outlasts the agreement ("shall survive for five (5) years after termination"). */
  readonly survival?: boolean;
  readonly heading?: boolean;
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

interface Statement {
  readonly relations: Relation[];
  readonly confidence: number;
  readonly survival?: boolean;
  /** Stated under a heading or label that names the term ("Term. Five (5) years", "Term of Agreement: 3 years"). */
  readonly heading?: boolean;
}

/**
 * What the sentence says the duration is: a notice period (before a renewal or not), a renewal
 * term, or the term; a period that outlasts the agreement ("three years after its expiry") is
 * a weak statement of the term, and one the text merely places in the term ("during the term, a
 * twelve (12) month forecast") none.
 */
function statementOf(text: string, folded: string, start: number, end: number, attributive: boolean): Statement {
  // Sentences end at a capital, so their bounds are read from the text as printed.
  const [from, to] = sentenceBounds(text, start, end);
  const before = folded.slice(Math.max(from, start - 160), start);
  const after = folded.slice(end, Math.min(to, end + 120));
  const sentence = folded.slice(from, to);
  // "terminated by registered letter at least three (3) months before its expiry": a period kept before an end is a notice.
  // "Unless terminated earlier with written notice, this Agreement shall be in effect for 12 months": the proviso's notice is not the period's.
  const notice =
    NOTICE_AFTER.test(after) ||
    NOTICE_BEFORE.test(before.replace(EARLY_TERMINATION_PROVISO, (proviso) => ' '.repeat(proviso.length))) ||
    (BEFORE_AN_END.test(after) &&
      (/notice|notif/.test(sentence) || (AT_LEAST_BEFORE.test(before) && ENDING.test(sentence))));
  if (notice) {
    const renewal = RENEWAL_CONTEXT.test(sentence);
    return {
      relations: renewal ? ['notice_period', 'renewal_notice_period'] : ['notice_period'],
      confidence: renewal ? 0.9 : 0.8,
    };
  }
  const near = before.slice(-120);
  if (RENEWAL_BEFORE.test(near)) return { relations: ['renewal_term'], confidence: 0.8 };
  // "a five-year term", "a one-year renewal term": the noun after an attributive duration says what it is.
  const noun = attributive ? TERM_NOUN.exec(after) : null;
  // "at the end of such 45-day period" refers back to a period; it states none.
  if (attributive && (!noun || /\bsuch\s*$/.test(before))) return { relations: [], confidence: 0.6 };
  if (noun && RENEWAL_NOUN.test(noun[0])) return { relations: ['renewal_term'], confidence: 0.8 };
  // "commence on the Effective Date and expire five (5) years thereafter": "thereafter" counts from the start the
  // sentence names, not from a breach ("if not cured, it shall terminate thirty (30) days thereafter").
  const counted = /^\s*thereafter\b/.test(after)
    ? STARTS_IN_SENTENCE.test(before) && !CONDITION.test(folded.slice(from, start))
    : true;
  if (ENDS_BEFORE_DURATION.test(before) && FROM_START_AFTER.test(after) && counted)
    return { relations: ['term'], confidence: 0.9 };
  // The heading ends a sentence of its own, so it is read before the sentence's bounds.
  if (!attributive && TERM_HEADING_BEFORE.test(folded.slice(Math.max(0, start - 40), start)))
    return { relations: ['term'], confidence: SURVIVAL_AFTER.test(after) ? 0.5 : 0.85, heading: true };
  if (!noun && !TERM_BEFORE.test(near.replace(TERM_REFERENCE, (reference) => ' '.repeat(reference.length))))
    return { relations: [], confidence: 0.6 };
  if (SURVIVAL_AFTER.test(after) || SURVIVAL_BEFORE.test(near))
    return { relations: ['term'], confidence: 0.5, survival: true };
  if (INITIAL_TERM_BEFORE.test(folded.slice(Math.max(0, start - 120), start)))
    return { relations: ['term'], confidence: 0.9 };
  // "This Agreement shall continue for three (3) years": the agreement is the sentence's subject and the period no condition of it.
  const opening = folded.slice(from, start);
  const subject = AGREEMENT_SUBJECT.exec(opening.slice(0, 80));
  const stated =
    subject !== null && !CONDITION.test(opening.slice(subject.index).replace(EARLY_TERMINATION_PROVISO, ''));
  return { relations: ['term'], confidence: stated ? 0.8 : 0.5 };
}

/** A unit written in the singular after a number other than one, or joined by a hyphen ("a 12 month forecast", "a five-year term"): it qualifies a noun. */
function isAttributive(match: RegExpExecArray, unitWord: string, duration: string): boolean {
  const unit = DURATION_UNIT_WORDS[unitWord];
  const singular = unit !== undefined && DURATION_UNIT_WORDS[`${unitWord}s`] === unit;
  return singular && (/-\s*$/.test(match[0]) || duration !== formatDuration(1, unit));
}

function findDurations(text: string): Found[] {
  const folded = foldSameLength(text);
  const found: Found[] = [];
  UNIT_WORD.lastIndex = 0;
  for (let unit = UNIT_WORD.exec(folded); unit; unit = UNIT_WORD.exec(folded)) {
    const windowStart = Math.max(0, unit.index - 48);
    const match = NUMBER_BEFORE_UNIT.exec(folded.slice(windowStart, unit.index));
    if (!match) continue;
    const unitWord = unit[1] ?? '';
    const duration = readDuration(match, unitWord);
    if (!duration) continue;
    let start = windowStart + match.index;
    let end = unit.index + unitWord.length;
    const stated = statementOf(text, folded, start, end, isAttributive(match, unitWord, duration));
    let confidence = stated.confidence;
    // A renewal term keeps the words that state the renewal ("automatically renew for successive") in its printed text.
    if (stated.relations.includes('renewal_term')) {
      const renewal = RENEWAL_WORDS_BEFORE.exec(folded.slice(Math.max(0, start - 100), start));
      if (renewal) start -= Math.min(start, 100) - renewal.index;
      // "with two (2) options to renew for additional five (5) year periods": the count of renewals joins the printed text.
      const options = OPTIONS_BEFORE_RENEWAL.exec(folded.slice(Math.max(0, start - 40), start));
      if (renewal && options) start -= Math.min(start, 40) - options.index;
      // "... for a further one year period on each anniversary": the words after it may say the renewal repeats.
      const repeats = REPEATED_AFTER.exec(folded.slice(end, end + 60));
      if (repeats) end += repeats[0].length;
      if (isRepeatedRenewal(folded.slice(start, end))) confidence = 0.85;
    }
    // "one (1) year from the date of first product launch": a term counted from a later event implies no end date.
    if (stated.relations.includes('term') && LATER_EVENT_AFTER.test(folded.slice(end, end + 80)))
      confidence = Math.min(confidence, LATER_EVENT_CONFIDENCE);
    found.push({
      start,
      end,
      value: duration,
      relations: stated.relations,
      confidence,
      survival: stated.survival,
      heading: stated.heading,
    });
  }
  const terms = withoutSurvivalTerms([...found, ...anniversaryTerms(folded)]);
  return [
    ...terms,
    ...recurringRenewals(text, folded),
    ...likeTermRenewals(folded, terms),
    ...periodicRenewals(folded),
  ];
}

/** "will automatically renew each year thereafter", "renew for each subsequent year", "is renewed annually", "renewable annually": a renewal by a period named without a number. */
const PERIODIC_RENEWAL =
  /\b(?:renews?|renewed|renewable|extends?|extended|extendable)\b(?:\s+[a-z]+){0,3}?\s+(?:(?:each|every)\s+(?:(?:subsequent|successive|additional|following|further)\s+)?(year|month)|(annually|monthly))\b/g;

function periodicRenewals(folded: string): Found[] {
  return [...folded.matchAll(PERIODIC_RENEWAL)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    value: formatDuration(1, match[1] === 'month' || match[2] === 'monthly' ? 'month' : 'year'),
    relations: ['renewal_term'],
    confidence: 0.8,
  }));
}

/** How long obligations survive is the term only when the agreement states no term of its own (at 0.8 or above). */
function withoutSurvivalTerms(found: readonly Found[]): Found[] {
  const stated = found.some(
    (duration) => !duration.survival && duration.relations.includes('term') && duration.confidence >= 0.8,
  );
  if (!stated) return [...found];
  return found.map((duration) =>
    duration.survival
      ? { ...duration, relations: duration.relations.filter((relation) => relation !== 'term') }
      : duration,
  );
}

/**
 * "shall be renewed for like terms", "renew for successive periods of equal length", "for an
 * additional period equal to the initial term": a renewal as long as the term the agreement states.
 */
const LIKE_TERM_RENEWAL =
  /\b(?:renew\w*|extend\w*|extension)\b[^.;]{0,60}?\b(?:for|by)\s+(?:(?:successive|consecutive|additional|further|an?|one)\s+){0,2}(?:(?:like|similar|equal|identical|the same)\s+(?:terms?|periods?)\b|(?:terms?|periods?)\s+(?:of\s+(?:the\s+)?(?:same|equal|like)\s+(?:length|duration)|equal\s+(?:in\s+length\s+)?to\s+the\s+(?:(?:initial|original|then[- ]current)\s+(?:term|period)|term\b)))/g;

function likeTermRenewals(folded: string, found: readonly Found[]): Found[] {
  // The term stated with the most confidence, the first of equals.
  const term = found
    .filter((duration) => duration.relations.includes('term'))
    .reduce<Found | undefined>(
      (best, duration) => (best && best.confidence >= duration.confidence ? best : duration),
      undefined,
    );
  if (!term) return [];
  return [...folded.matchAll(LIKE_TERM_RENEWAL)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    value: term.value,
    relations: ['renewal_term'],
    confidence: 0.8,
  }));
}

const ORDINAL = `(?:${Object.keys(ORDINAL_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|')}|\\d{1,2}(?:st|nd|rd|th))`;
/**
 * "expire on the third (3rd) anniversary of the Effective Date", "continue until the later of (a) the
 * fifth (5th) anniversary of the Effective Date or (b) ...", "terminate on the earlier of (i) the
 * closing and (ii) the second anniversary of the Effective Date", "the term shall be from the date hereof
 * until the second anniversary thereof": the term in years, stated through its end.
 */
const ANNIVERSARY = new RegExp(
  `\\b(?:expire|terminate|end|continue|run|last|term|remain in (?:full )?(?:force|effect)|in effect)\\w*\\b[^.;]{0,60}?\\b(?:on|until|through|upon)\\s+(?:the\\s+)?(?:(?:later|earlier)\\s+of\\s+(?:[^.;]{0,100}?\\s(?:and|or)\\s+)?(?:\\(\\w{1,4}\\)\\s+)?(?:the\\s+)?)?(${ORDINAL})(?:\\s*\\(\\s*\\d{1,2}(?:st|nd|rd|th)?\\s*\\))?\\s+anniversary\\s+(?:thereof|hereof|of\\s+(?:the\\s+|this\\s+)?(?:effective|commencement|execution|signing|start|date))`,
  'gd',
);

function anniversaryTerms(folded: string): Found[] {
  const found: Found[] = [];
  ANNIVERSARY.lastIndex = 0;
  for (let match = ANNIVERSARY.exec(folded); match; match = ANNIVERSARY.exec(folded)) {
    const ordinal = match[1] ?? '';
    const count = ORDINAL_WORDS[ordinal] ?? Number.parseInt(ordinal, 10);
    if (!(count > 0)) continue;
    const start = match.indices?.[1]?.[0] ?? match.index;
    found.push({
      start,
      end: match.index + match[0].length,
      value: formatDuration(count, 'year'),
      relations: ['term'],
      confidence: 0.85,
    });
  }
  return found;
}

/** The noun after "annual" that makes it a period: a term's ("successive annual periods") or "basis" ("renew on an annual basis"). */
const RECURRING_NOUN = new RegExp(`^\\s*(?:${[...TERM_NOUNS, ...RECURRING_BASIS_NOUNS].join('|')})\\b`);

const RECURRING_WORD = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${Object.keys(RECURRING_PERIOD_WORDS)
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/[- ]/g, '[- ]'))
    .join('|')})(?![\\p{L}\\p{N}])`,
  'gu',
);
/** "X to X" ("month to month", "from year to year") names a period that repeats by itself. */
const SELF_REPEATING = /\bto\b/;
const CONTINUING_SENTENCE = /\b(?:renew\w*|continu\w*|extend\w*|extension|thereafter|effective)\b/;

/**
 * Renewals by a period named without a number: "continue automatically for successive annual
 * periods", "shall be effective month to month", "renew from year to year".
 */
function recurringRenewals(text: string, folded: string): Found[] {
  const found: Found[] = [];
  RECURRING_WORD.lastIndex = 0;
  for (let match = RECURRING_WORD.exec(folded); match; match = RECURRING_WORD.exec(folded)) {
    const word = match[0].replace(/[- ]/g, ' ');
    const period = RECURRING_PERIOD_WORDS[word] ?? RECURRING_PERIOD_WORDS[word.replace(/ /g, '-')];
    if (!period) continue;
    let start = match.index;
    const end = start + match[0].length;
    const [from, to] = sentenceBounds(text, start, end);
    const near = folded.slice(Math.max(from, start - 120), start);
    const renewal = RENEWAL_WORDS_BEFORE.exec(near);
    const selfRepeating = SELF_REPEATING.test(word);
    const repeating = selfRepeating && CONTINUING_SENTENCE.test(folded.slice(from, to));
    // "annual" names a period only before a word for one ("successive annual periods", not "the annual fee").
    if (!selfRepeating && !RECURRING_NOUN.test(folded.slice(end, end + 20))) continue;
    if (!renewal && !repeating) continue;
    if (renewal) start -= near.length - renewal.index;
    found.push({
      start,
      end,
      value: formatDuration(period.count, period.unit),
      relations: ['renewal_term'],
      confidence: 0.85,
    });
  }
  return found;
}

export const durationGenerator: CandidateGenerator = {
  name: 'durations',
  relations: DURATION_RELATIONS,
  generate(model: DocumentModel): Candidate[] {
    return findDurations(model.prose.text).map((found) => {
      const candidate = proseCandidate(model.prose, {
        kind: 'duration',
        value: found.value,
        start: found.start,
        end: found.end,
        kindConfidence: found.confidence,
        relations: found.relations,
      });
      // The heading's word labels the period, as a label reader's label would ("Term of Agreement: 3 years").
      return found.heading ? { ...candidate, labelWords: HEADING_LABEL_WORDS } : candidate;
    });
  },
};
