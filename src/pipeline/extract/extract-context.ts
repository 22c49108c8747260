import { type DocumentLines, findLabel, type LabelMatch, type LineRange } from './document-lines.js';
import type { DateOrder } from './parse-values.js';
import type { HintLabels } from './prompt-hints.js';
import type { AddressWindow } from './recipient-window.js';
import type { JsonObject, LabelVariant, ValueType } from './schema-fields.js';

/** What the extraction readers share: the indexed document, and how a label and its value sit on a line. */

export const MAX_ADDRESS_LINES = 4;

export interface Context {
  readonly document: DocumentLines;
  readonly dateOrder: DateOrder;
  /** How often each property name occurs in the schema's objects: "name" under vendor and customer is 2. */
  readonly keyCounts: ReadonlyMap<string, number>;
  /** Email properties in the whole schema: with exactly one, any address in the document is its value. */
  readonly emailFields: number;
  /** String properties per kind (phone, uri, currency...) in the whole schema, for unlabelled values. */
  readonly kindCounts: ReadonlyMap<string, number>;
  /** The document's text, for values read from the whole of it (its currency). */
  readonly text: string;
  /** Extra labels per property name, quoted for it in the type's promptHints. */
  readonly hintLabels: HintLabels;
  /** Where an unprefixed label may stand (a party's own sections), when not anywhere in its range. */
  readonly labelArea?: (line: number, column: number) => boolean;
  /** The letter's address window (sender line over the recipient's block), when the first page has one. */
  readonly window?: AddressWindow | null;
}

export interface Field {
  readonly key: string;
  readonly schema: JsonObject;
  readonly type: ValueType | null;
  readonly variants: readonly LabelVariant[];
}

/** Where unprefixed labels are looked for: `null` the whole document, `false` nowhere. */
export type PlainRange = LineRange | null | false;

/** `null` range: the whole document; `false`: unprefixed labels are not looked for at all. */
export function rangeFor(variant: LabelVariant, plainRange: PlainRange): PlainRange {
  return variant.prefixed ? null : plainRange;
}

export function matchesOf(context: Context, field: Field, plainRange: PlainRange): LabelMatch[] {
  return field.variants.flatMap((variant) => {
    const range = rangeFor(variant, plainRange);
    if (range === false) return [];
    const found = findLabel(context.document, variant, range ?? undefined);
    const area = variant.prefixed ? undefined : context.labelArea;
    return area ? found.filter((match) => area(match.line, match.start)) : found;
  });
}

/** At the start of a line or a column, or after a clause number or bullet ("2. Term:"). */
export function startsCell(context: Context, match: LabelMatch): boolean {
  const line = context.document.lines[match.line] ?? '';
  // Only the few characters before the label matter; reading no more keeps long lines linear.
  const before = line.slice(Math.max(0, match.start - CELL_START_LOOKBACK), match.start);
  const lineStart = match.start <= CELL_START_LOOKBACK && /^\s*((\d+(\.\d+)*[.)]|[-*•·▪◦])\s*)?$/.test(before);
  // A bar, a bullet or a spaced dash between the parts of a one-line footer or sender line ends a cell too.
  return lineStart || /(\s{2}|[|│]|\s[·•▪●–-]\s)\s*$/.test(before);
}

const CELL_START_LOOKBACK = 40;

/** How much of a line after a label is read for its value. */
const MAX_AFTER_LABEL = 400;

export interface LabelCell {
  /** The line after the label and its separator (at most MAX_AFTER_LABEL characters). */
  readonly after: string;
  /** Where `after` starts in the line. */
  readonly afterStart: number;
  readonly colon: boolean;
  /** Words between the label and its value ("Total due (EUR): 12"). */
  readonly intervening: boolean;
  /** Where the label's own cell ends. */
  readonly cellEnd: number;
  /** The value is in the next column ("Label      value"). */
  readonly gap: boolean;
}

/** Where the label's cell ends and how its value is introduced: `Label: value`, `Label   value`, `Label value`. */
export function labelCell(line: string, match: LabelMatch): LabelCell {
  // Only the text near a label can be its value: bounding it keeps a very long line linear.
  const raw = line.slice(match.end, match.end + MAX_AFTER_LABEL);
  const after = raw.replace(/^\./, '');
  const offset = match.end + raw.length - after.length;
  // "Is the patient hospitalized? ☑ No": a question is a label too.
  const direct = after.match(/^\s*[:：=?]/);
  if (direct) {
    const rest = after.slice(direct[0].length);
    const cellEnd = offset + direct[0].length;
    return { after: rest, afterStart: cellEnd, colon: true, intervening: false, cellEnd, gap: false };
  }
  const rest = after.match(/^(\S+(?:\s\S+)*)?/)?.[0] ?? '';
  if (rest === '') {
    return {
      after,
      afterStart: offset,
      colon: false,
      intervening: false,
      cellEnd: offset,
      gap: /^\s{2,}\S/.test(after),
    };
  }
  const colonAt = rest.search(/[:：](\s|$)/);
  if (colonAt > 0 && rest.slice(0, colonAt).trim().split(/\s+/).length <= 4 && !/\d/.test(rest.slice(0, colonAt))) {
    const cellEnd = offset + colonAt + 1;
    return {
      after: after.slice(colonAt + 1),
      afterStart: cellEnd,
      colon: true,
      intervening: true,
      cellEnd,
      gap: false,
    };
  }
  return { after, afterStart: offset, colon: false, intervening: false, cellEnd: offset, gap: false };
}

/** A value cell stops where the next `Label:` begins: "INV-7 Date: 2024-01-02" is "INV-7". */
export function cutAtNextLabel(text: string): string {
  // A label's words hold no long figure: "OR 97034 Bill Date:" is a postcode, then the label.
  const next = text.search(/\s(?=\p{L}(?:[\p{L} .#º°/-]|(?<!\p{N})\p{N}{1,2}(?!\p{N})){0,30}[:：](\s|$))/u);
  return (next > 0 ? text.slice(0, next) : text).trim();
}
