import {
  BY_DATE_WORDS,
  DAY_WORDS,
  DOCUMENT_DATE_LABELS,
  DUE_DATE_LABELS,
  EARLY_PAYMENT_DISCOUNT_WORDS,
  NET_WORDS,
  OTHER_DATE_LABELS,
  PAYMENT_TERMS_LABELS,
  PAYMENT_WORDS,
  WITHIN_LINKS,
  WITHIN_WORDS,
} from '../lexicon/date-labels.js';
import type { DocumentModel, ModelLine } from '../model/document-model.js';
import type { DateOrder } from '../parse-values.js';
import { foldText } from '../text-tokens.js';
import type { Candidate, CandidateGenerator } from './candidate.js';
import { datesIn, documentDateOrder, labelBefore, plausibleYear } from './dates.js';
import { hasAnyPhrase, labelWordsOf, phraseText } from './phrase-match.js';

/**
 * When an invoice is due: a date under or beside a due-date label ("Fälligkeit", "Due date"), a
 * date a payment sentence binds ("Please remit until 2031-03-15", "zahlbar bis 09.05.2031"), or,
 * when the terms give only a number of days ("zahlbar innerhalb 30 Tagen"), the invoice's date
 * plus those days. A date after an early-payment discount ("3 % Skonto bis 15.03.") is the
 * discount's, not the due date.
 */

const MAX_LINE = 400;
const MAX_TERM_DAYS = 180;
const LABELLED_CONFIDENCE = 0.85;
const SENTENCE_CONFIDENCE = 0.75;
const TERMS_CONFIDENCE = 0.6;

/** The clause a date closes: the text before it since the last comma, semicolon or sentence end. */
function clauseBefore(text: string, start: number): string {
  const before = text.slice(0, start);
  const cut = Math.max(before.lastIndexOf(', '), before.lastIndexOf('; '), before.lastIndexOf('. '));
  return before.slice(cut + 1);
}

/** The sentence a date stands in, up to the date: the text before it since the last sentence end. */
function sentenceBefore(text: string, start: number): string {
  const before = text.slice(0, start);
  return before.slice(before.lastIndexOf('. ') + 1);
}

/** The rest of the clause after a date: up to the next comma, semicolon or sentence end. */
function clauseAfter(text: string, end: number): string {
  const after = text.slice(end);
  const stops = [', ', '; ', '. '].map((stop) => after.indexOf(stop)).filter((at) => at >= 0);
  return after.slice(0, stops.length > 0 ? Math.min(...stops) : after.length);
}

function endsWithAny(words: string, phrases: readonly string[]): boolean {
  return phrases.some((phrase) => words.endsWith(` ${phrase} `));
}

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The invoice's own date: the first date labelled as the document's, else the first not labelled as another kind. */
function invoiceDate(model: DocumentModel, order: DateOrder): string | null {
  let unlabelled: string | null = null;
  for (const line of model.lines) {
    if (line.block < 0) continue;
    for (const date of datesIn(line.text, order)) {
      if (!plausibleYear(date.iso)) continue;
      const label = phraseText(labelBefore(model.lines, line, date.start));
      if (hasAnyPhrase(label, OTHER_DATE_LABELS)) continue;
      if (hasAnyPhrase(label, DOCUMENT_DATE_LABELS)) return date.iso;
      unlabelled ??= date.iso;
    }
  }
  return unlabelled;
}

function candidate(line: ModelLine, start: number, end: number, iso: string, confidence: number, label: string) {
  return {
    kind: 'date' as const,
    value: iso,
    raw: line.text.slice(start, end),
    span: { line: line.index, start, endLine: line.index, end },
    kindConfidence: confidence,
    layout: 'same-line' as const,
    relations: ['due_date'],
    labelWords: labelWordsOf(label),
  };
}

// "innerhalb von 14 Tagen", "within a period of 30 days" read as "innerhalb 14 Tagen".
const WITHIN_DAYS = new RegExp(
  `(?:^| )(?:${WITHIN_WORDS.join('|')}) (?:(?:${WITHIN_LINKS.join('|')}) )?(\\d{1,3}) (?:${DAY_WORDS.join('|')})(?= |$)`,
);

const DAYS = `(\\d{1,3}) (?:${DAY_WORDS.join('|')})`;
// "30 days net", "30 Tage netto".
const DAYS_NET = new RegExp(`(?:^| )${DAYS} (?:${NET_WORDS.join('|')})(?= |$)`);
// "Net 30", "net 30 days": the number not followed by another figure (an amount's cents, "Net 30.00").
const NET_DAYS = new RegExp(`(?:^| )(?:${NET_WORDS.join('|')}) (\\d{1,3})(?= (?!\\d)|$)`);
// "Terms: 30 days", "Zahlungsziel: 14 Tage": a number of days right after the terms' label.
const TERMS_DAYS = new RegExp(`(?:^| )(?:${PAYMENT_TERMS_LABELS.join('|')}) ${DAYS}(?= |$)`);

/** The number of days to pay that a line of payment terms states, or null. */
function termDays(text: string): number | null {
  // Words and numbers, single spaced: "innerhalb 30 Tagen".
  const folded = ` ${foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
  const words = phraseText(text);
  const terms = hasAnyPhrase(words, PAYMENT_TERMS_LABELS);
  if (!terms && !hasAnyPhrase(words, PAYMENT_WORDS) && !DAYS_NET.test(folded)) return null;
  const match =
    folded.match(WITHIN_DAYS) ??
    folded.match(DAYS_NET) ??
    folded.match(TERMS_DAYS) ??
    (terms ? folded.match(NET_DAYS) : null);
  const days = Number(match?.[1]);
  return days > 0 && days <= MAX_TERM_DAYS ? days : null;
}

function dueDates(model: DocumentModel): Candidate[] {
  const order = documentDateOrder(model.lines.map((line) => line.text).join('\n'));
  const found: Candidate[] = [];
  const terms: { line: ModelLine; days: number }[] = [];
  for (const line of model.lines) {
    if (line.block < 0) continue;
    const text = line.text.slice(0, MAX_LINE);
    const dates = datesIn(text, order).filter((date) => plausibleYear(date.iso));
    for (const date of dates) {
      const label = phraseText(labelBefore(model.lines, line, date.start));
      const clause = phraseText(clauseBefore(text, date.start));
      // The discount's date, whether its words come before it ("3 % Skonto bis 22.04.") or after
      // it ("bis 22.04. mit 3 % Skonto").
      if (hasAnyPhrase(clause, EARLY_PAYMENT_DISCOUNT_WORDS)) continue;
      if (hasAnyPhrase(phraseText(clauseAfter(text, date.end)), EARLY_PAYMENT_DISCOUNT_WORDS)) continue;
      const sentence = phraseText(sentenceBefore(text, date.start));
      if (hasAnyPhrase(label, DUE_DATE_LABELS)) {
        found.push(candidate(line, date.start, date.end, date.iso, LABELLED_CONFIDENCE, label));
      } else if (hasAnyPhrase(sentence, PAYMENT_WORDS) && endsWithAny(clause, BY_DATE_WORDS)) {
        found.push(candidate(line, date.start, date.end, date.iso, SENTENCE_CONFIDENCE, clause));
      }
    }
    // Every wording of a term states its days in figures: a line without a digit states none.
    const days = dates.length === 0 && /\p{N}/u.test(text) ? termDays(text) : null;
    if (days !== null) terms.push({ line, days });
  }
  // A date under or beside a due-date label is the due date the invoice states as such; a date the
  // payment terms' prose binds is one only when no label states it.
  const labelled = found.filter((item) => item.kindConfidence === LABELLED_CONFIDENCE);
  if (labelled.length > 0) return labelled;
  if (found.length > 0 || terms.length === 0) return found;
  const issued = invoiceDate(model, order);
  const term = terms[0];
  if (!issued || !term) return found;
  const at = term.line.text.indexOf(String(term.days));
  return [
    candidate(term.line, at, at + String(term.days).length, addDays(issued, term.days), TERMS_CONFIDENCE, 'within'),
  ];
}

export const dueDatesGenerator: CandidateGenerator = {
  name: 'due-dates',
  relations: [
    {
      relation: 'due_date',
      propertyPhrases: ['due date', 'date due', 'payment due', 'due', 'pay by', 'payment deadline'],
    },
  ],
  generate: dueDates,
};
