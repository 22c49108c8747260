import { type Located, spanOn } from './evidence.js';
import { QUESTION_FILLER_WORDS, SPELLING_VARIANTS } from './lexicon/clause-words.js';
import { NO_WORDS, YES_WORDS } from './lexicon/yes-no.js';
import { parseBoolean } from './parse-values.js';
import { type JsonObject, spacedPropertyName } from './schema-fields.js';
import { contentWords } from './text-tokens.js';

/**
 * A yes/no property answered on the page by a question or a label and its answer: "Do you smoke?
 * ☐ Yes ☒ No", "Hazardous materials: No". The question is matched to the property by the words of
 * its name and description (a word matches by its first STEM letters: "smoke", "smoker"). A question
 * printed with both options and none ticked ("Hospitalized? Yes No") gives no answer here.
 */

const STEM = 5;
const MAX_LINES = 5_000;
const BOX = String.raw`(?:[☐☑☒□■▣✓✔✅⊠]|\[\s*[xX✓✔]?\s*\]|\(\s*[xX✓✔]?\s*\))`;
const WORD = `(?:${[...YES_WORDS, ...NO_WORDS].join('|')})`;
/** Both options with their boxes or marks ("☐ Yes ☒ No", "Yes [x] No [ ]", "Yes No"). */
const OPTIONS = new RegExp(
  String.raw`(?:${BOX}\s*)?\b${WORD}\b(?:\s*${BOX}|\s+[xX✓✔](?=\s))?\s*(?:${BOX}\s*)?\b${WORD}\b(?:\s*${BOX})?`,
  'giu',
);
const ANY_WORD = new RegExp(String.raw`\b${WORD}\b`, 'iu');
/**
 * One answer word after a colon or a question mark that is the whole value: the line or the cell
 * ends, or the next label starts ("Hazardous: No", "Signed? Yes  Date: ..."); not "Term: No party shall".
 */
const SINGLE = new RegExp(
  String.raw`(?<=[:?]\s*)\b${WORD}\b(?!\s*${BOX})(?=\s*$|\s{2,}|\s*[;|]|\s+\p{Lu}[^:?.]{0,40}[:?])`,
  'giu',
);

function term(word: string): string {
  const folded = SPELLING_VARIANTS[word] ?? word;
  return folded.slice(0, STEM);
}

function termsOf(text: string): Set<string> {
  return new Set(
    contentWords(text)
      .filter((word) => word.length > 1 && !QUESTION_FILLER_WORDS.has(word) && !/^\d+$/.test(word))
      .map(term),
  );
}

interface Answer {
  readonly line: number;
  readonly questionStart: number;
  readonly end: number;
  /** The question's words, as the property's are matched to them. */
  readonly terms: ReadonlySet<string>;
  readonly value: boolean | null;
}

function answersOn(line: string, index: number): Answer[] {
  const sites: { start: number; end: number; value: boolean | null }[] = [];
  for (const match of line.matchAll(OPTIONS)) {
    const start = match.index ?? 0;
    sites.push({ start, end: start + match[0].length, value: parseBoolean(match[0]) });
  }
  for (const match of line.matchAll(SINGLE)) {
    const start = match.index ?? 0;
    if (sites.some((site) => start >= site.start && start < site.end)) continue;
    sites.push({ start, end: start + match[0].length, value: parseBoolean(match[0]) });
  }
  sites.sort((a, b) => a.start - b.start);
  const answers: Answer[] = [];
  let from = 0;
  for (const site of sites) {
    const question = line.slice(from, site.start);
    if (/\p{L}{3}/u.test(question)) {
      answers.push({ line: index, questionStart: from, end: site.end, terms: termsOf(question), value: site.value });
    }
    from = site.end;
  }
  return answers;
}

/** Every question and its answer on the document's lines, read once per document (a schema may ask many yes/no properties). */
const answersByDocument = new WeakMap<readonly string[], readonly Answer[]>();

function documentAnswers(lines: readonly string[]): readonly Answer[] {
  const known = answersByDocument.get(lines);
  if (known) return known;
  const answers: Answer[] = [];
  for (let index = 0; index < Math.min(lines.length, MAX_LINES); index++) {
    const line = lines[index] ?? '';
    if (ANY_WORD.test(line)) answers.push(...answersOn(line, index));
  }
  answersByDocument.set(lines, answers);
  return answers;
}

/** The answer the page prints to the property's question, or undefined. */
export function yesNoAnswer(lines: readonly string[], key: string, schema: JsonObject): Located | undefined {
  const named = termsOf(spacedPropertyName(key));
  const described = typeof schema.description === 'string' ? termsOf(schema.description) : new Set<string>();
  if (named.size === 0) return undefined;
  let best: { answer: Answer; score: number } | null = null;
  for (const answer of documentAnswers(lines)) {
    const words = answer.terms;
    if (words.size === 0 || words.size > 12) continue;
    const byName = [...named].filter((word) => words.has(word)).length;
    const byDescription = [...described].filter((word) => words.has(word)).length;
    // The question must name the property, or share most of its description's words.
    if (byName === 0 && (described.size === 0 || byDescription * 2 < described.size)) continue;
    const score = byName / named.size + byDescription / Math.max(1, described.size) - words.size * 0.01;
    if (!best || score > best.score) best = { answer, score };
  }
  // The best-matching question decides, even unanswered: no weaker match answers in its place.
  if (!best || best.answer.value === null) return undefined;
  const { answer } = best;
  return { value: answer.value, span: spanOn(answer.line, answer.questionStart, answer.end), confidence: 0.7 };
}
