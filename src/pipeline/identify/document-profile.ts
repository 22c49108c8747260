import { cellsOf, type DocumentLines, indexLines } from '../extract/document-lines.js';
import { foldText, tokenize } from '../extract/text-tokens.js';
import { BUYER_LABELS, KIND_LEXICON, KINDS, type Kind, SIGNATURE_LABELS, TILL_LINES } from './identify-lexicon.js';

/**
 * What a document says it is, read once per identification: its words (for a type's own labels),
 * the kinds its title and its phrases name, and the shape of its lines (a receipt's short lines
 * and till lines, a form's "Label: ___" lines, a contract's prose and signature block).
 */

/** Identification reads the beginning of long documents: what a document is shows early. */
const MAX_TEXT = 30_000;
const HEADING_LINES = 15;
const TITLE_LINES = 12;
const MAX_TITLE_WORDS = 6;
/** Distinct cue phrases that make a kind's phrasing certain. */
const ENOUGH_CUES = 4;
const SHORT_LINE = 45;
const PROSE_WORDS = 9;
const WIDE_LINE = 60;
/** A field line ("Label: value") is short; a colon inside a sentence is not a field. */
const FIELD_WORDS = 12;
/** A till roll prints at most about this many characters a line; a page about twice as many. */
const TILL_WIDTH = 48;
const PAGE_WIDTH = 65;
/** Fewer lines than this say little about the shape of a document. */
const MANY_LINES = 8;
/** A document of more text than this is not a slip or a one-page form, however few its lines. */
const SMALL_TEXT = 8_000;

export interface LayoutMeasures {
  readonly nonEmptyLines: number;
  readonly pages: number;
  /** Shares of non-empty lines, 0..1. */
  readonly shortLines: number;
  readonly proseLines: number;
  /** Share of the characters in prose lines: paragraphs weigh by their length, not as one line each. */
  readonly proseText: number;
  readonly keyValueLines: number;
  readonly amountLines: number;
  /** Lines with a price anywhere: scans often garble what follows it. */
  readonly pricedLines: number;
  /** Lines wider than a till roll prints. */
  readonly wideLines: number;
  /** Where the text's lines end, indentation included: the 9th decile of line widths, in characters. */
  readonly rightEdge: number;
  readonly characters: number;
  /** Share of non-empty lines with a digit: prices, dates, quantities, codes. */
  readonly digitLines: number;
  /** Counts. */
  readonly tillLines: number;
  readonly buyerLines: number;
  readonly signatureLines: number;
  /** Lines opening a numbered clause: "1.", "2.3", "Section 4", "Article IV", "(a)". */
  readonly clauseLines: number;
}

export interface DocumentProfile {
  readonly lines: DocumentLines;
  readonly words: ReadonlySet<string>;
  readonly headingWords: ReadonlySet<string>;
  /** Words of short cells without digits in the heading: titles ("Rechnung", "Purchase Order"), not "Contract No. 7". */
  readonly titleWords: ReadonlySet<string>;
  /** 0..1 per kind: the document names itself so (1 in a title, less lower down or only in passing). */
  readonly titleKinds: ReadonlyMap<Kind, number>;
  /** 0..1 per kind: how many of the kind's phrases the document uses. */
  readonly cueKinds: ReadonlyMap<Kind, number>;
  /** 0..1 per kind: how much the shape of the lines looks like the kind. */
  readonly layoutKinds: ReadonlyMap<Kind, number>;
  readonly layout: LayoutMeasures;
}

/** Lower case, accents folded, every run of non-letters one space, padded: phrases match as " word word ". */
export function phraseText(text: string): string {
  return ` ${foldText(text)
    .replace(/[^\p{L}\p{N}#]+/gu, ' ')
    .trim()} `;
}

/** One pattern per list of phrases, matching any of them between spaces of a `phraseText`. */
function phrasePattern(phrases: readonly string[]): RegExp {
  const words = phrases.map((phrase) => phraseText(phrase).trim().replace(/[#]/g, '\\$&'));
  return new RegExp(` (?:${words.join('|')})(?= )`, 'g');
}

const PHRASES = new Map(
  KINDS.map((kind) => {
    const lexicon = KIND_LEXICON[kind];
    return [kind, { titles: phrasePattern(lexicon.titles), cues: phrasePattern(lexicon.cues) }];
  }),
);
const TILL = phrasePattern(TILL_LINES);
const BUYER = phrasePattern(BUYER_LABELS);
/** "By: ____", "Name:", "Title:": a line of a signature block. */
const SIGNATURE_LINE = new RegExp(`^(${SIGNATURE_LABELS.join('|')})\\b\\s*[:_]`, 'i');

function contains(text: string, pattern: RegExp): boolean {
  pattern.lastIndex = 0;
  return pattern.test(text);
}

/** How many times the pattern occurs in the text, counting up to `enough`. */
function occurrences(text: string, pattern: RegExp, enough: number): number {
  pattern.lastIndex = 0;
  let count = 0;
  while (count < enough && pattern.exec(text)) count++;
  return count;
}

/** The distinct phrases of the pattern the text uses. */
function distinctMatches(text: string, pattern: RegExp): number {
  return new Set(Array.from(text.matchAll(pattern), (match) => match[0])).size;
}

/** "Label: value", "Label: ____", "[ ] option", "DATE_": a line that asks to be filled in. */
const KEY_VALUE =
  /(^\s*|\s{2,})[\p{L}][\p{L}\p{N}#./&'() -]{0,30}[:;](\s|$)|_{3,}|\b\p{Lu}{2,}_|\[\s?[xX]?\s?\]|[☐☑☒]/u;
/** A price closing the line, whatever scan noise follows it ("20.40 |", "5.99 E"). */
const AMOUNT_AT_END = /\d[.,]\d{2}-?\s*[\p{Sc}A-Z]{0,3}[\s|)\]*.,:;'"-]*$/u;
const PRICE = /\d[.,]\d{2}(?!\d)/;
const CLAUSE_LINE =
  /^(\d{1,2}\.(\d{1,2}\.?)*|(Section|SECTION|Article|ARTICLE)\s+[\dIVX]+\.?|\([a-z]{1,3}\))\s+\p{Lu}/u;
const LABEL_PREFIX = /^\s*([\p{L} ]{1,20})[:.]?\s*/u;

function measureLayout(lines: readonly string[], pages: number): LayoutMeasures {
  let nonEmpty = 0;
  let short = 0;
  let prose = 0;
  let keyValue = 0;
  let amounts = 0;
  let priced = 0;
  let wide = 0;
  let till = 0;
  let buyer = 0;
  let signature = 0;
  let clauses = 0;
  let characters = 0;
  let digits = 0;
  let proseCharacters = 0;
  const widths: number[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed.length === 0) continue;
    nonEmpty++;
    characters += trimmed.length;
    if (/\d/.test(trimmed)) digits++;
    widths.push(line.trimEnd().length);
    if (trimmed.length <= SHORT_LINE) short++;
    if (trimmed.length >= WIDE_LINE) wide++;
    const words = trimmed.split(/\s+/).length;
    const hasAmount = AMOUNT_AT_END.test(trimmed);
    if (words >= PROSE_WORDS && !hasAmount && !/\s{3,}/.test(trimmed)) {
      prose++;
      proseCharacters += trimmed.length;
    }
    if (words <= FIELD_WORDS && KEY_VALUE.test(line)) keyValue++;
    if (hasAmount) amounts++;
    if (hasAmount || PRICE.test(trimmed)) priced++;
    if (hasAmount && contains(phraseText(LABEL_PREFIX.exec(trimmed)?.[1] ?? ''), TILL)) till++;
    if (words <= 4 && contains(phraseText(trimmed), BUYER)) buyer++;
    if (words <= 6 && SIGNATURE_LINE.test(trimmed)) signature++;
    if (words >= 4 && !hasAmount && CLAUSE_LINE.test(trimmed)) clauses++;
  }
  const share = (count: number) => (nonEmpty === 0 ? 0 : count / nonEmpty);
  widths.sort((a, b) => a - b);
  return {
    rightEdge: widths[Math.min(widths.length - 1, Math.floor(0.9 * widths.length))] ?? 0,
    characters,
    digitLines: share(digits),
    proseText: characters === 0 ? 0 : proseCharacters / characters,
    nonEmptyLines: nonEmpty,
    pages,
    shortLines: share(short),
    proseLines: share(prose),
    keyValueLines: share(keyValue),
    amountLines: share(amounts),
    pricedLines: share(priced),
    wideLines: share(wide),
    tillLines: till,
    buyerLines: buyer,
    signatureLines: signature,
    clauseLines: clauses,
  };
}

const clamp = (value: number) => Math.max(0, Math.min(1, value));

/** The shape each kind is printed in, from the line measures; kinds without a typical shape score 0. */
function layoutKinds(layout: LayoutMeasures): Map<Kind, number> {
  const small = layout.pages <= 2 && layout.nonEmptyLines <= 150 && layout.characters <= SMALL_TEXT ? 1 : 0;
  const long = clamp((layout.pages - 1) / 4);
  const tillWide = clamp((PAGE_WIDTH - layout.rightEdge) / (PAGE_WIDTH - TILL_WIDTH));
  const pageWide = 1 - tillWide;
  // A slip as narrow as a till roll and full of figures, even when its prices are lost to a poor scan
  // (a verse is as narrow, without figures).
  const narrow = tillWide * clamp(4 * layout.digitLines) * clamp(layout.nonEmptyLines / MANY_LINES);
  // A page of short lines without prices or sentences: fields to fill in, whatever their labels.
  const fields =
    pageWide *
    clamp(layout.nonEmptyLines / MANY_LINES) *
    layout.shortLines *
    (1 - clamp(4 * layout.pricedLines)) *
    (1 - clamp(3 * layout.proseLines));
  return new Map<Kind, number>([
    // Narrow lines, most ending in a price, and the money handed over at the till.
    [
      'receipt',
      small *
        clamp(
          1.5 * Math.max(layout.amountLines, 0.7 * layout.pricedLines) +
            0.4 * layout.shortLines * Math.min(1, 5 * layout.pricedLines) +
            0.3 * Math.min(1, layout.tillLines / 2) +
            0.7 * narrow,
        ),
    ],
    // A buyer's block and wide lines: columns of a page, not a till roll; both on a page of prices
    // (a form has its "Customer:" field too, and no prices).
    [
      'invoice',
      (layout.pages <= 6 ? 1 : 0) *
        clamp(
          0.5 * Math.min(1, layout.buyerLines) * Math.min(1, 5 * layout.pricedLines) +
            1.5 * layout.wideLines * Math.min(1, 5 * layout.amountLines),
        ),
    ],
    // Numbered clauses and a signature block; prose alone is any kind's (a letter, a paper, a recipe).
    ['contract', clamp(0.4 * Math.min(1, layout.signatureLines / 3) + 0.6 * Math.min(1, layout.clauseLines / 8))],
    // Labels and answers, boxes to tick, in short lines: a few lines or paragraphs with colons are no form.
    [
      'form',
      small *
        clamp(3 * layout.shortLines) *
        clamp((0.8 - layout.proseText) / 0.3) *
        clamp(2.5 * layout.keyValueLines + 0.5 * fields),
    ],
    ['annual_report', clamp(2 * layout.proseLines) * long],
  ]);
}

export function documentProfile(text: string, pages: number): DocumentProfile {
  const lines = indexLines(text.slice(0, MAX_TEXT));
  const words = new Set<string>();
  const headingWords = new Set<string>();
  const titleWords = new Set<string>();
  const titleCells: string[] = [];
  const headingText: string[] = [];
  let nonEmpty = 0;
  lines.tokens.forEach((tokens, index) => {
    if (tokens.length > 0) nonEmpty++;
    for (const token of tokens) {
      if (token.stop) continue;
      words.add(token.word);
      if (nonEmpty <= HEADING_LINES) headingWords.add(token.word);
    }
    if (nonEmpty > HEADING_LINES || tokens.length === 0) return;
    const line = lines.lines[index] ?? '';
    headingText.push(phraseText(line));
    for (const cell of cellsOf(line)) {
      const cellTokens = tokenize(cell.text).filter((token) => !token.stop);
      if (cellTokens.length > MAX_TITLE_WORDS) continue;
      if (nonEmpty <= TITLE_LINES) titleCells.push(phraseText(cell.text.replace(/[\d]+.*$/u, '')));
      if (/\d/.test(cell.text)) continue;
      for (const token of cellTokens) titleWords.add(token.word);
    }
  });
  const body = phraseText(lines.lines.join('\n'));
  const titleKinds = new Map<Kind, number>();
  const cueKinds = new Map<Kind, number>();
  for (const kind of KINDS) {
    const phrases = PHRASES.get(kind);
    if (!phrases) continue;
    const inTitle = titleCells.some((cell) => contains(cell, phrases.titles));
    const inHeading = headingText.some((line) => contains(line, phrases.titles));
    const mentions = occurrences(body, phrases.titles, 3);
    titleKinds.set(kind, inTitle ? 1 : inHeading ? 0.6 : mentions >= 3 ? 0.3 : 0);
    const cues = distinctMatches(body, phrases.cues);
    cueKinds.set(kind, Math.min(1, cues / ENOUGH_CUES));
  }
  const layout = measureLayout(lines.lines, pages);
  return { lines, words, headingWords, titleWords, titleKinds, cueKinds, layoutKinds: layoutKinds(layout), layout };
}
