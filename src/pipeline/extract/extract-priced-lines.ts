import { type Cell, cellsOf, type DocumentLines } from './document-lines.js';
import { type Located, spanOn } from './evidence.js';
import { isFigureRow } from './extract-scalar.js';
import { TOTALS_LINE, TRAILING_AMOUNT } from './lexicon/amounts.js';
import { QUANTITY_WORDS } from './lexicon/field-words.js';
import { type DateOrder, parseNumber } from './parse-values.js';
import { type JsonObject, propertiesOf, valueType } from './schema-fields.js';
import { contentWords, foldText, normalizeWord } from './text-tokens.js';
import { typedValue } from './typed-value.js';

/**
 * Item rows without a table header, as receipts and summaries print them: a description and an
 * amount at the end of the line ("Falafel Wrap   $11.75"). Used only when no header names the item
 * properties. Runs of at least two such lines count (a lone priced line is more likely a total);
 * totals lines end a run and are never items.
 */

/** A priced line is short; longer ones are prose. */
const MAX_PRICED_LINE = 300;

/** [leading spaces, item text, amount] of a priced line, or null. */
function pricedLine(line: string): [string, string, string] | null {
  if (line.length > MAX_PRICED_LINE) return null;
  const amount = line.match(TRAILING_AMOUNT);
  if (!amount || amount.index === undefined) return null;
  const before = line.slice(0, amount.index);
  const label = before.trim();
  if (!/\p{L}/u.test(label)) return null;
  return [before.slice(0, before.length - before.trimStart().length), label, amount[1] ?? ''];
}

/** A cell of figures only, with a currency sign or code before or after it ("45,00 €", "$95.00", "6"). */
const FIGURE_CELL = /^(?:[$€£¥₹]|[A-Z]{3})?\s?-?\d[\d.,']*\s?(?:[$€£¥₹]|[A-Z]{3})?$/u;

/**
 * The figures a priced line prints before its amount in cells of their own, set apart by wide gaps
 * ("Hedge trimming      6      45,00 €      270,00 €"): they are no part of the item's name. Two of
 * them whose product is the amount are its quantity and unit price, the arithmetic deciding which
 * is which is not needed (quantity first, as tables print it).
 */
function leadingFigures(label: string): { name: string; figures: Cell[] } {
  const cells = cellsOf(label);
  const figures: Cell[] = [];
  while (cells.length > 1 && FIGURE_CELL.test(cells.at(-1)?.text ?? '')) {
    figures.unshift(cells.pop() as Cell);
  }
  const last = cells.at(-1);
  return { name: last ? label.slice(0, last.end).trim() : label, figures };
}

/** Quantity and unit price among the figures before an amount: the last two, when their product is the amount. */
function quantityAndPrice(figures: readonly Cell[], amount: string): [number, number] | null {
  if (figures.length < 2) return null;
  const quantity = parseNumber(figures.at(-2)?.text ?? '');
  const price = parseNumber(figures.at(-1)?.text ?? '');
  const total = parseNumber(amount);
  if (quantity === null || price === null || total === null) return null;
  return Math.abs(quantity * price - total) <= Math.max(0.01, Math.abs(total) * 0.001) ? [quantity, price] : null;
}
const MIN_RUN = 2;
const MAX_ROWS = 1000;
// The amount of a priced line is the line's total; these words say which numeric property holds it.
const AMOUNT_WORDS = ['amount', 'total', 'subtotal', 'price', 'importe', 'cost', 'value'].map(normalizeWord);
const TEXT_WORDS = ['description', 'name', 'item', 'product', 'title', 'concept', 'label'].map(normalizeWord);

function pick(
  fields: [string, JsonObject][],
  numeric: boolean,
  words: readonly string[],
): [string, JsonObject] | undefined {
  const typed = fields.filter(([, schema]) => {
    const type = valueType(schema);
    return numeric ? type === 'number' || type === 'integer' : type === 'string' || type === null;
  });
  for (const word of words) {
    const found = typed.find(([key, schema]) =>
      [
        ...contentWords(key),
        ...contentWords(typeof schema.description === 'string' ? schema.description : ''),
      ].includes(word),
    );
    if (found) return found;
  }
  return typed.length === 1 ? typed[0] : undefined;
}

/**
 * The property of an item's price for one unit ("Unit price", "price_unit"), other than `amount`:
 * a priced line prints no quantity, so its one figure is the price of its one unit too.
 */
function unitPriceField(fields: [string, JsonObject][], amount: string): [string, JsonObject] | undefined {
  const unit = normalizeWord('unit');
  const price = normalizeWord('price');
  return fields.find(([key, schema]) => {
    const type = valueType(schema);
    if (key === amount || (type !== 'number' && type !== 'integer')) return false;
    const words = [
      ...contentWords(key),
      ...contentWords(typeof schema.description === 'string' ? schema.description : ''),
    ];
    return words.includes(unit) && words.includes(price);
  });
}

export function readPricedLines(
  document: DocumentLines,
  items: JsonObject,
  dateOrder: DateOrder,
): Record<string, Located>[] | null {
  const fields = propertiesOf(items);
  const text = pick(fields, false, TEXT_WORDS);
  const amount = pick(fields, true, AMOUNT_WORDS);
  if (!text || !amount) return null;
  const unitPrice = unitPriceField(fields, amount[0]);
  const quantity = fields.find(
    ([key, schema]) =>
      (valueType(schema) === 'number' || valueType(schema) === 'integer') &&
      contentWords(key).some((word) => QUANTITY_WORDS.has(word)),
  );
  const rows: Record<string, Located>[] = [];
  let run: Record<string, Located>[] = [];
  const flush = () => {
    if (run.length >= MIN_RUN) rows.push(...run);
    run = [];
  };
  document.lines.forEach((line, index) => {
    if (rows.length >= MAX_ROWS) return;
    const match = pricedLine(line);
    if (!match || line.includes('\f') || TOTALS_LINE.test(foldText(line.trim())) || /[:：]\s/.test(match[1])) {
      // A wrapped description between priced lines does not end the run; a blank line or a total does.
      if (line.trim() === '' || line.includes('\f') || TOTALS_LINE.test(foldText(line.trim()))) flush();
      return;
    }
    const [indent, printed, rawPrice] = match;
    const { name: label, figures } = leadingFigures(printed);
    const price = rawPrice.trim();
    const labelStart = indent.length;
    const priceStart = line.lastIndexOf(price);
    const counted = quantityAndPrice(figures, price);
    const textValue = typedValue(label, text[1], text[0], dateOrder);
    const amountValue = typedValue(price, amount[1], amount[0], dateOrder);
    if (textValue === null || amountValue === null) return;
    const priced: Located = {
      value: amountValue,
      span: { line: index, start: priceStart, endLine: index, end: priceStart + price.length },
      confidence: 0.5,
    };
    // Without a quantity printed, the one figure is the price of the line's one unit too.
    const figureAt = (cell: Cell | undefined, value: number): Located => ({
      value,
      span: cell
        ? { line: index, start: labelStart + cell.start, endLine: index, end: labelStart + cell.end }
        : priced.span,
      confidence: 0.5,
    });
    const oneUnit = unitPrice && figures.length === 0 ? typedValue(price, unitPrice[1], unitPrice[0], dateOrder) : null;
    const unitField =
      unitPrice && counted
        ? { [unitPrice[0]]: figureAt(figures.at(-1), counted[1]) }
        : unitPrice && oneUnit !== null
          ? { [unitPrice[0]]: { ...priced, value: oneUnit } }
          : {};
    const countedFields = counted && quantity ? { [quantity[0]]: figureAt(figures.at(-2), counted[0]) } : {};
    run.push({
      ...countedFields,
      [text[0]]: {
        value: textValue,
        span: { line: index, start: labelStart, endLine: index, end: labelStart + label.length },
        confidence: 0.5,
      },
      [amount[0]]: priced,
      ...unitField,
    });
  });
  flush();
  return rows.length > 0 ? rows : null;
}

/**
 * Items printed as a chart or a transposed table: a row of figures over a row of captions, one
 * item per column ("31.6   +42.8" over "Year-End Cash   CFO"). Only rows whose cells line up count.
 */
export function readCaptionedFigures(
  document: DocumentLines,
  items: JsonObject,
  dateOrder: DateOrder,
): Record<string, Located>[] | null {
  const fields = propertiesOf(items);
  const text = pick(fields, false, TEXT_WORDS);
  const amount = pick(fields, true, AMOUNT_WORDS);
  if (!text || !amount) return null;
  const rows: Record<string, Located>[] = [];
  document.lines.forEach((line, index) => {
    const captionLine = document.lines[index + 1];
    if (!isFigureRow(line) || captionLine === undefined || rows.length >= MAX_ROWS) return;
    const figures = cellsOf(line);
    const captions = cellsOf(captionLine);
    if (captions.length !== figures.length || captions.some((cell) => !/\p{L}/u.test(cell.text))) return;
    if (!figures.every((figure, column) => Math.abs(figure.start - (captions[column]?.start ?? -99)) <= 3)) return;
    figures.forEach((figure, column) => {
      const caption = captions[column];
      if (!caption) return;
      const textValue = typedValue(caption.text, text[1], text[0], dateOrder);
      const amountValue = typedValue(figure.text, amount[1], amount[0], dateOrder);
      if (textValue === null || amountValue === null) return;
      rows.push({
        [text[0]]: { value: textValue, span: spanOn(index + 1, caption.start, caption.end), confidence: 0.5 },
        [amount[0]]: { value: amountValue, span: spanOn(index, figure.start, figure.end), confidence: 0.5 },
      });
    });
  });
  return rows.length > 0 ? rows : null;
}
