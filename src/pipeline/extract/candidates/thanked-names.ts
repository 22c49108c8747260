import { GREETING_PHRASES, THANKS_NAMING_PHRASES, THANKS_UNNAMED_WORDS } from '../lexicon/letterhead.js';
import type { DocumentModel, ModelLine } from '../model/document-model.js';
import type { Candidate } from './candidate.js';
import {
  candidate,
  hasWholeWord,
  LOGO_SCRAP_LETTERS,
  lettersOf,
  MAX_LINES,
  SHORT_NAME_LETTERS,
  TRADING,
} from './issuer-names.js';
import { endsLetterhead } from './letterhead-lines.js';
import { hasAnyPhrase, phraseText } from './phrase-match.js';

const THANKS_NAMING = new RegExp(
  `(?:${THANKS_NAMING_PHRASES.map((phrase) => phrase.replace(/ /g, '[\\s,]+')).join('|')})[\\s,:]+` +
    // The name: up to the end of its sentence, or a wide gap before another column.
    `([\\p{L}\\d&'’#][^!?\\n]*?)\\s*(?:[!?.](?:\\s|$)|\\s{3,}|$)`,
  'iu',
);
/** Words of a name a thanks gives, at most. */
const THANKS_NAME_WORDS = 5;
/**
 * A name the thanks at the foot of a receipt gives is the shop's own word for itself: surer than a
 * letterhead line without a legal form or a trade (OCR's scrap of a logo, a branch's town), less
 * sure than a legal name. It counts as the letterhead's.
 */
const THANKS_NAME_CONFIDENCE = 0.85;

/** The shop a thanks or a welcome names ("THANK YOU FOR SHOPPING AT MAPLE'S", "WELCOME TO MAJU MART"), on any line. */
export function thankedNames(model: DocumentModel): Candidate[] {
  const found: Candidate[] = [];
  for (const line of model.lines.slice(0, MAX_LINES)) {
    // (A cheap test first: the full pattern is tried only on lines that thank.)
    if (line.block < 0 || !/thank|welcome|datang|bienven|willkommen/i.test(line.text)) continue;
    const match = line.text.slice(0, 400).match(THANKS_NAMING);
    const name = match?.[1]?.trim().replace(/[\s,;:]+$/, '');
    if (!match || !name) {
      const under = nameUnderThanks(model, line);
      if (under) found.push(under);
      continue;
    }
    const words = name.split(/\s+/);
    const first = phraseText(name).trim().split(' ')[0] ?? '';
    if (words.length > THANKS_NAME_WORDS || lettersOf(name) < 2 || THANKS_UNNAMED_WORDS.has(first)) continue;
    const start = (match.index ?? 0) + match[0].indexOf(name);
    found.push(candidate(line, name, start, start + name.length, THANKS_NAME_CONFIDENCE, true, TRADING));
  }
  return found;
}

/** Lines a thanks's name may stand under it, blank lines apart. */
const THANKS_NAME_GAP = 2;

/**
 * A thanks that ends its line ("THANK YOU FOR SHOPPING AT") names the shop on the next line: its
 * first cell, when it is a short name (not a date, amount, phone or label with a number).
 */
function nameUnderThanks(model: DocumentModel, line: ModelLine): Candidate | null {
  const words = phraseText(line.text);
  if (!THANKS_NAMING_PHRASES.some((phrase) => words.endsWith(` ${phrase} `))) return null;
  const next = model.lines
    .slice(line.index + 1, line.index + 1 + THANKS_NAME_GAP)
    .find((below) => below.text.trim() !== '');
  const cell = next?.cells[0];
  if (!next || !cell) return null;
  const name = cell.text.trim().replace(/[\s,;:!.]+$/, '');
  const first = phraseText(name).trim().split(' ')[0] ?? '';
  if (name.split(/\s+/).length > THANKS_NAME_WORDS || THANKS_UNNAMED_WORDS.has(first)) return null;
  // (A closing line, "PLEASE COME AGAIN", or a scrap OCR read, "FE o", names nothing.)
  if (hasAnyPhrase(phraseText(name), GREETING_PHRASES) || endsLetterhead(name)) return null;
  if (lettersOf(name) < LOGO_SCRAP_LETTERS || (!hasWholeWord(name) && name !== name.toUpperCase())) return null;
  const start = cell.start + cell.text.indexOf(name);
  return candidate(next, name, start, start + name.length, THANKS_NAME_CONFIDENCE, true, TRADING);
}

/**
 * A thanks that names the shop in more words than the letterhead's name line, starting with it
 * ("BERGDORF" over a scrap, "THANK YOU FOR SHOPPING AT" / "BERGDORF GOODMAN"), gives the whole
 * name the logo set over several lines: the letterhead supports it.
 */
export function completingLetterhead(thanked: readonly Candidate[], letterhead: readonly Candidate[]): Candidate[] {
  const starts = letterhead
    .filter((name) => typeof name.value === 'string' && lettersOf(name.value) >= SHORT_NAME_LETTERS)
    .map((name) => phraseText(name.value as string));
  return thanked.map((name) => {
    const words = phraseText(String(name.value));
    return starts.some((start) => words.length > start.length && words.startsWith(start))
      ? { ...name, support: 1 }
      : name;
  });
}
