import type { Located } from './evidence.js';
import { QUESTION_FILLER_WORDS, SPELLING_VARIANTS } from './lexicon/clause-words.js';
import { type DocumentModel, streamSpan } from './model/document-model.js';
import { type JsonObject, spacedPropertyName } from './schema-fields.js';
import { contentWords } from './text-tokens.js';

/**
 * A yes/no property that asks whether the document contains a kind of clause ("Is there an
 * exclusive dealing commitment?", `audit_rights`): yes when a sentence uses the words of its name
 * (or most of its question's words), no when a long prose document never does.
 */

/** Words this long are matched by their first STEM letters: "exclusive", "exclusivity", "exclusively". */
const STEM = 6;
/** A document with fewer sentences is not prose enough for "never mentioned" to mean no. */
const MIN_SENTENCES_FOR_NO = 40;
const MAX_SENTENCES = 20_000;

function term(word: string): string {
  const folded = SPELLING_VARIANTS[word] ?? word;
  return folded.length >= STEM ? folded.slice(0, STEM) : folded;
}

function terms(text: string): string[] {
  return [...new Set(contentWords(text).filter((word) => !QUESTION_FILLER_WORDS.has(word) && !/^\d+$/.test(word)))].map(
    term,
  );
}

function isQuestion(schema: JsonObject): boolean {
  return typeof schema.description === 'string' && /\?\s*$/.test(schema.description.trim());
}

function hasTerm(words: ReadonlySet<string>, wanted: string): boolean {
  if (wanted.length < STEM) return words.has(wanted);
  for (const word of words) if (word.startsWith(wanted)) return true;
  return false;
}

export function clausePresence(model: DocumentModel, key: string, schema: JsonObject): Located | undefined {
  if (!isQuestion(schema)) return undefined;
  const named = terms(spacedPropertyName(key));
  const asked = terms(String(schema.description)).filter((word) => !named.includes(word));
  if (named.length === 0) return undefined;
  const text = model.prose.text;
  let sentences = 0;
  let best: { score: number; start: number; end: number } | null = null;
  for (const match of text.matchAll(/[^.;!?]+[.;!?]?/g)) {
    if (++sentences > MAX_SENTENCES) break;
    const words = new Set(contentWords(match[0]).map((word) => SPELLING_VARIANTS[word] ?? word));
    const hasName = named.every((wanted) => hasTerm(words, wanted));
    const questionWords = asked.filter((wanted) => hasTerm(words, wanted)).length;
    const score = (hasName ? 2 : 0) + questionWords / Math.max(3, asked.length);
    if (hasName && (named.length > 1 || questionWords > 0)) {
      if (!best || score > best.score) best = { score, start: match.index, end: match.index + match[0].length };
    }
  }
  if (best) {
    return {
      value: true,
      span: streamSpan(model.prose, best.start, best.end),
      confidence: Math.min(0.85, 0.45 + 0.15 * best.score),
    };
  }
  return sentences >= MIN_SENTENCES_FOR_NO ? { value: false, span: null, confidence: 0.4 } : undefined;
}
