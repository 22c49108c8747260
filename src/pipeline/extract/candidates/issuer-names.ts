import type { ModelLine } from '../model/document-model.js';
import type { Candidate } from './candidate.js';

/** What the issuer's name readers share: the candidate they propose, its relations, and how a line's letters read. */

/** Lines read for organisations with a legal form: the whole of a long document is not needed. */
export const MAX_LINES = 5000;

/** A name of fewer letters, not in capitals ("Ves", "foo"), is as likely a scrap of a logo read by OCR. */
export const SHORT_NAME_LETTERS = 5;

/**
 * A line of fewer letters than this ("EY", "A") heads no name over two lines; printed alone over
 * a name of several words, it is a scrap of the logo above that name.
 */
export const LOGO_SCRAP_LETTERS = 3;

/** Letters a word of a name has, at least, for a line to read as words rather than pieces. */
export const WHOLE_WORD_LETTERS = 4;

/** One letter three times running ("LLLDE", "eeee") is OCR's reading of a rule or a logo, in no word of a name. */
export const TRIPLED_LETTER = /(\p{L})\1\1/iu;

export function hasWholeWord(text: string): boolean {
  return text.split(/[^\p{L}'’]+/u).some((word) => lettersOf(word) >= WHOLE_WORD_LETTERS && !TRIPLED_LETTER.test(word));
}

export function lettersOf(text: string): number {
  return text.match(/\p{L}/gu)?.length ?? 0;
}

/**
 * The relation of a name the letterhead prints without a legal form: the name the shop trades
 * under, which a property for the store's (not the company's) name prefers to the legal name.
 */
export const TRADING = ['trading_name'];

/**
 * The relation of a name the letterhead prints with its legal form, above any address: the
 * company's legal name, which a property for the company (not the store) prefers to the name
 * the shop trades under ("SHELL STATION ..." over "PETRO MURNI SDN BHD").
 */
export const LEGAL_NAME = ['legal_name'];

export function candidate(
  line: ModelLine,
  value: string,
  start: number,
  end: number,
  confidence: number,
  issuer: boolean,
  extra: readonly string[] = [],
): Candidate {
  return {
    kind: 'organization',
    value,
    raw: line.text.slice(start, end),
    span: { line: line.index, start, endLine: line.index, end },
    kindConfidence: Math.round(confidence * 100) / 100,
    layout: issuer ? 'letterhead' : 'none',
    relations: issuer ? ['issuer', ...extra] : [],
    labelWords: [],
  };
}
