import { formatDuration } from '../lexicon/durations.js';
import { DAY_FIRST_SIGNALS, ENGLISH_CONTRACT_WORDS, UNITED_STATES_STATES } from '../lexicon/locale-signals.js';
import { MONTHS } from '../lexicon/months.js';
import { ORDINAL_WORDS } from '../lexicon/number-words.js';
import type { DocumentModel } from '../model/document-model.js';
import { type DateOrder, parseDate } from '../parse-values.js';
import type { Candidate, CandidateGenerator, Relation, RelationSpec } from './candidate.js';
import { signalCount } from './dates.js';
import { durationGenerator } from './durations.js';
import { foldSameLength, proseCandidate, sentenceBounds } from './prose-text.js';

/**
 * Dates in an agreement's prose and what the sentence says of them: when it was made ("dated as of
 * D", "made and entered into this 1st day of March, 2015"), when it takes effect ("effective as of
 * D", "(the "Effective Date")"), when it ends ("shall expire on D", "until D"), and "perpetual" when
 * it runs "in perpetuity" or "until terminated". Numeric dates follow the document's order: an
 * English text that writes "April 4, 2016" writes "9/4/12" month first too.
 */

export const PROSE_DATE_RELATIONS: readonly RelationSpec[] = [
  {
    relation: 'effective_date',
    propertyPhrases: ['effective date', 'commencement date', 'effective as of', 'becomes effective', 'start date'],
  },
  {
    relation: 'agreement_date',
    propertyPhrases: [
      'agreement date',
      'contract date',
      'date of the agreement',
      'date of agreement',
      'date signed',
      'signing date',
      'signed or dated',
      'execution date',
      'signature date',
    ],
    excludedBy: ['effective', 'expiration', 'expiry', 'end', 'termination'],
  },
  {
    relation: 'expiration_date',
    propertyPhrases: ['expiration', 'expiration date', 'expiry', 'expiry date', 'termination date', 'expires'],
    excludedBy: ['report', 'reporting', 'period', 'invoice', 'payment'],
  },
];

const MONTH = `(?:${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;
const ORDINAL = '(?:\\s?(?:st|nd|rd|th|t h|s t|n d|r d))?';
/** A day written as an ordinal word ("the twelfth day of March, 2003"), hyphen or space inside ("twenty first"). */
const DAY_WORD = `(?:${Object.keys(ORDINAL_WORDS)
  .sort((a, b) => b.length - a.length)
  .map((word) => word.replace('-', '[- ]'))
  .join('|')})`;
/** "April 4, 2016", "4th day of April, 2016", "30 November, 1994", "9/4/12", "2015-03-01" (on folded text). */
const DATE_SOURCE = [
  `${MONTH}\\s+\\d{1,2}${ORDINAL},?\\s*\\d{4}`,
  `\\d{1,2}${ORDINAL}\\s+(?:(?:day\\s+)?of\\s+)?${MONTH},?\\s+(?:in\\s+the\\s+year\\s+)?\\d{4}`,
  `${DAY_WORD}\\s+(?:day\\s+)?of\\s+${MONTH},?\\s+(?:in\\s+the\\s+year\\s+)?\\d{4}`,
  '\\d{4}-\\d{1,2}-\\d{1,2}',
  '\\d{1,2}[/.-]\\d{1,2}[/.-](?:\\d{4}|\\d{2})',
]
  .map((form) => `(?<![\\p{L}\\p{N}])${form}(?![\\p{L}\\p{N}])`)
  .join('|');
const DATE = new RegExp(DATE_SOURCE, 'gu');

const EFFECTIVE_BEFORE = /\b(?:effective|commenc\w*|with effect|start\w*|begin\w*|effective date)\b[^.;]{0,40}$/;
const EFFECTIVE_AFTER = /^[\s,]*\(?\s*(?:the\s+|this\s+)?["“”']?(?:effective|commencement|start) date/;
const MADE_BEFORE = /\b(?:dated|made|entered into|executed|signed|concluded)\b[^.;]{0,40}$/;
const AS_OF_BEFORE = /\b(?:as of(?: this| the)?|this)$/;
const MADE_AFTER = /^[\s,]*\(?\s*(?:the\s+|this\s+)?["“”']?(?:agreement|execution|signature|contract) date/;
const ENDS_BEFORE =
  /\b(?:expir\w*|terminate\w*|until|through|ending|end\w*(?: at [^.;]{0,30}?)? on|expiration date|expiry date|end date)\b[^.;]{0,40}$/;
/** A time of day ("11:59 p.m.", "5 pm") before an end date: its stops end no sentence. */
const TIME_OF_DAY = /\b\d{1,2}(?:[:.]\d{2})?\s*[ap]\.?\s?m\b\.?/g;
const DEADLINE_BEFORE = /\b(?:prior to|before|after|following|later than|earlier than)\s*$/;
/** Between the two dates of a range ("March 4, 2011 - March 3, 2014", "from D to and including D"). */
const RANGE_SEPARATOR = '\\s*(?:[-–—]|\\bto\\b(?:\\s+and\\s+including\\b)?|\\bthrough\\b)\\s*';
/** A sentence or label that states the agreement's period: a range of dates in it is the term's start and end. */
const PERIOD_SENTENCE = /\b(?:term|duration|valid\w*|period of (?:this|the) agreement|in (?:full )?(?:force|effect))\b/;
const TERM_SENTENCE = /\b(?:term|agreement|expire|expiration|contract)\b/;
/**
 * The agreement's own open end: "in perpetuity", "indefinitely", "until terminated", "until it is
 * terminated", "until either party terminates it", "until cancelled", "until its termination in
 * accordance with ...", "shall be indefinite", "of indefinite duration", "has no fixed term".
 */
const PERPETUAL =
  /\b(?:this agreement|the term|the agreement)\b[^.;]{0,120}?\b(?:in perpetuity|perpetual\w*|indefinitely|until (?:(?:it|this agreement|the agreement) is |such time as (?:it|this agreement|the agreement) is )?(?:terminated|cancell?ed)|until (?:either|any|one|a) party terminates|until (?:its )?termination (?:in accordance with|pursuant to|as provided|under|hereunder|by (?:either|any|one|a|the) part\w*)|(?:end|expire|terminate)s? (?:only )?when terminated|(?:for |of )?an? (?:unlimited|indefinite) (?:period|term|duration)|(?:shall be|is) (?:of )?(?:unlimited|indefinite)(?: duration)?|no fixed (?:term|duration|end))\b/g;
/** "This Agreement shall terminate ... upon either party giving 120 days written notice": it ends only when a party ends it. */
const ENDS_BY_NOTICE =
  /\b(?:this agreement|the term(?: of this agreement)?)\b[^.;]{0,80}?\b(?:shall|will) (?:end|terminate|expire)\b[^.;]{0,120}?\b(?:upon|following|after|on)\b[^.;]{0,100}?\bnotice\b/g;
const PERPETUAL_GRANT = /\bperpetual\b/;
/** Obligations or a duty of confidence that last for ever. */
const PERPETUAL_OBLIGATIONS =
  /\b(?:obligations?|duty|duties)\b[^.;]{0,100}?\b(?:in perpetuity|perpetual(?:ly)?|indefinitely|for an? (?:unlimited|indefinite) (?:period|time|duration))\b/g;
/** Below a surviving period's weak statement of the term (0.5). */
const PERPETUAL_TERM_CONFIDENCE = 0.45;

const ENGLISH_WORD = new RegExp(`\\b(?:${ENGLISH_CONTRACT_WORDS.join('|')})\\b`, 'g');
const MIN_ENGLISH_WORDS = 5;
/** "01.02.2020": the dotted numeric dates of day-first countries. */
const DOTTED_DATE = /(?<![\d.])\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2})(?![\d.])/;

/**
 * Month-first when the document's numeric dates say so, or when its English prose writes "April 4,
 * 2016", or when nothing decides and the document is an English contract with no sign of a
 * day-first country.
 */
export function proseDateOrder(model: DocumentModel, folded: string): DateOrder {
  if (model.dateOrder === 'mdy') return 'mdy';
  let dayFirstNumeric = 0;
  for (const match of folded.matchAll(/(?<!\d)(\d{1,2})[/-](\d{1,2})[/-](?:\d{4}|\d{2})(?!\d)/g)) {
    if (Number(match[1]) > 12 && Number(match[2]) <= 12) dayFirstNumeric++;
  }
  if (dayFirstNumeric > 0) return 'dmy';
  const monthFirst = folded.match(
    /\b(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+\d{1,2},?\s+\d{4}/g,
  );
  const dayFirst = folded.match(
    /\b\d{1,2}\s+(?:january|february|march|april|may|june|july|august|september|october|november|december),?\s+\d{4}/g,
  );
  const named = (monthFirst?.length ?? 0) - (dayFirst?.length ?? 0);
  if (named !== 0) return named > 0 ? 'mdy' : 'dmy';
  // Nothing in the dates decides: an English contract with no sign of a day-first country ("9/4/12",
  // no "£", "VAT" or "United Kingdom") writes the month first, as United States contracts do; so does
  // one that names United States states ("an Idaho corporation", "the State of Idaho") more often than
  // it names day-first countries (a party "incorporated in New Zealand").
  const english = (folded.match(ENGLISH_WORD)?.length ?? 0) >= MIN_ENGLISH_WORDS;
  const dayFirstSigns = signalCount(folded, DAY_FIRST_SIGNALS);
  const american = dayFirstSigns === 0 || (folded.match(UNITED_STATES_SIGNAL)?.length ?? 0) > dayFirstSigns;
  return english && !DOTTED_DATE.test(folded) && american ? 'mdy' : 'dmy';
}

const US_STATE = `(?:${UNITED_STATES_STATES.join('|')})`;
/** "the State of Idaho", "Commonwealth of Kentucky", "a Delaware corporation", "a Texas limited liability company". */
const UNITED_STATES_SIGNAL = new RegExp(
  `\\b(?:(?:state|commonwealth) of ${US_STATE}\\b|${US_STATE} (?:corporation|limited liability company|limited partnership|general partnership)\\b)`,
  'g',
);

/** Words of contract prose that no invoice or receipt repeats: a document with several of them is an agreement. */
const CONTRACT_WORD = /\b(?:shall|agreement|party|parties)\b/g;
const MIN_CONTRACT_WORDS = 5;

/**
 * The order the label readers read numeric dates in ("Effective Date: 04/05/2021"): an agreement's
 * own, as its prose dates are read; any other document's from its unambiguous dates (day-first when none).
 */
export function labelDateOrder(model: DocumentModel): DateOrder {
  const folded = foldSameLength(model.prose.text);
  const agreement = (folded.match(CONTRACT_WORD)?.length ?? 0) >= MIN_CONTRACT_WORDS;
  return agreement ? proseDateOrder(model, folded) : model.dateOrder;
}

interface Stated {
  readonly relation: Relation;
  readonly confidence: number;
}

function statementsAbout(text: string, folded: string, start: number, end: number, opening: boolean): Stated[] {
  // Sentences end at a capital, so their bounds are read from the text as printed.
  const [from, to] = sentenceBounds(text, start, end);
  // "shall expire at 11:59 p.m. on D": the time's letters are blanked, keeping offsets.
  const before = folded
    .slice(Math.max(from, start - 120), start)
    .replace(TIME_OF_DAY, (time) => ' '.repeat(time.length));
  const after = folded.slice(end, Math.min(to, end + 60));
  const stated: Stated[] = [];
  // "if terminated prior to June 17, 2003": a date before which something happens is no end.
  const ends = DEADLINE_BEFORE.test(before) ? null : ENDS_BEFORE.exec(before);
  const starts = EFFECTIVE_BEFORE.exec(before);
  // "begins on the Effective Date and continues until D": the nearer verb says what D is.
  const endsNearer = ends !== null && (starts === null || ends.index > starts.index);
  const effective = (starts !== null && !endsNearer) || EFFECTIVE_AFTER.test(after);
  // "as of April 4, 2016", "on this 22nd day of August, 2013": in the opening, the day the agreement is made.
  const made = MADE_BEFORE.test(before) || MADE_AFTER.test(after) || (opening && AS_OF_BEFORE.test(before.trimEnd()));
  // The opening states the agreement's own effective date; a later one may be another agreement's (an exhibit's).
  if (effective) stated.push({ relation: 'effective_date', confidence: opening ? 0.95 : 0.9 });
  if (made) stated.push({ relation: 'agreement_date', confidence: opening ? 0.95 : 0.8 });
  // The opening's one date is both: an agreement takes effect when it is made unless it says otherwise.
  if (opening && made && !effective) stated.push({ relation: 'effective_date', confidence: 0.6 });
  if (opening && effective && !made) stated.push({ relation: 'agreement_date', confidence: 0.6 });
  if (!effective && !made && endsNearer && TERM_SENTENCE.test(folded.slice(from, to))) {
    stated.push({ relation: 'expiration_date', confidence: 0.85 });
  }
  // "Term: March 4, 2011 - March 3, 2014", "the term is from D to D": the period's first date starts it, the last ends it.
  if (stated.length === 0 && PERIOD_SENTENCE.test(folded.slice(from, to))) {
    if (RANGE_END.test(before)) stated.push({ relation: 'expiration_date', confidence: 0.8 });
    else if (RANGE_START.test(after)) stated.push({ relation: 'effective_date', confidence: 0.7 });
  }
  return stated;
}

/** The text before a range's last date ends with its first date and the separator; the text after its first date starts with them. */
const RANGE_END = new RegExp(`(?:${DATE_SOURCE})${RANGE_SEPARATOR}$`, 'u');
const RANGE_START = new RegExp(`^${RANGE_SEPARATOR}(?:${DATE_SOURCE})`, 'u');

/** A line above a cover's date is short or ends its sentence; a longer one going on wraps a sentence onto the date's line. */
const MAX_COVER_LINE_CHARS = 60;

/** The prose offset `start` lies on no wrapped sentence's last line: the line above is no long line going on. */
function onCoverLine(model: DocumentModel, start: number): boolean {
  const line = model.lines[model.prose.lineAt[start] ?? -1];
  const column = model.prose.columnAt[start] ?? 0;
  // Read by cells, so blocks printed side by side count as short lines.
  const cellAt = (index: number) =>
    model.lines[index]?.cells.find(
      (cell) => cell.start <= column && column < cell.start + Math.max(cell.text.length, 1),
    );
  if (!line) return false;
  const above = cellAt(line.index - 1)?.text.trim() ?? '';
  return above.length <= MAX_COVER_LINE_CHARS || /[.;:]$/.test(above);
}

/** Parties and dates are stated in the opening; a date there with no verb is most likely the agreement's. */
const OPENING_CHARS = 2500;

/** "twelfth day of March, 2003" -> "12 day of March, 2003". */
function withDayDigits(text: string): string {
  const words = /^(\p{L}+)(?:[- ](\p{L}+))?/u.exec(text);
  if (!words) return text;
  const pair = words[2] === undefined ? undefined : `${words[1]}-${words[2]}`.toLowerCase();
  const word = pair !== undefined && ORDINAL_WORDS[pair] !== undefined ? words[0] : (words[1] ?? '');
  const day = ORDINAL_WORDS[word.toLowerCase().replace(' ', '-')];
  return day === undefined ? text : `${day}${text.slice(word.length)}`;
}

/** Lines printed the same at the top or foot of several pages (a running header or footer), by index: what they date is the filing or the print, not the agreement. */
function runningLines(model: DocumentModel): Set<number> {
  const seen = new Map<string, number[]>();
  for (const line of model.lines) {
    const text = line.text.trim().replace(/\s+/g, ' ');
    // A running line stands at the top or the foot of its page.
    const edge = line.rankOnPage < PAGE_EDGE_LINES || line.rankOnPage >= line.linesOnPage - PAGE_EDGE_LINES;
    if (text.length < MIN_RUNNING_CHARS || !edge) continue;
    const indices = seen.get(text);
    if (indices) indices.push(line.index);
    else seen.set(text, [line.index]);
  }
  const running = new Set<number>();
  for (const indices of seen.values()) if (indices.length > 1) for (const index of indices) running.add(index);
  return running;
}

/** Shorter repeated lines ("Date: 1/2/2020" under two signatures) may be the agreement's own. */
const MIN_RUNNING_CHARS = 24;
const PAGE_EDGE_LINES = 3;

function proseDates(model: DocumentModel, folded: string, signed: boolean): Candidate[] {
  const order = proseDateOrder(model, folded);
  const candidates: Candidate[] = [];
  const running = runningLines(model);
  let first = true;
  DATE.lastIndex = 0;
  for (let match = DATE.exec(folded); match; match = DATE.exec(folded)) {
    if (running.has(model.prose.lineAt[match.index] ?? -1)) continue;
    const text = model.prose.text.slice(match.index, match.index + match[0].length);
    const value = parseDate(
      withDayDigits(text)
        .replace(/(\d)\s?(?:s t|n d|r d|t h)\b/g, '$1')
        .replace(/\s+(?:day\s+)?of\s+/i, ' '),
      order,
    );
    if (!value) continue;
    const start = match.index;
    const end = start + match[0].length;
    const opening = start < OPENING_CHARS;
    const stated = statementsAbout(model.prose.text, folded, start, end, opening);
    // The opening's first date with no verb (a cover's date) is the agreement's, and weakly the day it takes effect.
    // An opening that defers to the signatures' dates has no such cover date; a date inside a sentence
    // ("shall refresh its price list by May 31, 2008") is no cover's.
    const cover = onCoverLine(model, start);
    if (stated.length === 0 && opening && first && !signed && cover) {
      stated.push({ relation: 'agreement_date', confidence: 0.4 });
      stated.push({ relation: 'effective_date', confidence: 0.35 });
    }
    first = false;
    for (const statement of stated.length > 0 ? stated : [{ relation: '', confidence: 0.6 }]) {
      candidates.push(
        proseCandidate(model.prose, {
          kind: 'date',
          value,
          start,
          end,
          kindConfidence: statement.confidence,
          // Each statement is its own candidate, so ranking weighs "effective as of" above "dated".
          relations: statement.relation === '' ? [] : [statement.relation],
        }),
      );
    }
  }
  return candidates;
}

/** "perpetual" (or another word for an open end, `value`) read from `start`..`end` of the prose, stating `relation`. */
function perpetual(
  model: DocumentModel,
  start: number,
  end: number,
  confidence: number,
  relation: Relation,
  value = 'perpetual',
): Candidate {
  return proseCandidate(model.prose, {
    kind: 'text',
    value,
    start,
    end,
    kindConfidence: confidence,
    relations: [relation],
  });
}

/**
 * The term of an agreement that ends only when a party ends it: "until terminated". The weakest
 * statement of a term: any period the text states (how long the obligations survive) wins over it.
 */
function untilTerminated(model: DocumentModel, start: number, end: number): Candidate {
  return perpetual(model, start, end, UNTIL_TERMINATED_CONFIDENCE, 'term', UNTIL_TERMINATED);
}

const UNTIL_TERMINATED_CONFIDENCE = 0.3;

/** The term's value for an agreement without a fixed end that a party may end. */
const UNTIL_TERMINATED = 'until terminated';

function perpetualTerms(model: DocumentModel, folded: string): Candidate[] {
  const ends: Candidate[] = [];
  const terms: Candidate[] = [];
  // "The Recipient's obligations of confidentiality shall continue in perpetuity": the term the obligations run,
  // though the agreement itself may end (no expiration).
  for (const match of folded.matchAll(PERPETUAL_OBLIGATIONS))
    terms.push(perpetual(model, match.index, match.index + match[0].length, PERPETUAL_TERM_CONFIDENCE, 'term'));
  for (const match of folded.matchAll(PERPETUAL)) {
    const end = match.index + match[0].length;
    ends.push(perpetual(model, match.index, end, 0.6, 'expiration_date'));
    // "The duties under this Agreement are perpetual", "in perpetuity": the term itself, weaker than any stated period.
    if (/perpetu/.test(match[0])) terms.push(perpetual(model, match.index, end, PERPETUAL_TERM_CONFIDENCE, 'term'));
    // "shall remain in effect until terminated by either party": the term runs until a party ends it.
    if (/(?:terminat\w*|cancell?ed)(?: \w+)*$/.test(match[0]) && !/perpetu|indefinite|unlimited|fixed/.test(match[0]))
      terms.push(untilTerminated(model, match.index, end));
  }
  for (const match of folded.matchAll(ENDS_BY_NOTICE)) {
    const end = match.index + match[0].length;
    ends.push(perpetual(model, match.index, end, 0.5, 'expiration_date'));
    terms.push(untilTerminated(model, match.index, end));
  }
  // A perpetual grant ("a perpetual, worldwide license") says less of the agreement's own end.
  const grant = PERPETUAL_GRANT.exec(folded);
  if (grant && ends.length === 0)
    ends.push(perpetual(model, grant.index, grant.index + grant[0].length, 0.3, 'expiration_date'));
  return [...ends, ...terms];
}

/** The most confident candidate stating `relation`, earliest first among equals. */
function strongest(candidates: readonly Candidate[], relation: Relation): Candidate | undefined {
  let best: Candidate | undefined;
  for (const candidate of candidates) {
    if (!candidate.relations.includes(relation)) continue;
    if (!best || candidate.kindConfidence > best.kindConfidence) best = candidate;
  }
  return best;
}

/** `iso` plus a duration ("5 years", "18 months", "90 days"): the same day that many units later, the month's last day when it has no such day. */
export function addDuration(iso: string, duration: string): string | null {
  const [year, month, day] = iso.split('-').map(Number);
  const parsed = /^(\d+) (day|week|month|year)s?$/.exec(duration);
  if (!parsed || year === undefined || month === undefined || day === undefined) return null;
  const count = Number(parsed[1]);
  const unit = parsed[2];
  if (unit === 'day' || unit === 'week') {
    const date = new Date(Date.UTC(year, month - 1, day + count * (unit === 'week' ? 7 : 1)));
    return date.toISOString().slice(0, 10);
  }
  const months = year * 12 + (month - 1) + (unit === 'year' ? count * 12 : count);
  const targetYear = Math.floor(months / 12);
  const targetMonth = (months % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${targetYear}-${pad(targetMonth)}-${pad(Math.min(day, lastDay))}`;
}

/** The term's own statement ("for a term of five (5) years") is read at 0.8 or above by the durations generator. */
const MIN_TERM_CONFIDENCE = 0.8;
/** A term counted from a later event ("three (3) years from the first commercial sale") is read at 0.75. */
const MIN_COUNTED_TERM_CONFIDENCE = 0.75;

/**
 * An end the text implies without printing it: the effective date plus the term ("for a term of
 * five (5) years from the Effective Date"), weaker than an end date the text states.
 */
function derivedExpiration(model: DocumentModel, dates: readonly Candidate[]): Candidate[] {
  if (strongest(dates, 'expiration_date')) return [];
  const term = strongest(durationGenerator.generate(model), 'term');
  // "one (1) year from the date first above written": counted from the agreement's own date, not from a later start.
  const fromMade = term !== undefined && countsFromAgreementDate(model, term);
  const start =
    (fromMade ? strongest(dates, 'agreement_date') : undefined) ??
    (term ? startInTermSentence(model, dates, term) : undefined) ??
    strongest(dates, 'effective_date');
  // A weak statement of the term (a period that outlasts the agreement) implies no end.
  if (!start || !term || term.kindConfidence < MIN_COUNTED_TERM_CONFIDENCE) return [];
  if (typeof start.value !== 'string' || typeof term.value !== 'string') return [];
  const value = addDuration(start.value, term.value);
  if (!value) return [];
  // A term counted from a later event ("twelve months after the Launch") ends, as far as the text dates it, that long after the start: a weaker end.
  const confidence = term.kindConfidence >= MIN_TERM_CONFIDENCE ? 0.7 : 0.5;
  return [{ ...term, kind: 'date', value, kindConfidence: confidence, relations: ['expiration_date'] }];
}

/** The offset in the prose stream where `candidate` starts; -1 when it is read from no prose. */
function proseOffset(model: DocumentModel, candidate: Candidate): number {
  const { lineAt, columnAt } = model.prose;
  // The stream runs through the lines in order: the first character of the candidate's line is found by halving.
  let low = 0;
  let high = lineAt.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((lineAt[middle] ?? 0) < candidate.span.line) low = middle + 1;
    else high = middle;
  }
  for (let index = low; index < lineAt.length && lineAt[index] === candidate.span.line; index++) {
    if (columnAt[index] === candidate.span.start) return index;
  }
  return -1;
}

/**
 * "The term shall commence on April 1, 2010 and continue for five (5) years": a start the term's
 * own sentence dates ("commence on", "beginning", "effective", "from" before the date) counts the
 * term, whatever date the opening calls effective.
 */
function startInTermSentence(
  model: DocumentModel,
  dates: readonly Candidate[],
  term: Candidate,
): Candidate | undefined {
  if (term.layout !== 'prose') return undefined;
  const at = proseOffset(model, term);
  if (at < 0) return undefined;
  const text = model.prose.text;
  const [from, to] = sentenceBounds(text, at, at + term.raw.length);
  const firstLine = model.prose.lineAt[from] ?? 0;
  const lastLine = model.prose.lineAt[Math.max(from, to - 1)] ?? 0;
  for (const date of dates) {
    if (date.kind !== 'date' || date.layout !== 'prose') continue;
    if (date.span.line < firstLine || date.span.line > lastLine) continue;
    const offset = proseOffset(model, date);
    if (offset < from || offset >= to) continue;
    if (TERM_START_BEFORE.test(foldSameLength(text.slice(from, offset)))) return date;
  }
  return undefined;
}

const TERM_START_BEFORE = /\b(?:commenc\w*|begin\w*|start\w*|effective|from)\b[^.;]{0,40}$/;

/** After a term: "from the date first above written", "from the date hereof", "after the date of this Agreement". */
const FROM_AGREEMENT_DATE =
  /^\s*(?:\(\d+\)\s*)?(?:years?|months?|days?)?\s*(?:from|after|following)\s+the\s+date\s+(?:first\s+(?:above|written)|(?:here)?(?:in)?above\s+written|hereof|of\s+this\s+agreement|written\s+above)/;

/** The term's period is counted from the agreement's own date, as the words after it say. */
function countsFromAgreementDate(model: DocumentModel, term: Candidate): boolean {
  const line = model.lines[term.span.endLine]?.text ?? '';
  const after = `${line.slice(term.span.end)} ${model.lines[term.span.endLine + 1]?.text.trim() ?? ''}`;
  return FROM_AGREEMENT_DATE.test(after.toLowerCase().replace(/\s+/g, ' '));
}

/** Whole months from `from` to `to` (ISO dates), an end the day before an anniversary reaching it; null when not whole. */
export function wholeMonthsBetween(from: string, to: string): number | null {
  const [fromYear = 0, fromMonth = 0] = from.split('-').map(Number);
  const [toYear = 0, toMonth = 0] = to.split('-').map(Number);
  const months = (toYear - fromYear) * 12 + (toMonth - fromMonth);
  const dayAfter = addDuration(to, '1 day');
  for (const count of [months, months + 1]) {
    if (count < 1) continue;
    const end = addDuration(from, `${count} months`);
    if (end === to || end === dayAfter) return count;
  }
  return null;
}

/**
 * The term the text states through its start and its end ("commence on September 1, 2012 and expire on
 * June 30, 2013"): the whole years or months between them, weaker than a term the text states.
 */
function derivedTerm(model: DocumentModel, dates: readonly Candidate[]): Candidate[] {
  const end = strongest(dates, 'expiration_date');
  const start = strongest(dates, 'effective_date');
  if (!end || !start || typeof end.value !== 'string' || typeof start.value !== 'string') return [];
  if (end.kindConfidence < MIN_TERM_CONFIDENCE) return [];
  const stated = strongest(durationGenerator.generate(model), 'term');
  if (stated && stated.kindConfidence >= MIN_TERM_CONFIDENCE) return [];
  const months = wholeMonthsBetween(start.value, end.value);
  if (months === null) return [];
  const value = months % 12 === 0 ? formatDuration(months / 12, 'year') : formatDuration(months, 'month');
  return [{ ...end, kind: 'duration', value, kindConfidence: 0.6, relations: ['term'] }];
}

/** "effective as of the date of the last signature below", "the latest date of signature", "the later of the dates signed", "enters into force upon signature by both parties", "the date it is signed by the last party": the effective date is the last signature's. */
const LAST_SIGNATURE =
  /\b(?:(?:date|day) of (?:the )?(?:last|final|later) signature|(?:date|day) (?:on which )?(?:this agreement is |it is )?last (?:signed|executed)|last (?:date of )?signature(?: date)? below|last (?:date|day) (?:signed|executed)\b|(?:date|day) last (?:written|signed|set forth) below|(?:date|day) (?:(?:on|upon) which |when )?(?:this agreement|it) (?:is|has been) fully (?:executed|signed)|(?:latest|later|last) (?:date|day) of (?:signature|execution)|later of the (?:two )?(?:dates|signature dates)\b[^.;]{0,40}?\bsign\w*|(?:date|day) (?:(?:on|upon) which )?(?:this agreement|it) (?:is|has been) (?:signed|executed) by (?:both|all)(?: of the)? parties|(?:upon|on) (?:its |their )?(?:signature|execution|signing) by (?:both|all)(?: of the)? parties|(?:signed|executed|signature|execution) by the last (?:party|of the parties|to sign)\b)\b/;

/**
 * "This Agreement shall become effective on the signing date", "enters into force upon its
 * execution": wherever the term clause says so, the agreement takes effect when it is signed.
 */
const EFFECTIVE_ON_SIGNING =
  /\b(?:this|the) (?:[a-z]+ ){0,2}agreement (?:shall |will )?(?:become|becomes|be|is|enter|enters|come|comes) (?:effective|into force|into effect) (?:on|upon|as of|from) (?:the )?(?:signing date|date of (?:its )?(?:signing|signature|execution)|(?:its )?(?:signing|signature|execution))\b/;

/** '"Effective Date" means the date of last signature on this Agreement': a definition, wherever the definitions stand. */
const EFFECTIVE_DATE_DEFINITION = /["“”']effective date["“”']\s+(?:shall\s+)?mean/g;

function signedByDefinition(folded: string): boolean {
  for (const definition of folded.matchAll(EFFECTIVE_DATE_DEFINITION)) {
    const end = definition.index + definition[0].length;
    if (LAST_SIGNATURE.test(folded.slice(end, end + 120).split(/[.;]/)[0] ?? '')) return true;
  }
  return false;
}

/**
 * An opening whose date is a blank to fill in ("entered into as of ____________, 20___", "this ___
 * day of ________"): the agreement takes effect when it is signed, as when it says so.
 */
const BLANK_DATE =
  /\b(?:as of|dated|made on|entered into on|effective)\s+(?:this\s+|the\s+)?(?:_{3,}|\[\s*(?:date|[•●])?\s*\])|\b(?:this|the)\s+_{2,}\s+day\s+of\b/i;

/** A signature block's lines: "By:", "Name:", "Title:", "Signature:", "/s/", a signature rule, "IN WITNESS WHEREOF" over the place and date. */
const SIGNATURE_MARK = /^\s*(?:By|Name|Title|Signature|Signed|Its)\s*:|^\s*in witness whereof\b|\/s\/|_{5,}/i;
/** Lines under a signature mark a block's date may stand on ("By: ____" / "Name:" / "Title:" / "Date: ..."). */
const SIGNATURE_BLOCK_LINES = 5;

/** The indices of the lines a signature block may print its date on: a "Date:" line, or a line at most a few under a signature mark. */
function signatureBlockLines(model: DocumentModel): Set<number> {
  const lines = new Set<number>();
  for (const line of model.lines) {
    const marked = line.cells.some((cell) => SIGNATURE_MARK.test(cell.text));
    if (!marked) continue;
    for (let next = line.index; next <= line.index + SIGNATURE_BLOCK_LINES; next++) lines.add(next);
  }
  return lines;
}

/** A date the opening defines as the Effective Date: 'February 7, 2013 ("Effective Date")'. */
const EFFECTIVE_DATE_DEFINED = /^[\s,]*\(\s*(?:the\s+|this\s+)?["“”']effective date["“”']/;

/**
 * When the opening defines its Effective Date by a date ('dated as of February 7, 2013 ("Effective
 * Date")'), another date said to be effective ('the License Agreement ... with effective date of
 * February 6, 2013' in an exhibit, a price change's) is no effective date of this agreement.
 */
function definedEffectiveDate(folded: string, dates: readonly Candidate[]): Candidate[] {
  const defined = dates.find(
    (date) => date.relations.includes('effective_date') && definesEffectiveDate(folded, date.raw),
  );

  if (!defined) return [...dates];
  return dates.map((date) =>
    date.value !== defined.value && date.relations.includes('effective_date')
      ? { ...date, relations: date.relations.filter((relation) => relation !== 'effective_date') }
      : date,
  );
}

/** The date printed as `raw` is followed, somewhere in the opening, by its definition as the Effective Date. */
function definesEffectiveDate(folded: string, raw: string): boolean {
  const printed = raw.toLowerCase();
  for (let at = folded.indexOf(printed); at >= 0 && at < OPENING_CHARS; at = folded.indexOf(printed, at + 1)) {
    const end = at + printed.length;
    if (EFFECTIVE_DATE_DEFINED.test(folded.slice(end, end + 40))) return true;
  }
  return false;
}

/** The relations a signature's date states only when the opening dates the agreement in no other way. */
const OPENING_RELATIONS: readonly Relation[] = ['agreement_date', 'effective_date'];
/** An opening's own statement of its date ("dated March 12, 1999", "effective as of ..."). */
const OPENING_STATEMENT_CONFIDENCE = 0.9;

/**
 * When the opening dates the agreement ("This Agreement dated April 18, 2002"), the dates of the
 * signature blocks ("Dated: 7/21/04" beside "By:") are when each party signed: they state neither
 * the agreement's date nor its effective date.
 */
function withoutSignatureDates(model: DocumentModel, dates: readonly Candidate[]): Candidate[] {
  const blocks = signatureBlockLines(model);
  const dated = dates.some(
    (date) =>
      !blocks.has(date.span.line) &&
      date.kindConfidence >= OPENING_STATEMENT_CONFIDENCE &&
      date.relations.some((relation) => OPENING_RELATIONS.includes(relation)),
  );
  if (!dated) return [...dates];
  return dates.map((date) =>
    blocks.has(date.span.line) && date.relations.some((relation) => OPENING_RELATIONS.includes(relation))
      ? { ...date, relations: date.relations.filter((relation) => !OPENING_RELATIONS.includes(relation)) }
      : date,
  );
}

/**
 * The effective date an opening defers to the signatures ("effective as of the date of the last
 * signature below"): the latest date printed after it that states nothing else.
 */
function lastSignature(model: DocumentModel, dates: readonly Candidate[]): Candidate[] {
  const latest = latestDate(dates, signatureBlockLines(model), false);
  if (!latest) return [];
  return [
    { ...latest, kindConfidence: 0.97, relations: ['effective_date'] },
    { ...latest, kindConfidence: 0.9, relations: ['agreement_date'] },
  ];
}

/**
 * The latest date no end: of the signature blocks' lines when they print any (a date in the text,
 * "starting on November 1", is no signature's), else of all the dates unless `blocksOnly`.
 */
function latestDate(
  dates: readonly Candidate[],
  blocks: ReadonlySet<number>,
  blocksOnly: boolean,
): Candidate | undefined {
  const signed = dates.filter((date) => blocks.has(date.span.line));
  let latest: Candidate | undefined;
  for (const date of signed.length > 0 || blocksOnly ? signed : dates) {
    if (date.kind !== 'date' || typeof date.value !== 'string') continue;
    if (date.relations.some((relation) => relation === 'expiration_date')) continue;
    if (!latest || date.value > String(latest.value)) latest = date;
  }
  return latest;
}

/** An agreement dated nowhere else is made when the last party signs it: weaker than any date the text states. */
function signedWhenUndated(model: DocumentModel, dates: readonly Candidate[]): Candidate[] {
  if (dates.some((date) => date.relations.includes('agreement_date'))) return [];
  const latest = latestDate(dates, signatureBlockLines(model), true);
  if (!latest) return [];
  return [
    { ...latest, kindConfidence: 0.5, relations: ['agreement_date'] },
    { ...latest, kindConfidence: 0.45, relations: ['effective_date'] },
  ];
}

export const proseDateGenerator: CandidateGenerator = {
  name: 'prose-dates',
  relations: PROSE_DATE_RELATIONS,
  generate(model: DocumentModel): Candidate[] {
    // Rules of dashes or underscores (underlined words in text exports) are blanked, keeping offsets.
    const folded = foldSameLength(model.prose.text).replace(/[-_]{3,}/g, (rule) => ' '.repeat(rule.length));
    const opening = model.prose.text.slice(0, OPENING_CHARS);
    const signed =
      LAST_SIGNATURE.test(folded.slice(0, OPENING_CHARS)) ||
      BLANK_DATE.test(opening) ||
      signedByDefinition(folded) ||
      EFFECTIVE_ON_SIGNING.test(folded);
    const printed = proseDates(model, folded, signed);
    const unsigned = signed ? [] : withoutSignatureDates(model, definedEffectiveDate(folded, printed));
    const dates = signed
      ? [...printed, ...lastSignature(model, printed)]
      : [...unsigned, ...signedWhenUndated(model, unsigned)];
    return [
      ...dates,
      ...derivedExpiration(model, dates),
      ...derivedTerm(model, dates),
      ...perpetualTerms(model, folded),
    ];
  },
};
