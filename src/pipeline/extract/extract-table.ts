import {
  type Cell,
  cellsOf,
  type DocumentLines,
  findLabel,
  type LabelMatch,
  type LineRange,
} from './document-lines.js';
import type { LineSpan, Located } from './evidence.js';
import { withCleanDescriptions } from './item-descriptions.js';
import { CURRENCY_CODES, NUMERIC_WORD, TOTALS_LINE } from './lexicon/amounts.js';
import {
  CODE_WORDS,
  DESCRIPTION_WORDS,
  PRICE_WORDS,
  QUANTITY_WORDS,
  TABLE_CAPTION_WORDS,
} from './lexicon/field-words.js';
import { type DateOrder, parseNumber } from './parse-values.js';
import { type HintLabels, withHintLabels } from './prompt-hints.js';
import {
  type JsonObject,
  type LabelVariant,
  labelVariants,
  propertiesOf,
  type ValueType,
  valueType,
} from './schema-fields.js';
import { contentWords, foldText, normalizeWord } from './text-tokens.js';
import { typedValue } from './typed-value.js';

/**
 * Arrays of objects from tables: the header line is the line whose cells are the item
 * properties' labels, and each following line is cut into cells by the header's column
 * positions, until a blank gap, a totals line or a line that is not a row.
 */

interface ItemField {
  readonly key: string;
  readonly schema: JsonObject;
  readonly type: ValueType | null;
  readonly variants: readonly LabelVariant[];
}

interface Column {
  readonly start: number;
  readonly end: number;
  readonly field: ItemField | null;
}

interface Header {
  readonly line: number;
  readonly columns: readonly Column[];
  /** Labels separated by single spaces ("Description Qty Price"): rows are probably too. */
  readonly singleSpaced: boolean;
  /** 0..1: how surely this line is the table's header (share of its columns that are item labels). */
  readonly certainty: number;
  /** The description's caption is on the header's second line: each item's name is printed under its figures. */
  readonly namesBelow?: boolean;
}

/** A cell's text with where it runs: a wrapped description spans several lines. */
interface RowCell {
  readonly text: string;
  readonly span: LineSpan;
}

const MAX_ROWS = 1000;
/** Lines under a row (codes, GTINs, notes) or under the header skipped before the next row. */
const MAX_SIDE_LINES = 6;
/** Group headings ("--- Food ---") skipped in one table, before its first row or after a group's subtotal. */
const MAX_GROUP_HEADINGS = 10;

/** The item property that holds its name or description. */
function descriptionKey(fields: readonly ItemField[]): string | undefined {
  return fields.find(
    (field) => !isNumeric(field) && contentWords(field.key).some((word) => DESCRIPTION_WORDS.has(word)),
  )?.key;
}

function isNumeric(field: ItemField | null): boolean {
  return field?.type === 'number' || field?.type === 'integer';
}

export function readTable(
  document: DocumentLines,
  items: JsonObject,
  dateOrder: DateOrder,
  range?: LineRange,
  hints: HintLabels = new Map(),
): Record<string, Located>[] | null {
  const fields: ItemField[] = propertiesOf(items)
    .map(([key, schema]) => ({
      key,
      schema,
      type: valueType(schema),
      variants: withHintLabels(labelVariants(key, schema), hints.get(key)),
    }))
    .filter((field) => field.type !== 'object' && field.type !== 'array');
  if (fields.length === 0) return null;
  const keys = fields.map((field) => field.key);
  const rows: Record<string, Located>[] = [];
  for (const header of findHeaders(document, fields, range)) {
    const read = readRows(
      document,
      withCountedColumn(
        document,
        withTextColumn(
          document,
          codeColumnOfWords(
            document,
            codesUnderDescription(
              document,
              withNamesBelow(document, withStackedLabels(document, header, fields), fields),
              fields,
            ),
            fields,
          ),
          fields,
        ),
        fields,
      ),
      keys,
      dateOrder,
      descriptionKey(fields),
    );
    const coded = read.map((row) => withUnitOfMeasure(document, withLeadingCode(row, fields, keys), fields, keys));
    rows.push(...withCleanDescriptions(coded, descriptionKey(fields)));
    if (rows.length >= MAX_ROWS) break;
  }
  return rows.length > 0 ? rows.slice(0, MAX_ROWS) : null;
}

const PEEK_ROWS = 5;

/**
 * A text property no header cell names (the row captions of a financial table sit under "Dollars
 * in millions") takes the unlabelled column whose cells below are words rather than numbers.
 */
function withTextColumn(document: DocumentLines, header: Header, fields: readonly ItemField[]): Header {
  const named = new Set(header.columns.map((column) => column.field));
  const missing = fields.filter((field) => !named.has(field) && !isNumeric(field) && field.type !== 'boolean');
  // Of several unnamed text properties (a name, a code, a unit), the item's description is the one
  // a column of words holds ("Service   Hours   Rate   Amount": "Service" is no known caption).
  const describing = descriptionKey(fields);
  const field = missing.length === 1 ? missing[0] : missing.find((entry) => entry.key === describing);
  if (!field) return header;
  const wordy = new Map<number, number>();
  for (let index = header.line + 1; index <= header.line + PEEK_ROWS && index < document.lines.length; index++) {
    for (const cell of cellsOf(document.lines[index] ?? '')) {
      const column = columnOf(header.columns, cell);
      if (header.columns[column]?.field === null && /\p{L}{3}/u.test(cell.text) && !NUMERIC_WORD.test(cell.text)) {
        wordy.set(column, (wordy.get(column) ?? 0) + 1);
      }
    }
  }
  const [best] = [...wordy].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  if (!best || best[1] < 2) return header;
  const columns = header.columns.map((column, index) => (index === best[0] ? { ...column, field } : column));
  return { ...header, columns };
}

/** Rows read to check the figures of a table against each other. */
const CHECK_ROWS = 8;

/** A figure cell's number, or null for a cell that is no figure (a percentage is none). */
function figureOf(cell: RowCell | undefined): number | null {
  if (!cell || /%/.test(cell.text) || !/\d/.test(cell.text)) return null;
  return parseNumber(cell.text);
}

/**
 * The quantity column the header did not caption as one: of two columns captioned like the line
 * amount ("Amount ... Total", a German "Anzahl" put into English), the one whose figures times the
 * unit price give the other's in every row checked counts units. Arithmetic decides, not the words.
 */
function withCountedColumn(document: DocumentLines, header: Header, fields: readonly ItemField[]): Header {
  const named = new Set(header.columns.map((column) => column.field));
  const has = (words: ReadonlySet<string>) => (field: ItemField) =>
    isNumeric(field) && contentWords(field.key).some((word) => words.has(word));
  const quantity = fields.find(has(QUANTITY_WORDS));
  const price = fields.find(has(PRICE_WORDS));
  if (!quantity || named.has(quantity) || !price) return header;
  const priceColumn = header.columns.findIndex((column) => column.field === price);
  const amountColumn = header.columns.findIndex(
    (column) => isNumeric(column.field) && column.field !== price && column.field !== quantity,
  );
  if (priceColumn < 0 || amountColumn < 0) return header;
  for (const [other, column] of header.columns.entries()) {
    if (column.field !== null) continue;
    let agree = 0;
    let countsFirst = 0;
    for (let line = header.line + 1; line <= header.line + CHECK_ROWS && line < document.lines.length; line++) {
      const cells = rowCells(document.lines[line] ?? '', line, header);
      const unit = figureOf(cells.get(priceColumn));
      const a = figureOf(cells.get(amountColumn));
      const b = figureOf(cells.get(other));
      if (unit === null || a === null || b === null) continue;
      const near = (x: number, y: number) => Math.abs(x - y) <= Math.max(0.01, Math.abs(y) * 0.001);
      if (near(a * unit, b)) {
        agree++;
        countsFirst++;
      } else if (near(b * unit, a)) {
        agree++;
      } else {
        agree = -1;
        break;
      }
    }
    // Two rows at least, all agreeing, and agreeing on which column counts.
    if (agree < 2 || (countsFirst !== 0 && countsFirst !== agree)) continue;
    const counted = countsFirst > 0 ? amountColumn : other;
    const total = countsFirst > 0 ? other : amountColumn;
    const amount = header.columns[amountColumn]?.field ?? null;
    const columns = header.columns.map((entry, index) =>
      index === counted ? { ...entry, field: quantity } : index === total ? { ...entry, field: amount } : entry,
    );
    return { ...header, columns };
  }
  return header;
}

/**
 * A column labelled like a product code ("Artikel") whose cells are words rather than codes (one
 * token with a digit or in capitals) is the item's description when no other column is: it goes
 * to the text property the header left without one.
 */
function codeColumnOfWords(document: DocumentLines, header: Header, fields: readonly ItemField[]): Header {
  const named = new Set(header.columns.map((column) => column.field));
  const index = header.columns.findIndex(
    (column) => column.field && contentWords(column.field.key).some((word) => CODE_WORDS.has(word)),
  );
  const missing = fields.filter(
    (field) =>
      !named.has(field) &&
      !isNumeric(field) &&
      field.type !== 'boolean' &&
      !contentWords(field.key).some((word) => CODE_WORDS.has(word)) &&
      !isUnitOfMeasureField(field),
  );
  const field =
    missing.length === 1
      ? missing[0]
      : missing.find((candidate) => contentWords(candidate.key).some((word) => DESCRIPTION_WORDS.has(word)));
  const column = header.columns[index];
  if (!column || !field) return header;
  let phrases = 0;
  let codes = 0;
  for (let line = header.line + 1; line <= header.line + PEEK_ROWS && line < document.lines.length; line++) {
    for (const cell of cellsOf(document.lines[line] ?? '')) {
      if (columnOf(header.columns, cell) !== index) continue;
      if (isCodeToken(cell.text)) codes++;
      else if (/\p{L}{3}/u.test(cell.text)) phrases++;
    }
  }
  if (phrases <= codes) return header;
  return { ...header, columns: header.columns.map((other, at) => (at === index ? { ...other, field } : other)) };
}

/**
 * A column captioned for the item's description ("Item") whose cells are all codes, beside a
 * column of words whose caption is no label ("Item   Description" with "Description" taken): the
 * words are the item's name, the codes its code (when the header gives the code no column).
 */
function codesUnderDescription(document: DocumentLines, header: Header, fields: readonly ItemField[]): Header {
  const describing = descriptionKey(fields);
  const described = header.columns.findIndex((column) => column.field !== null && column.field.key === describing);
  if (described < 0) return header;
  const codes = new Map<number, number>();
  const words = new Map<number, number>();
  for (let line = header.line + 1; line <= header.line + PEEK_ROWS && line < document.lines.length; line++) {
    for (const cell of cellsOf(document.lines[line] ?? '')) {
      const column = columnOf(header.columns, cell);
      const tally = isCodeToken(cell.text) ? codes : /\p{L}{3}/u.test(cell.text) ? words : null;
      tally?.set(column, (tally.get(column) ?? 0) + 1);
    }
  }
  if ((codes.get(described) ?? 0) < 2 || words.has(described)) return header;
  const wordy = header.columns.findIndex(
    (column, index) => column.field === null && (words.get(index) ?? 0) >= 2 && !codes.has(index),
  );
  if (wordy < 0) return header;
  const named = new Set(header.columns.map((column) => column.field));
  const code = fields.find(
    (field) => !named.has(field) && !isNumeric(field) && contentWords(field.key).some((word) => CODE_WORDS.has(word)),
  );
  const description = header.columns[described]?.field ?? null;
  const columns = header.columns.map((column, at) =>
    at === described ? { ...column, field: code ?? null } : at === wordy ? { ...column, field: description } : column,
  );
  return { ...header, columns };
}

/** A product code: one token with a digit, or of capitals ("KB-0150", "4711", "SKU/22", "MO-H"). */
function isCodeToken(text: string): boolean {
  return /^\S+$/.test(text) && (/\d/.test(text) || /^[\p{Lu}\d][\p{Lu}\d._/-]*$/u.test(text));
}

/** Lines above and below a header line whose words may continue its labels ("Positions-" / "betrag"). */
const STACKED_HEADER_LINES = 2;
/** The shortest label word read as the end of a compound ("Positionsbetrag" ends in "betrag"). */
const MIN_COMPOUND_HEAD = 5;

/** True when the words (a hyphen at a line break joining a word) end in a one-word label of the field. */
function endsInLabel(texts: readonly string[], field: ItemField): boolean {
  const words = contentWords(texts.join(' ').replace(/-\s+/g, ''));
  return field.variants.some((variant) => {
    const [only] = variant.words;
    if (variant.words.length !== 1 || only === undefined) return false;
    return words.some((word) => word === only || (only.length >= MIN_COMPOUND_HEAD && word.endsWith(only)));
  });
}

/**
 * A header printed over several lines: an unlabelled column of the header line, or one right of
 * it, whose words stacked above and below the header line end in a label of a numeric property the
 * header left without a column ("Positions-" / "betrag" / "ohne" / "USt.").
 */
function withStackedLabels(document: DocumentLines, header: Header, fields: readonly ItemField[]): Header {
  const named = new Set(header.columns.map((column) => column.field));
  const missing = fields.filter((field) => !named.has(field) && isNumeric(field));
  if (missing.length === 0) return header;
  const last = header.columns.at(-1)?.end ?? 0;
  const headerText = document.lines[header.line] ?? '';
  // The header's unlabelled columns, and the region right of its last column.
  const regions = [
    ...header.columns.flatMap((column, index) => (column.field === null ? [{ ...column, index }] : [])),
    { start: last, end: Number.POSITIVE_INFINITY, index: -1 },
  ];
  for (const region of regions) {
    const texts = region.index >= 0 ? [headerText.slice(region.start, region.end)] : [];
    let start = region.index >= 0 ? region.start : Number.POSITIVE_INFINITY;
    let end = region.index >= 0 ? region.end : 0;
    for (let line = header.line - STACKED_HEADER_LINES; line <= header.line + STACKED_HEADER_LINES; line++) {
      const text = document.lines[line] ?? '';
      if (line === header.line || line < 0 || /\d/.test(text)) continue;
      for (const cell of cellsOf(text)) {
        const inRegion = region.index >= 0 ? columnOf(header.columns, cell) === region.index : cell.start > last;
        if (!inRegion) continue;
        texts.push(cell.text);
        start = Math.min(start, cell.start);
        end = Math.max(end, cell.end);
      }
    }
    const field = texts.length > 1 ? missing.find((candidate) => endsInLabel(texts, candidate)) : undefined;
    if (!field) continue;
    const columns =
      region.index >= 0
        ? header.columns.map((column, index) =>
            // The column runs as wide as its stacked caption ("Charge (+)" over "TOTAL HT" further right).
            index === region.index
              ? { start: Math.min(column.start, start), end: Math.max(column.end, end), field }
              : column,
          )
        : [...header.columns, { start, end, field }];
    return { ...header, columns };
  }
  return header;
}

/**
 * A header whose line has no description caption, with one on the line under it and no figure
 * there ("GTIN  Supplier-No  Qty  Price  Amount" over "Buyer-No  Item name"): each item prints its
 * codes and figures on one line and its name on the lines under them, in the caption's column.
 */
function withNamesBelow(document: DocumentLines, header: Header, fields: readonly ItemField[]): Header {
  const key = descriptionKey(fields);
  const field = fields.find((item) => item.key === key);
  if (!field || header.columns.some((column) => column.field === field)) return header;
  const line = header.line + 1;
  const text = document.lines[line] ?? '';
  if (text.trim() === '' || /\d/.test(text)) return header;
  // The caption or a compound ending in it ("Artikelbezeichnung" ends in "Bezeichnung").
  const cell = cellsOf(text).find((item) => endsInLabel([item.text], field));
  if (!cell) return header;
  const index = columnOf(header.columns, cell);
  const shared = header.columns[index];
  // The caption under an unlabelled column names it; else the name's column is one of its own.
  const columns =
    shared && shared.field === null && Math.abs(shared.start - cell.start) <= LEFT_OF_LABEL
      ? header.columns.map((column, at) => (at === index ? { ...column, field } : column))
      : [...header.columns, { start: cell.start, end: cell.end, field }].sort((a, b) => a.start - b.start);
  return { ...header, columns, namesBelow: true };
}

/** A number word right after a label ("-Nr.", " No.", "-Nummer", " #"). */
const NUMBER_AFTER = /^\s?[-.]?\s?(?:nr|no|n°|nº|num|nummer|number|#)(?![\p{L}])/iu;

/** Lines made mostly of item labels; when the header repeats (a table over pages), every repetition. */
function findHeaders(document: DocumentLines, fields: readonly ItemField[], range?: LineRange): Header[] {
  const byLine = new Map<number, { match: LabelMatch; field: ItemField }[]>();
  for (const field of fields) {
    for (const variant of field.variants) {
      for (const match of findLabel(document, variant, range)) {
        const found = byLine.get(match.line) ?? [];
        found.push({ match, field });
        byLine.set(match.line, found);
      }
    }
  }
  const candidates: { line: number; labels: { match: LabelMatch; field: ItemField }[] }[] = [];
  const describing = descriptionKey(fields);
  for (const [line, all] of byLine) {
    // "Artikel-Nr.", "Item No.": a number of the item heads a column of codes, not of its description.
    const text = document.lines[line] ?? '';
    const found = all.filter(
      ({ match, field }) => field.key !== describing || !NUMBER_AFTER.test(text.slice(match.end)),
    );
    // Longest labels first, one per field, never two on the same words ("Unit Price" is not "Unit").
    found.sort(
      (a, b) =>
        b.match.variant.words.length - a.match.variant.words.length ||
        b.match.variant.priority - a.match.variant.priority ||
        a.match.start - b.match.start,
    );
    const labels: { match: LabelMatch; field: ItemField }[] = [];
    for (const candidate of found) {
      const taken = labels.some(
        (label) =>
          label.field === candidate.field ||
          (candidate.match.start < label.match.end && label.match.start < candidate.match.end),
      );
      if (!taken) labels.push(candidate);
    }
    if (labels.length < Math.min(2, fields.length)) continue;
    if (!mostlyLabels(document, line, labels) && !labelledColumns(document.lines[line] ?? '', labels)) continue;
    candidates.push({ line, labels: labels.sort((a, b) => a.match.start - b.match.start) });
  }
  const best = Math.max(0, ...candidates.map((candidate) => candidate.labels.length));
  return candidates
    .filter((candidate) => candidate.labels.length === best)
    .sort((a, b) => a.line - b.line)
    .map(({ line, labels }) => headerColumns(document.lines[line] ?? '', line, labels));
}

/**
 * A wide header whose other columns are not item properties ("4Q22   3Q22   YTD 2022   YTD 2021"):
 * at least two columns are item labels exactly, and they are a fair share of the columns.
 */
function labelledColumns(text: string, labels: readonly { match: LabelMatch }[]): boolean {
  const cells = cellsOf(text);
  if (cells.length < 3 || cells.some((cell) => /[:：]$/.test(cell.text))) return false;
  const exact = cells.filter((cell) =>
    labels.some(({ match }) => match.start === cell.start && match.end === cell.end),
  ).length;
  return exact >= 2 && exact / cells.length >= 0.25;
}

/** A header is labels, not a sentence or a label with its value: most of its words belong to labels. */
function mostlyLabels(document: DocumentLines, line: number, labels: readonly { match: LabelMatch }[]): boolean {
  const tokens = document.tokens[line] ?? [];
  // Captions beside the item labels (the line's number, its tax, the currency) are a header's too.
  const caption = (word: string) => TABLE_CAPTION_WORDS.has(word) || CURRENCY_CODES.has(word.toUpperCase());
  const words = tokens.filter((token) => !token.stop && !/^\d+$/.test(token.word) && !caption(token.word));
  const numbers = tokens.length - tokens.filter((token) => !/^\d+$/.test(token.word)).length;
  const covered = labels.reduce((sum, { match }) => sum + (match.endToken - match.firstToken), 0);
  return numbers <= 1 && covered / Math.max(1, words.length) >= 0.5;
}

/** How far left of its caption's word a column's cells may start. */
const LEFT_OF_LABEL = 3;

function headerColumns(text: string, line: number, labels: readonly { match: LabelMatch; field: ItemField }[]): Header {
  const columns: Column[] = [];
  let singleSpaced = false;
  for (const cell of cellsOf(text)) {
    const inside = labels.filter(({ match }) => match.start >= cell.start && match.end <= cell.end);
    if (inside.length === 0) {
      columns.push({ start: cell.start, end: cell.end, field: null });
      continue;
    }
    // Captions of no property single-spaced before the first label ("Pos Art-Nr Beschreibung") head
    // columns of their own: the label's column starts near its own word, not at the cell's start.
    const first = inside[0] as { match: LabelMatch };
    const before = text.slice(cell.start, first.match.start).trim();
    // One word is enough when it is a rate's caption ("USt-% Betrag"): no label's first word ends in "%".
    const captionWords = before.split(/\s+/);
    const captionsBefore =
      (captionWords.length >= 2 || (before !== '' && before.endsWith('%'))) &&
      first.match.start - cell.start > LEFT_OF_LABEL;
    const firstStart = captionsBefore ? first.match.start - LEFT_OF_LABEL : cell.start;
    if (captionsBefore) columns.push({ start: cell.start, end: firstStart - 1, field: null });
    singleSpaced ||= inside.length > 1 || captionsBefore;
    inside.forEach(({ match, field }, index) => {
      const next = inside[index + 1];
      columns.push({
        start: index === 0 ? firstStart : match.start,
        end: next ? next.match.start - 1 : cell.end,
        field,
      });
    });
  }
  const labelled = columns.filter((column) => column.field !== null).length;
  return { line, columns, singleSpaced, certainty: labelled / Math.max(1, columns.length) };
}

function columnOf(columns: readonly Column[], cell: Cell): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  columns.forEach((column, index) => {
    const overlap = Math.min(column.end, cell.end) - Math.max(column.start, cell.start);
    const distance =
      overlap > 0 ? -overlap : Math.min(Math.abs(cell.start - column.end), Math.abs(column.start - cell.end));
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/**
 * Rows typed with single spaces ("Widget 2 10.00 20.00"): numbers are taken from the right into
 * the numeric columns, and what is left goes to the first column that holds text.
 */
function splitBySpaces(text: string, line: number, columns: readonly Column[]): Map<number, RowCell> {
  const words = [...text.matchAll(/\S+/g)].map((word) => ({ text: word[0], start: word.index }));
  const cells = new Map<number, RowCell>();
  const textColumn = columns.findIndex((column) => column.field && !isNumeric(column.field));
  for (let index = columns.length - 1; index > textColumn && words.length > 0; index--) {
    const column = columns[index];
    const last = words.at(-1);
    if (last && column && (column.field === null || isNumeric(column.field)) && NUMERIC_WORD.test(last.text)) {
      words.pop();
      cells.set(index, { text: last.text, span: spanOf(line, last.start, last.start + last.text.length) });
    }
  }
  const first = words[0];
  const last = words.at(-1);
  if (first && last) {
    const span = spanOf(line, first.start, last.start + last.text.length);
    cells.set(Math.max(0, textColumn), { text: words.map((word) => word.text).join(' '), span });
  }
  return cells;
}

function spanOf(line: number, start: number, end: number): LineSpan {
  return { line, start, endLine: line, end };
}

function joinCells(a: RowCell, b: RowCell): RowCell {
  return { text: `${a.text} ${b.text}`.trim(), span: { ...a.span, endLine: b.span.endLine, end: b.span.end } };
}

function rowCells(text: string, line: number, header: Header): Map<number, RowCell> {
  const cells = cellsOf(text);
  // A row already cut into most of its columns by gaps is read by position, whatever the header.
  // A line of words only (a wrapped description) is still read by position.
  const anyNumber = cells.some((cell) => cell.text.split(/\s+/).some((word) => NUMERIC_WORD.test(word)));
  if (header.singleSpaced && anyNumber && cells.length < Math.max(2, header.columns.length / 2)) {
    return splitBySpaces(text, line, header.columns);
  }
  const assigned = new Map<number, RowCell>();
  const put = (cell: Cell) => {
    const index = columnOf(header.columns, cell);
    const own = { text: cell.text, span: spanOf(line, cell.start, cell.end) };
    const previous = assigned.get(index);
    assigned.set(index, previous ? joinCells(previous, own) : own);
  };
  for (const cell of cells) {
    // Numbers under two labels typed with one space ("0.00 12.50%" under "Rebate% Levies") go one per column.
    const words = [...cell.text.matchAll(/\S+/g)].map((word) => ({
      text: word[0],
      start: cell.start + word.index,
      end: cell.start + word.index + word[0].length,
    }));
    const columns = new Set(words.map((word) => columnOf(header.columns, word)));
    const [head, next] = words;
    if (words.length > 1 && columns.size > 1 && words.every((word) => NUMERIC_WORD.test(word.text))) {
      for (const word of words) put(word);
    } else if (head && next && NUMERIC_WORD.test(head.text) && !NUMERIC_WORD.test(next.text)) {
      // "1 Basic Plan" under "Anzahl Bezeichnung": a leading number in a numeric column, its words in the next.
      const rest = { text: cell.text.slice(next.start - cell.start), start: next.start, end: cell.end };
      const headColumn = columnOf(header.columns, head);
      if (isNumeric(header.columns[headColumn]?.field ?? null) && columnOf(header.columns, rest) !== headColumn) {
        put(head);
        put(rest);
      } else {
        put(cell);
      }
    } else {
      const at = textColumnStartInside(header.columns, words);
      if (at > 0) {
        const from = words[at] as Cell;
        put({ text: cell.text.slice(0, from.start - cell.start).trimEnd(), start: cell.start, end: from.start - 1 });
        put({ text: cell.text.slice(from.start - cell.start), start: from.start, end: cell.end });
      } else {
        put(cell);
      }
    }
  }
  return assigned;
}

/** How far a word may start from its column's caption and still start that column's text. */
const COLUMN_START_SLACK = 1;

/**
 * A cell that runs from one column into a text column by a single space ("Supplier-No: KX2 wide"
 * with "wide" under "Description", a wrapped description's last word): the index of its first word
 * that starts where the text column's caption starts, when the words before it are in another
 * column; else -1.
 */
function textColumnStartInside(columns: readonly Column[], words: readonly Cell[]): number {
  const first = words[0];
  if (!first || words.length < 2) return -1;
  const home = columnOf(columns, first);
  for (let index = 1; index < words.length; index++) {
    const word = words[index] as Cell;
    const column = columns.findIndex(
      (item) =>
        item.field !== null && !isNumeric(item.field) && Math.abs(word.start - item.start) <= COLUMN_START_SLACK,
    );
    if (column >= 0 && column !== home) return index;
  }
  return -1;
}

/**
 * A note printed under an item's name: a label of one to three words, a colon, and its value
 * ("Serial no.: HR-99812", "Réf. : TA-20", "Discount 1: 2,00%"); the item's name does not go on in it.
 */
const LABELLED_NOTE = /^\p{L}[\p{L}.'’-]*(?:\s[\p{L}\d.'’-]+){0,2}\s?:\s?\S/u;

/** "4250731869012": a GTIN/EAN of 8 to 14 digits printed under an item is its article number, not its name. */
const ARTICLE_NUMBER = /^\(?\d{8,14}\)?(?:\s+|$)/;

/** A wrapped description's cell without the article number at its start; null when nothing else is left. */
function withoutArticleNumber(cell: RowCell): RowCell | null {
  const code = cell.text.match(ARTICLE_NUMBER)?.[0];
  if (!code) return cell;
  const text = cell.text.slice(code.length);
  if (text.trim() === '') return null;
  return { text, span: { ...cell.span, start: cell.span.start + code.length } };
}

/** A cell that holds a code or a labelled number ("GLN:4172036958", "# ligne BC: 7"), not an item's name. */
function isCodeLike(text: string): boolean {
  if (/[:：#]/.test(text)) return true;
  // A code in brackets or stars before a name ("[A-1234] Beeswax XL") leaves the name its cell's text.
  const bracketed = /^\s*(?:\[[^\]]*\]|\*[^*\s]*\*)\s*/.exec(text);
  if (bracketed) return !/\p{L}{3,}/u.test(text.slice(bracketed[0].length));
  return !/\p{L}{3,}\s+\p{L}{3,}/u.test(text);
}

function readRows(
  document: DocumentLines,
  header: Header,
  keys: readonly string[],
  dateOrder: DateOrder,
  description: string | undefined,
): Record<string, Located>[] {
  const rows: Map<number, RowCell>[] = [];
  const descriptionColumn = header.columns.findIndex((column) => column.field?.key === description);
  let blanks = 0;
  let blankRun = 0;
  // Lines under a row with text only in columns no property names (article numbers, GTINs).
  let sideLines = 0;
  // A wrapped description runs on the lines right under its row: once a line leaves its column
  // empty, text there later is a note ("Bruttopreis : 8,20", a sentence), not the item's name.
  let descriptionOpen = true;
  // Group headings ("--- Hardware ---") may sit between the header and the first row.
  let skipped = 0;
  let closing = false;
  // The last line of text alone in the description column, and whether the table prints each
  // item's name on the line above its figures ("PRESTATION SUPPORT" over "1  GLN:598...  60,00").
  let above: { cell: RowCell; line: number } | null = null;
  let nameAbove = false;
  let lastRowLine = -1;
  const numericColumns = header.columns.filter((column) => isNumeric(column.field)).length;
  const hasNumericColumns = numericColumns > 0;
  for (let index = header.line + 1; index < document.lines.length && rows.length < MAX_ROWS; index++) {
    const text = document.lines[index] ?? '';
    // A page ends the table, unless it ends right under the header: the rows then start on the next page.
    if (text.includes('\f')) {
      if (rows.length > 0 || index - header.line > MAX_SIDE_LINES) break;
      continue;
    }
    if (text.trim() === '') {
      if (closing) break;
      // Without numeric columns nothing tells a row from the next paragraph: a blank line ends the
      // table; with them, two blank lines in a row do.
      blanks++;
      if (++blankRun > 1 || (rows.length > 0 && !hasNumericColumns)) break;
      continue;
    }
    blankRun = 0;
    // A totals line ends the table, unless the next line carries on with a group heading or a row
    // (grouped tables print a subtotal per group). Before the first row, a caption word without a
    // figure ("MwSt." under "VK-Preis Ohne") continues the header.
    if (TOTALS_LINE.test(foldText(text.trim())) && (rows.length > 0 || /\d/.test(text))) {
      // A group's subtotal prints its figure; a caption alone after the rows ("Détail TVA") heads another table.
      if (closing || rows.length === 0 || !/\d/.test(text)) break;
      closing = true;
      continue;
    }
    const cells = rowCells(text, index, header);
    const fieldCells = [...cells.keys()].map((column) => header.columns[column]?.field ?? null);
    if (!fieldCells.some((field) => field !== null)) {
      if (!closing && hasNumericColumns && ++sideLines <= MAX_SIDE_LINES) {
        descriptionOpen = false;
        continue;
      }
      break;
    }
    const numbers = [...cells].filter(
      ([column, value]) => isNumeric(header.columns[column]?.field ?? null) && /\d/.test(value.text),
    ).length;
    const previous = rows.at(-1);
    const textOnly = numbers === 0 && !fieldCells.some(isNumeric);
    const named = cells.get(descriptionColumn);
    if (textOnly && named) {
      above = { cell: named, line: index };
      // Names printed over their figures: the text under a row is the next item's name or a note.
      if (nameAbove && previous && !closing) {
        if (++sideLines > MAX_SIDE_LINES) break;
        continue;
      }
    }
    if (!textOnly && numbers > 0 && descriptionColumn >= 0) {
      const own = cells.get(descriptionColumn);
      const over = above?.line === index - 1 ? above.cell : null;
      // Decided on the first row: its name on the line right above it, its own cell empty or a code.
      if (rows.length === 0) nameAbove = !header.namesBelow && over !== null && (!own || isCodeLike(own.text));
      // Names printed under the figures: the row's own text in the name's column is a code, and a
      // labelled figure there ("Item discount 1: 2,00%  Base: -3,00") is a note under the item.
      if (header.namesBelow && previous && own && LABELLED_NOTE.test(own.text) && ++sideLines <= MAX_SIDE_LINES) {
        descriptionOpen = false;
        continue;
      }
      if (header.namesBelow) cells.delete(descriptionColumn);
      if (nameAbove && over) cells.set(descriptionColumn, over);
    }
    if (previous && !closing && blanks === 0 && hasNumericColumns && numbers === 0 && !fieldCells.some(isNumeric)) {
      // A wrapped description: its text continues the row above, up to a labelled note under it.
      const note = cells.get(descriptionColumn);
      if (!note || LABELLED_NOTE.test(note.text)) descriptionOpen = false;
      for (const [column, cell] of cells) {
        if (column === descriptionColumn && !descriptionOpen) continue;
        const value = column === descriptionColumn ? withoutArticleNumber(cell) : cell;
        if (!value) continue;
        const above = previous.get(column);
        previous.set(column, above ? joinCells(above, value) : value);
      }
      continue;
    }
    // A lone figure right under a row, in a numeric column the row left empty, is that row's: its
    // cell printed a line lower ("1   Policy   1.000,00   1   0 %" over "        1.234,50").
    const [lone] = cells;
    if (previous && !closing && blanks === 0 && sideLines === 0 && cells.size === 1 && lone && numbers === 1) {
      const [column, cell] = lone;
      if (isNumeric(header.columns[column]?.field ?? null) && !previous.has(column) && index === lastRowLine + 1) {
        previous.set(column, cell);
        continue;
      }
    }
    // One figure where the rows print several is a number in a note's sentence ("delivery no. 2018-51112").
    if (previous && !closing && numericColumns >= 2 && numbers === 1 && ++sideLines <= MAX_SIDE_LINES) {
      descriptionOpen = false;
      continue;
    }
    if (hasNumericColumns && numbers === 0) {
      if ((rows.length === 0 || closing) && ++skipped <= MAX_GROUP_HEADINGS) continue;
      // A note under a row after a blank line ("Zusätzliche Angaben:"), before the next row.
      if (previous && ++sideLines <= MAX_SIDE_LINES) {
        descriptionOpen = false;
        continue;
      }
      break;
    }
    // After a totals line, a line with nothing in the description column carries the totals on
    // ("Sales Tax (8.5%)   172.55" under "Subtotal"): a group's next item has its name.
    if (closing && descriptionColumn >= 0 && !cells.has(descriptionColumn)) break;
    rows.push(cells);
    lastRowLine = index;
    blanks = 0;
    sideLines = 0;
    descriptionOpen = true;
    closing = false;
  }
  return rows.map((cells) => rowObject(cells, header, keys, dateOrder)).filter((row) => Object.keys(row).length > 0);
}

function rowObject(
  cells: ReadonlyMap<number, RowCell>,
  header: Header,
  keys: readonly string[],
  dateOrder: DateOrder,
): Record<string, Located> {
  const values = new Map<string, Located>();
  // A cell under a label in a line that is surely a header is likely right; layout guesses less so.
  const base = 0.6 + 0.3 * header.certainty;
  for (const [column, cell] of cells) {
    const field = header.columns[column]?.field;
    if (!field) continue;
    // A row's cell is a value, never the next label: a description ending in a colon
    // ("Hot air per litre:") is the description without it.
    const value = typedValue(cell.text.replace(/[:：]\s*$/, ''), field.schema, field.key, dateOrder);
    if (value !== null) values.set(field.key, { value, span: cell.span, confidence: base });
  }
  // Keys in the schema's order, whatever the order of the columns on the page.
  const row: Record<string, Located> = {};
  for (const key of keys) {
    const value = values.get(key);
    if (value) row[key] = value;
  }
  return row;
}

/** "[DESK_4242] Standing Desk", "*564738* Rice Vinegar": a product code printed before the item's name. */
const LEADING_CODE = /^(?:\[([^\]\s]{2,30})\]|\*([^*\s]{2,30})\*)\s+/;

/** Moves a bracketed code at the start of an item's text into the item's empty code property. */
function withLeadingCode(
  row: Record<string, Located>,
  fields: readonly ItemField[],
  keys: readonly string[],
): Record<string, Located> {
  const codeField = fields.find(
    (field) => !(field.key in row) && !isNumeric(field) && contentWords(field.key).some((word) => CODE_WORDS.has(word)),
  );
  if (!codeField) return row;
  for (const field of fields) {
    const cell = row[field.key];
    // The code is at the start of the cell's first line; a wrapped description keeps its other lines.
    if (!cell || typeof cell.value !== 'string') continue;
    const match = cell.value.match(LEADING_CODE);
    if (!match || !cell.span) continue;
    const code = match[1] ?? match[2] ?? '';
    const { span } = cell;
    const updated: Record<string, Located> = { ...row };
    updated[field.key] = {
      ...cell,
      value: cell.value.slice(match[0].length),
      span: { ...span, start: span.start + match[0].length },
    };
    const codeStart = span.start + match[0].indexOf(code);
    updated[codeField.key] = {
      value: code,
      span: { line: span.line, start: codeStart, endLine: span.line, end: codeStart + code.length },
      confidence: cell.confidence,
    };
    const ordered: Record<string, Located> = {};
    for (const key of keys) if (updated[key]) ordered[key] = updated[key];
    return ordered;
  }
  return row;
}

/** "1.00 kg", "3 PCS", "15.00 Units": a quantity with its unit of measure after it. */
const QUANTITY_WITH_UNIT = /^[-(]?\d[\d.,']*\s?(\p{L}{1,12}\.?)$/u;

function isUnitOfMeasureField(field: ItemField): boolean {
  if (isNumeric(field)) return false;
  const words = contentWords(field.key);
  if (words.includes(normalizeWord('uom'))) return true;
  const described = typeof field.schema.description === 'string' ? foldText(field.schema.description) : '';
  const title = typeof field.schema.title === 'string' ? foldText(field.schema.title) : '';
  return /\bunits? of measure/.test(`${described} ${title}`) || foldText(field.key.replace(/[_-]+/g, ' ')) === 'unit';
}

/** The unit written after the quantity fills the item's empty unit-of-measure property. */
function withUnitOfMeasure(
  document: DocumentLines,
  row: Record<string, Located>,
  fields: readonly ItemField[],
  keys: readonly string[],
): Record<string, Located> {
  const unitField = fields.find((field) => !(field.key in row) && isUnitOfMeasureField(field));
  if (!unitField) return row;
  const quantityField = fields.find(
    (field) => field.key in row && isNumeric(field) && contentWords(field.key).some((word) => QUANTITY_WORDS.has(word)),
  );
  const cell = quantityField ? row[quantityField.key] : undefined;
  const span = cell?.span;
  if (!cell || !span || span.line !== span.endLine) return row;
  const text = (document.lines[span.line] ?? '').slice(span.start, span.end);
  const match = text.match(QUANTITY_WITH_UNIT);
  const unit = match?.[1];
  if (!match || !unit || (/^[A-Z]{3}$/.test(unit) && CURRENCY_CODES.has(unit))) return row;
  const unitStart = span.start + text.length - unit.length;
  const updated: Record<string, Located> = {
    ...row,
    [unitField.key]: {
      value: unit,
      span: { line: span.line, start: unitStart, endLine: span.line, end: unitStart + unit.length },
      confidence: cell.confidence * 0.9,
    },
  };
  const ordered: Record<string, Located> = {};
  for (const key of keys) if (updated[key]) ordered[key] = updated[key];
  return ordered;
}
