import { spanOn } from '../evidence.js';
import {
  DOCUMENT_KIND_PROPERTY_PHRASES,
  DOCUMENT_KIND_TITLES,
  DOCUMENT_NUMBER_PROPERTY_PHRASES,
} from '../lexicon/document-kinds.js';
import { WORD_SYNONYMS } from '../lexicon/labels.js';
import type { DocumentModel } from '../model/document-model.js';
import { parseDate } from '../parse-values.js';
import { foldText } from '../text-tokens.js';
import type { Candidate, CandidateGenerator, RelationSpec } from './candidate.js';

/**
 * The document's kind, from its title: a cell near the top of the first page that names a kind of
 * document ("Rechnung", "CREDIT NOTE", "Facture N° F-27", "Handelsrechnung Nr. 5823"). The value is
 * the kind in the lexicon's words ("credit note"); the cell as printed is the raw text, so that a
 * code printed beside the title ("Handelsrechnung (380)") stays readable to ranking.
 */

export const DOCUMENT_KIND_RELATIONS: readonly RelationSpec[] = [
  { relation: 'document_kind', propertyPhrases: DOCUMENT_KIND_PROPERTY_PHRASES },
  {
    relation: 'document_number',
    propertyPhrases: DOCUMENT_NUMBER_PROPERTY_PHRASES,
    excludedBy: ['order', 'customer', 'vat', 'tax', 'reference'],
  },
];

/**
 * "Handelsrechnung Nr. 582317 vom 14.09.2019", "Invoice No. 12 of 3 May": the number a title gives
 * in running text. A colon makes the cell a label and its value ("Invoice Number: INV-1"), which the
 * label reader weighs against the other labels of the page; such a cell is no title.
 */
const TITLE_NUMBER = /(?:^|\s)(?:nr|no|n°|nº|#)\.?\s*([\p{L}\p{N}][\p{L}\p{N}./_-]*\p{N}[\p{L}\p{N}./_-]*)/iu;

/** A title is printed among the first lines of the first page. */
const TITLE_LINES = 20;
/** A German compound ending in a title of this many letters or more names that kind ("Handelsrechnung"). */
const COMPOUND_TAIL = 6;

interface KindMatch {
  readonly kind: string;
  /** Letters of the matched title: a longer one names a more precise kind. */
  readonly length: number;
  /** Where in the cell's words the title starts (0: the cell opens with it). */
  readonly at: number;
  /** True when the cell holds nothing but the title. */
  readonly alone: boolean;
}

function wordsOf(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** Words a document's number is labelled with after its kind ("Rechnungs|nummer", "Factuur|nr"). */
const NUMBER_WORDS: ReadonlySet<string> = new Set(['number', ...(WORD_SYNONYMS.number ?? [])].map(foldText));

/** True for a compound of the title and a number word, a linking "s" between them or not. */
function numbered(printed: string, title: string): boolean {
  if (!printed.startsWith(title)) return false;
  const rest = printed.slice(title.length);
  return NUMBER_WORDS.has(rest) || (rest.startsWith('s') && NUMBER_WORDS.has(rest.slice(1)));
}

const TITLES = Object.entries(DOCUMENT_KIND_TITLES).flatMap(([kind, titles]) =>
  titles.map((title) => ({
    kind,
    words: title.split(' '),
    squeezed: title.split(' ').join(''),
    letters: title.split(' ').join('').length,
  })),
);

/** The most precise kind a cell's text names, if any. */
export function documentKindOf(text: string): KindMatch | null {
  const words = wordsOf(text);
  const joined = words.join('');
  let best: KindMatch | null = null;
  for (const title of TITLES) {
    // Every way below of naming the title prints its letters in a row: without them, no match.
    if (!joined.includes(title.squeezed)) continue;
    const length = title.letters;
    let at = -1;
    for (let index = 0; index + title.words.length <= words.length && at < 0; index++) {
      const same = title.words.every((word, offset) => {
        const printed = words[index + offset] ?? '';
        if (printed === word) return true;
        // The last word may be a compound ending in the title ("handelsrechnung", "e-rechnung"),
        // or the title and its number word as one ("rechnungsnummer", "factuurnr").
        return (
          title.words.length === 1 &&
          word.length >= COMPOUND_TAIL &&
          (printed.endsWith(word) || numbered(printed, word))
        );
      });
      if (same) at = index;
    }
    // A title split by a hyphen or a space ("GUTSCHRIFTS-ANZEIGE") is the whole cell.
    if (at < 0 && title.words.length === 1 && joined === title.words[0]) at = 0;
    if (at < 0) continue;
    // A kind compounded with its number word is a label ("Rechnungsnummer", like "Invoice No."), never alone.
    const label = title.words.length === 1 && numbered(words[at] ?? '', title.words[0] ?? '');
    const alone = !label && (joined === title.words.join('') || (at === 0 && words.length === title.words.length));
    if (!best || length > best.length) best = { kind: title.kind, length, at, alone };
  }
  return best;
}

export function documentTitleCandidates(model: DocumentModel): Candidate[] {
  const candidates: Candidate[] = [];
  let seen = 0;
  for (const line of model.lines) {
    if (line.page > 0) break;
    if (line.text.trim() === '') continue;
    if (seen++ >= TITLE_LINES) break;
    for (const cell of line.cells) {
      const match = documentKindOf(cell.text);
      if (!match) continue;
      // A label ending in a colon ("Invoice number:") names a field, not the document.
      const label = /[:：]\s*$/.test(cell.text);
      const confidence = match.alone ? 1 : match.at === 0 ? 0.5 : 0.3;
      candidates.push({
        kind: 'title',
        value: match.kind,
        raw: cell.text,
        span: spanOn(line.index, cell.start, cell.end),
        kindConfidence: label ? confidence / 2 : confidence,
        layout: 'letterhead',
        relations: ['document_kind'],
        labelWords: [],
      });
      if (!label && match.at === 0 && !/[:：]/.test(cell.text)) candidates.push(...titleFacts(model, line.index, cell));
    }
  }
  return candidates;
}

/**
 * The number and the date a title line gives its document ("Rechnung Nr. 4711 vom 05.06.2018"):
 * the title is the label, so they outrank a number or a date printed elsewhere in the header.
 */
function titleFacts(model: DocumentModel, line: number, cell: { text: string; start: number }): Candidate[] {
  const facts: Candidate[] = [];
  const number = TITLE_NUMBER.exec(cell.text);
  if (number?.[1]) {
    const at = cell.start + (number.index ?? 0) + number[0].lastIndexOf(number[1]);
    facts.push({
      kind: 'identifier',
      value: number[1],
      raw: number[1],
      span: spanOn(line, at, at + number[1].length),
      kindConfidence: 0.9,
      layout: 'same-line',
      relations: ['document_number'],
      labelWords: [],
    });
  }
  const rest = number ? cell.text.slice((number.index ?? 0) + number[0].length) : cell.text;
  const date = parseDate(rest, model.dateOrder);
  if (date) {
    const at = cell.start + cell.text.length - rest.length;
    facts.push({
      kind: 'date',
      value: date,
      raw: rest.trim(),
      span: spanOn(line, at, cell.start + cell.text.length),
      kindConfidence: 0.9,
      layout: 'same-line',
      relations: ['document_date'],
      labelWords: ['date'],
    });
  }
  return facts;
}

export const documentTitleGenerator: CandidateGenerator = {
  name: 'document-title',
  relations: DOCUMENT_KIND_RELATIONS,
  generate: documentTitleCandidates,
};
