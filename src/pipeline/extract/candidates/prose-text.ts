import { ABBREVIATIONS_IN_NAMES } from '../lexicon/contract-words.js';
import { type ProseStream, streamSpan } from '../model/document-model.js';
import type { Candidate, CandidateKind, Relation } from './candidate.js';

/**
 * Helpers for generators that read relations in prose: the sentence around a match, bounded so
 * that work per match stays constant, and a candidate located in the prose stream.
 */

/** Sentences longer than this are cut: a relation is stated within a few lines of its value. */
const MAX_SENTENCE_CHARS = 600;

/** Start and end of the sentence around [start, end) in the stream, at most MAX_SENTENCE_CHARS either side. */
export function sentenceBounds(text: string, start: number, end: number): [number, number] {
  let from = start;
  const floor = Math.max(0, start - MAX_SENTENCE_CHARS);
  while (from > floor && !isSentenceEnd(text, from - 1)) from--;
  let to = end;
  const ceiling = Math.min(text.length, end + MAX_SENTENCE_CHARS);
  while (to < ceiling && !isSentenceEnd(text, to)) to++;
  return [from, to];
}

const CLOSING_QUOTE = /["”’]/;
const ABBREVIATED: ReadonlySet<string> = new Set(ABBREVIATIONS_IN_NAMES);

/**
 * A period or semicolon followed by a space and a capital or digit ends a sentence, also inside a
 * closing quote ('referred to as "Lessee." Lessor'); "Inc." does not.
 */
function isSentenceEnd(text: string, at: number): boolean {
  // The quote after a stop ends the sentence, not the stop inside it.
  const quoted = CLOSING_QUOTE.test(text[at] ?? '') && text[at - 1] === '.';
  const stop = quoted ? at - 1 : at;
  const char = text[stop];
  if (char !== '.' && char !== ';') return false;
  if (!quoted && char === '.' && CLOSING_QUOTE.test(text[at + 1] ?? '')) return false;
  if (text[at + 1] !== ' ') return at + 1 >= text.length;
  const next = text[at + 2] ?? '';
  if (!/[\p{Lu}\d(]/u.test(next)) return false;
  if (char === ';') return true;
  const word = text.slice(Math.max(0, stop - 8), stop).match(/[\p{L}.]+$/u)?.[0] ?? '';
  // A single capital ("John F. Smith", "B.V.") or an abbreviation in a name ("Inc.", "Sdn.") does not end the sentence.
  return !/^(?:\p{L}|\p{L}\.\p{L}(?:\.\p{L})*)$/u.test(word) && !ABBREVIATED.has(word.toLowerCase());
}

/**
 * The text folded (lower case, accents removed) character by character, keeping its length so
 * that offsets found in the folded copy are offsets in the original.
 */
export function foldSameLength(text: string): string {
  const whole = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  if (whole.length === text.length) return whole;
  let folded = '';
  for (const char of text) {
    const simple = char
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase();
    folded +=
      simple.length === char.length ? simple : char.toLowerCase().length === char.length ? char.toLowerCase() : char;
  }
  return folded;
}

export interface ProseValue {
  readonly kind: CandidateKind;
  readonly value: unknown;
  readonly start: number;
  readonly end: number;
  readonly kindConfidence: number;
  readonly relations: readonly Relation[];
}

/** A candidate read from prose, its span mapped back to the document's lines. */
export function proseCandidate(prose: ProseStream, found: ProseValue): Candidate {
  return {
    kind: found.kind,
    value: found.value,
    raw: prose.text.slice(found.start, found.end),
    span: streamSpan(prose, found.start, found.end),
    kindConfidence: found.kindConfidence,
    layout: 'prose',
    relations: found.relations,
    labelWords: [],
  };
}
