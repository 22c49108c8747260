import {
  AFTER_JURISDICTION_WORDS,
  CHOICE_OF_LAW_VERBS,
  FEDERATIONS,
  GOVERNING_LAW_LABELS,
  JURISDICTION_UNITS,
  LAW_ADJECTIVES,
} from '../lexicon/contract-words.js';
import { escapeRegExp } from '../lexicon/escape-regexp.js';
import type { DocumentModel } from '../model/document-model.js';
import type { Candidate, CandidateGenerator, RelationSpec } from './candidate.js';
import { proseCandidate, sentenceBounds } from './prose-text.js';

/**
 * The law a contract chooses ("governed by and construed in accordance with the laws of the State
 * of New York" -> "New York", "the laws of England and Wales", "Delaware law") and, as a weaker
 * statement, where its disputes go ("the courts of Manitoba"). Incorporation ("a corporation
 * organized under the laws of Delaware") is not a choice of law: a choice needs its verb.
 */

export const GOVERNING_LAW_RELATIONS: readonly RelationSpec[] = [
  {
    relation: 'governing_law',
    // "governing_state": the state whose law governs.
    propertyPhrases: [
      'governing law',
      'governing',
      'governed',
      'applicable law',
      'choice of law',
      'jurisdiction',
      'law of',
      'law',
    ],
  },
  {
    relation: 'venue',
    propertyPhrases: ['jurisdiction', 'venue', 'forum', 'courts', 'court', 'dispute resolution'],
    excludedBy: ['governing law', 'applicable law'],
  },
];

const UNIT = `(?:${JURISDICTION_UNITS.join('|')})`;
/** "the laws of the State of X"; a text layer may lose the space in capitals ("THE STATEOF DELAWARE"). */
const LAWS_OF = new RegExp(
  `(?<![\\p{L}-])laws?\\s+(?:in force\\s+)?(?:of|in)\\s+(?:the\\s+)?(?:${UNIT}\\s*of\\s+)?`,
  'giu',
);
/** "governed by Swiss law", "subject to the application of the Austrian law": an adjective or a name before "law". */
const X_LAW =
  /\b(?:by|under|with|subject to|(?:application|provisions?) of)\s+(?:the\s+)?((?:\p{Lu}[\p{L}'’.-]*\s+){1,3})(?:laws?|Laws?|LAWS?)\b/gu;
const COURTS_OF = new RegExp(
  `\\b(?:courts?|tribunals?|arbitration)\\s+(?:located\\s+|sitting\\s+|situated\\s+|seated\\s+|held\\s+)?(?:in|of|within|for)\\s+(?:the\\s+)?(?:(?:${UNIT}|county|city|borough)\\s+of\\s+)?`,
  'giu',
);
/** After the law's name: "shall govern", "will govern", "govern", "shall apply", "shall control". */
const GOVERN_AFTER = /^[\s,.]*(?:(?:shall|will|must|to|exclusively|solely)\s+){0,2}(?:govern|apply|control)\b/i;
const CHOICE_VERB = new RegExp(`\\b(?:${CHOICE_OF_LAW_VERBS.join('|')})\\b`, 'i');
const VENUE_WORDS = /\b(?:jurisdiction|venue|forum|submit|arbitrat|dispute|action|suit|proceeding|litigation)/i;
/** "Lane County, Oregon", "the County of Pima, Arizona": the state after a county is the jurisdiction. */
const COUNTY_THEN_STATE =
  /^(?:[\p{Lu}][\p{L}'’.-]*\s+)+County,\s+|^County\s+of\s+[\p{Lu}][\p{L}'’.-]*(?:\s+[\p{Lu}][\p{L}'’.-]*)*,\s+/u;
const AFTER_NAME: ReadonlySet<string> = new Set(AFTER_JURISDICTION_WORDS);
const NAME_WORD = /^(?:\p{Lu}[\p{L}'’.-]*|of|and)$/u;

/** The jurisdiction's name at the start of `text`: capitalised words joined by "of"/"and" ("England and Wales"). */
export function jurisdictionName(text: string): string | null {
  const head = text.slice(0, 80);
  const tokens = head.match(/[^\s,;:()"“”]+|[,;:()"“”]/g) ?? [];
  // In capitals a lower-case word no longer ends the name; the function words that follow it do.
  const capitals = head.slice(0, 24).toUpperCase() === head.slice(0, 24);
  const name: string[] = [];
  for (const [index, token] of tokens.entries()) {
    if (!NAME_WORD.test(token) || name.length >= 6) break;
    const folded = token.toLowerCase().replace(/[.'’]+$/, '');
    const inCapitals = capitals || (token.length > 1 && token === token.toUpperCase());
    if (inCapitals && name.length > 0 && AFTER_NAME.has(folded) && folded !== 'and') break;
    if (inCapitals && folded === 'and' && AFTER_NAME.has((tokens[index + 1] ?? '').toLowerCase())) break;
    name.push(token);
    // A period after a whole word ends the sentence ("Kansas."); "U.S." and "St." do not.
    if (/\p{L}{3,}\.$/u.test(token) && !/\./.test(token.slice(0, -1))) break;
  }
  while (name.length > 0 && /^(?:of|and)$/i.test(name[name.length - 1] ?? '')) name.pop();
  const value = name.join(' ').replace(/[.,]$/, '');
  return value.length >= 2 && /\p{Lu}/u.test(value) ? value : null;
}

/** ", Canada" or "and the federal laws of Canada" after a province's name. */
const FEDERATION_AFTER = new RegExp(
  `^\\s*(?:,\\s*|\\s+and\\s+(?:the\\s+)?federal\\s+laws?\\s+of\\s+)(${FEDERATIONS.join('|')})(?![\\p{L}])`,
  'iu',
);

/** A province's name with the federation printed after it ("Ontario, Canada"); any other name as printed. */
function withFederation(name: string, after: string): string {
  const federation = FEDERATION_AFTER.exec(after)?.[1];
  if (!federation || name.toLowerCase() === federation.toLowerCase()) return name;
  return `${name}, ${FEDERATIONS.find((country) => country.toLowerCase() === federation.toLowerCase())}`;
}

const UNITED_STATES = /^(?:the\s+)?(?:United\s+States(?:\s+of\s+America)?|U\.S\.A?\.?|USA)$/i;
/** After the United States: "and the State of New York", "and the laws of the Commonwealth of Kentucky". */
const AND_STATE_OF =
  /^\s*,?\s*and\s+(?:the\s+)?(?:(?:internal\s+)?laws\s+of\s+(?:the\s+)?)?(?:state|commonwealth)\s+of\s+/i;

/** "the laws of the United States and the State of New York": the state's law is the one chosen ("New York"). */
function stateAfterUnion(name: string, after: string): string | null {
  if (!UNITED_STATES.test(name)) return null;
  const and = AND_STATE_OF.exec(after);
  return and ? jurisdictionName(after.slice(and[0].length)) : null;
}

/** A jurisdiction named at `start` of the prose stream, stating `relation`. */
function placeCandidate(
  model: DocumentModel,
  name: string,
  start: number,
  confidence: number,
  relation: string,
  printedLength = name.length,
): Candidate {
  return proseCandidate(model.prose, {
    kind: 'place',
    value: name,
    start,
    end: start + printedLength,
    kindConfidence: confidence,
    relations: [relation],
  });
}

function governingLaw(model: DocumentModel): Candidate[] {
  const text = model.prose.text;
  const candidates: Candidate[] = [];
  for (const pattern of [LAWS_OF, X_LAW]) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const [from] = sentenceBounds(text, match.index, match.index + match[0].length);
      const lead = text.slice(Math.max(from, match.index - 160), match.index);
      if (/\b(?:organi[sz]ed|incorporated|existing|formed)\b[^,;]{0,40}$/i.test(lead)) continue;
      // "the laws of Manitoba and the federal laws of Canada applicable therein": the federation's law is read with the province's.
      if (/\band\s+(?:the\s+)?federal\s+$/i.test(lead)) continue;
      const start = pattern === X_LAW ? match.index + match[0].indexOf(match[1] ?? '') : match.index + match[0].length;
      const printed = jurisdictionName(pattern === X_LAW ? (match[1] ?? '') : text.slice(start));
      if (!printed) continue;
      // "Austrian Law" in a heading's capitals; "Applicable Laws" is a defined term, no jurisdiction's law.
      if (pattern === X_LAW && !/law/.test(match[0].slice(-4)) && !LAW_ADJECTIVES[printed.toLowerCase()]) continue;
      // "The laws of the State of Oregon shall rule this Agreement": the verb may follow the name.
      const governs = GOVERN_AFTER.test(text.slice(start + printed.length, start + printed.length + 60));
      // "subject to Swiss law": the match's own words may be the choice's verb.
      if (!CHOICE_VERB.test(`${lead}${text.slice(match.index, start)}`) && !governs) continue;
      // "English law" is the law of England and Wales; "Delaware law" names its state.
      const name =
        (pattern === X_LAW && LAW_ADJECTIVES[printed.toLowerCase()]) ||
        stateAfterUnion(printed, text.slice(start + printed.length, start + printed.length + 80)) ||
        withFederation(printed, text.slice(start + printed.length, start + printed.length + 80));
      const strong = governs || /\b(?:governed|construed|interpreted|governing law)\b/i.test(lead);
      candidates.push(placeCandidate(model, name, start, strong ? 0.9 : 0.7, 'governing_law', printed.length));
    }
  }
  return candidates;
}

/** "Governing Law: the State of Delaware" at the start of a line: a choice of law stated by its label. */
const LAW_LABEL = new RegExp(
  `^\\s*(?:\\d+(?:\\.\\d+)*\\.?\\s+)?(?:${GOVERNING_LAW_LABELS.map(escapeRegExp).join('|')})\\s*[:：]\\s*(?:the\\s+)?(?:(?:laws?\\s+of\\s+)(?:the\\s+)?)?(?:${UNIT}\\s+of\\s+)?`,
  'iu',
);
/** What may follow the name in a label's value: nothing, or a country after a comma. */
const LABEL_VALUE_END = /^\s*(?:[.;]|,\s*\p{Lu}[\p{L} ]*\.?)?\s*$/u;
/** Lines read for a labelled choice of law: a term sheet or a cover page states it early. */
const MAX_LABEL_LINES = 400;

function labelledLaw(model: DocumentModel): Candidate[] {
  const candidates: Candidate[] = [];
  for (const line of model.lines.slice(0, MAX_LABEL_LINES)) {
    const label = LAW_LABEL.exec(line.text);
    if (!label) continue;
    const start = label[0].length;
    const rest = line.text.slice(start);
    const name = jurisdictionName(rest);
    // The label's value is the name alone ("Delaware", "New South Wales, Australia"), not a sentence.
    if (!name || !LABEL_VALUE_END.test(rest.slice(rest.indexOf(name) + name.length))) continue;
    candidates.push({
      kind: 'place',
      value: name,
      raw: name,
      span: { line: line.index, start, endLine: line.index, end: start + name.length },
      kindConfidence: 0.85,
      layout: 'same-line',
      relations: ['governing_law'],
      labelWords: [],
    });
  }
  return candidates;
}

/** Where disputes go, with the jurisdiction whose law that place stands for: the state after a city ("Eugene, Oregon" -> "Oregon"). */
interface Venue {
  readonly candidate: Candidate;
  readonly law: string | null;
}

/** A body that hears disputes, not a place ("the International Chamber of Commerce", "the American Arbitration Association"). */
const INSTITUTION = /\b(?:Chamber|Association|Institute|Cent(?:re|er)|Commission|Council|Court|Rules)\b/;

function venues(model: DocumentModel): Venue[] {
  const text = model.prose.text;
  const found: Venue[] = [];
  COURTS_OF.lastIndex = 0;
  for (let match = COURTS_OF.exec(text); match; match = COURTS_OF.exec(text)) {
    const start = match.index + match[0].length;
    const [from, to] = sentenceBounds(text, match.index, start);
    if (!VENUE_WORDS.test(text.slice(from, to))) continue;
    const county = COUNTY_THEN_STATE.exec(text.slice(start, start + 80));
    const at = start + (county?.[0].length ?? 0);
    const name = jurisdictionName(text.slice(at));
    if (!name) continue;
    const beyond = /^,\s*/.exec(text.slice(at + name.length, at + name.length + 4));
    const region = beyond ? jurisdictionName(text.slice(at + name.length + beyond[0].length)) : null;
    const law = region ?? name;
    found.push({
      candidate: placeCandidate(model, name, at, 0.6, 'venue'),
      law: INSTITUTION.test(law) ? null : law,
    });
  }
  return found;
}

/** Below any stated choice of law (0.7 and above); above the venue's own name (0.6), so "jurisdiction" reads "California", not "San Jose". */
const VENUE_AS_LAW_CONFIDENCE = 0.62;

/** No choice of law: the place whose courts the parties submit to is the one jurisdiction the agreement names, a weak statement of its law. */
function venuesAsLaw(venues: readonly Venue[]): Candidate[] {
  return venues.flatMap(({ candidate, law }) =>
    law === null
      ? []
      : [{ ...candidate, value: law, kindConfidence: VENUE_AS_LAW_CONFIDENCE, relations: ['governing_law'] }],
  );
}

export const governingLawGenerator: CandidateGenerator = {
  name: 'governing-law',
  relations: GOVERNING_LAW_RELATIONS,
  generate: (model) => {
    const chosen = [...governingLaw(model), ...labelledLaw(model)];
    const courts = venues(model);
    return [...chosen, ...courts.map((venue) => venue.candidate), ...(chosen.length > 0 ? [] : venuesAsLaw(courts))];
  },
};
