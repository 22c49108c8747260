import { CURRENCY_WORDS } from './lexicon/amounts.js';
import { escapeRegExp } from './lexicon/escape-regexp.js';
import { DATE_PROPERTY_WORDS, IDENTIFIER_DESCRIPTION_WORDS, KIND_WORDS } from './lexicon/field-words.js';
import {
  parseBic,
  parseCurrency,
  parseIban,
  parsePhone,
  parseTime,
  parseUri,
  twentyFourHourTime,
} from './parse-identifiers.js';
import {
  type DateOrder,
  matchEnum,
  parseBoolean,
  parseDate,
  parseDateTime,
  parseEmail,
  parseInteger,
  parseNumber,
} from './parse-values.js';
import { type JsonObject, valueType } from './schema-fields.js';
import type { StringKind } from './string-kind.js';
import { contentWords, normalizeWord } from './text-tokens.js';

export function stringKind(schema: JsonObject, key: string): StringKind {
  switch (schema.format) {
    case 'email':
    case 'idn-email':
      return 'email';
    case 'uri':
    case 'url':
    case 'iri':
      return 'uri';
    case 'time':
      return 'time';
    case 'date':
    case 'date-time':
      return 'date';
  }
  const words = contentWords(key);
  for (const [kind, kindWords] of KIND_WORDS) if (words.some((word) => kindWords.includes(word))) return kind;
  // "vat" described as "VAT number of the seller" is an identifier too.
  const described =
    typeof schema.description === 'string' ? contentWords(schema.description.split(/[,(;]/)[0] ?? '') : [];
  return described.length <= 4 && described.some((word) => IDENTIFIER_DESCRIPTION_WORDS.has(word))
    ? 'identifier'
    : null;
}

/** Footnote marks stuck to a value ("Earnings per share⁴") are not part of it. */
const FOOTNOTE = /[⁰¹²³⁴⁵⁶⁷⁸⁹*†‡]+$/u;

function isAmountOrRate(token: string): boolean {
  return /^[-+]?[\d.,]+%$/.test(token) || /^[-+(]?[$€£¥₹]?\d{1,3}([.,]\d{3})*[.,]\d{2}\)?$/.test(token);
}

const PRINTED_AMOUNT =
  /(?<![\p{L}\d])-?\d{1,3}(?:[,.' ]\d{3})*(?:[.,]\d{1,2})?(?![\p{L}\d])|(?<![\p{L}\d])-?\d+(?:[.,]\d{1,2})?(?![\p{L}\d])/u;

/**
 * A sum of money asked for as a string ("total": "9.00") is its figure as printed, without the
 * currency beside it; text with no figure ("RM", "TAX") is not one.
 */
/** A currency of letters printed against its figure ("RM2.85", "SGD12.00"). */
const GLUED_CURRENCY = new RegExp(
  `(?<![\\p{L}])(${CURRENCY_WORDS.filter((word) => /^\p{L}+$/u.test(word))
    .map(escapeRegExp)
    .join('|')})(?=-?\\d)`,
  'giu',
);

export function printedAmount(printed: string): string | null {
  const text = printed.replace(GLUED_CURRENCY, '$1 ');
  const match = text.match(PRINTED_AMOUNT);
  const found = match?.[0];
  if (!found || parseNumber(found) === null) return null;
  // A figure with a noun after it counts things ("2 ITEMS", "3 PCS"); a currency or a short tax
  // code ("26.60 SR") may stand beside an amount.
  const after = text.slice((match.index ?? 0) + found.length).match(/\p{L}+/gu) ?? [];
  return after.every((word) => word.length <= 2 || CURRENCY_WORDS.includes(word.toLowerCase())) ? found : null;
}

/** "DE 318 572 904", "NL 8123.45.678.B01": digit groups after a country prefix, a letter suffix after them. */
const GROUPED_IDENTIFIER = /^(?:[A-Z]{1,3} ?)?\d{2,4}(?:[ .-]\d{2,4}){2,5}(?:[ .]?[A-Z]\d{0,2})?$/;

/** Separators between the items of a line of several (a footer's or a sender line's). */
const ITEM_SEPARATOR = /\s*[·|•▪]\s*/u;

/** The longest run of the first tokens that is a number printed in groups, or null. */
function groupedPrefix(tokens: readonly string[]): string | null {
  for (let count = tokens.length; count > 1; count--) {
    const run = tokens.slice(0, count).join(' ');
    if (GROUPED_IDENTIFIER.test(run)) return run;
  }
  return null;
}

const SLASHED_IDENTIFIER = /^(?:\p{Lu}{1,4} )?[\p{L}\p{N}-]*\d[\p{L}\p{N}-]* \/ [\p{L}\p{N}-]*\d[\p{L}\p{N}-]*$/u;

const NUMBER_WORD = /^(?:nr|no|n°|nº|num|nummer|number|numero)\.?:?$/i;

/**
 * An identifier is one token with a digit in it: "°731905248 du 14 Mars 2016" is 731905248, and
 * a cell without a digit ("Vervaldatum", a neighbouring label) is not an identifier at all.
 */
function identifier(printed: string): string | null {
  // A bullet, middle dot or bar ends the value: the next item of a line of several follows it
  // ("DE 284 511 390 · IBAN ...", "GB 123 4567 89 | Company No 0123456").
  const text = printed.split(ITEM_SEPARATOR)[0] || printed;
  // A number word before the number is the label's ("Bestellung Nr. 4711", "Order No. 12").
  const tokens = text.split(/\s+/);
  if (tokens.length > 1 && NUMBER_WORD.test(tokens[0] ?? '')) return identifier(tokens.slice(1).join(' '));
  const first = tokens[0]?.replace(/^[°º#:.\s]+/, '') ?? '';
  // A percentage or an amount is not an identifier.
  // (A label's colon may follow the rate: "VAT 23%: 85,10"; French sets a space before the sign: "TVA 7,5 %".)
  const spacedRate = /^[\d.,]+$/.test(first) && /^%[:：;,]?$/.test(tokens[1] ?? '');
  if (!/\d/.test(text) || spacedRate || isAmountOrRate(first.replace(/[:：;,]+$/, ''))) return null;
  // Numbers joined by a spaced slash are one identifier ("027419 / 36152", "FA 2019 / 0042").
  if (SLASHED_IDENTIFIER.test(text)) return text;
  // "DE 318 572 904", "FR32 478 912 345": a number printed in groups, after a country prefix or
  // not, is the whole of its groups, whatever follows them.
  const grouped = groupedPrefix(tokens);
  if (grouped) return grouped;
  if (tokens.length > 1 && /\d/.test(first) && first.length >= 3) return first.replace(/[,;]$/, '');
  // "Zwolle 51842036": the one token with digits, when it is long enough to be a number of its own.
  const numbered = tokens.filter((token) => /\d/.test(token));
  if (numbered.some(isAmountOrRate)) return null;
  if (numbered.length === 1 && (numbered[0]?.length ?? 0) >= 5 && tokens.length <= 3) return numbered[0] ?? null;
  return /\d/.test(first) || tokens.length <= 3 ? text : null;
}

/**
 * A first figure of eight digits or more, without a separator, is a registration number ("GST:
 * 001234567890" after a tax's label), not an amount.
 */
const REGISTRATION_DIGITS = /^\D*\d{8,}(?![.,]\d)/;

/**
 * The text next to a label as a value of the property's type, or null when it is not one (a
 * label, an empty cell, a word where a number was expected): the caller then looks elsewhere.
 */
export function typedValue(text: string, schema: JsonObject, key: string, dateOrder: DateOrder): unknown {
  const trimmed = text
    .trim()
    // Separators after a label go; a minus sign written against its figure ("-3,96") stays.
    .replace(/^(?:[:：=#.°º\s]|[-–—](?![$€£¥₹]?\d))+/u, '')
    .replace(FOOTNOTE, '')
    .replace(/[\s,;]+$/, '');
  if (trimmed === '' || /^[^\p{L}\p{N}$€£¥₹@]+$/u.test(trimmed)) return null;
  if (Array.isArray(schema.enum)) return matchEnum(trimmed, schema.enum);
  switch (valueType(schema)) {
    case 'number':
      return REGISTRATION_DIGITS.test(trimmed) ? null : parseNumber(trimmed);
    case 'integer':
      return parseInteger(trimmed);
    case 'boolean':
      return parseBoolean(trimmed);
    case 'string':
    case null:
      // A dash before a text value is a separator, not a sign.
      return stringValue(trimmed.replace(/^[-–—]+\s*/, ''), schema, key, dateOrder);
    default:
      return null;
  }
}

function stringValue(text: string, schema: JsonObject, key: string, dateOrder: DateOrder): string | null {
  // A cell that ends with a colon is the next label, not this one's value.
  if (/[:：]$/.test(text)) return null;
  if (typeof schema.pattern === 'string') {
    // A time of the 12-hour clock, asked for in a pattern of digits, is read on the 24-hour clock
    // ("8:40 PM" is "20:40", not "08:40"); as printed when the pattern takes only that form.
    const clock = stringKind(schema, key) === 'time' ? twentyFourHourTime(text) : null;
    return (clock !== null ? withPattern(clock, schema.pattern) : null) ?? withPattern(text, schema.pattern);
  }
  switch (stringKind(schema, key)) {
    case 'date':
      return schema.format === 'date-time' ? parseDateTime(text, dateOrder) : parseDate(text, dateOrder);
    case 'email':
      return parseEmail(text);
    case 'uri':
      return webAddress(text, schema, key);
    case 'phone':
      return parsePhone(text);
    case 'iban':
      return parseIban(text);
    case 'bic':
      return parseBic(text);
    case 'time':
      return parseTime(text);
    case 'currency':
      return parseCurrency(text);
    case 'identifier':
      return identifier(text);
    case 'amount':
      return printedAmount(text);
  }
  if (contentWords(key).some((word) => DATE_PROPERTY_WORDS.has(word))) return parseDate(text, dateOrder) ?? text;
  return text;
}

/** Words of a property asking for a website, not any web address ("url", "link"). */
const SITE_WORDS = new Set(['website', 'homepage', 'site', 'web'].map(normalizeWord));

function asksSite(key: string, schema: JsonObject): boolean {
  const described = typeof schema.description === 'string' ? contentWords(schema.description) : [];
  return [...contentWords(key), ...described].some((word) => SITE_WORDS.has(word));
}

/**
 * The web address in `text` a property asks for; a website is its address without the page
 * printed after it ("shop.example.com/contact-us/" is "shop.example.com").
 */
export function webAddress(text: string, schema: JsonObject, key: string): string | null {
  const uri = parseUri(text);
  return asksSite(key, schema) ? (uri?.replace(/^((?:https?:\/\/)?[^/]+)\/.*$/i, '$1') ?? null) : uri;
}

const MAX_PATTERN_TEXT = 500;

/** A `pattern` says what the value looks like: the first part of the text that matches it. */
function withPattern(text: string, pattern: string): string | null {
  try {
    const unanchored = new RegExp(pattern.replace(/^\^/, '').replace(/\$$/, ''), 'u');
    // Cells are short; the cap keeps a pathological pattern from running long on a runaway cell.
    return text.slice(0, MAX_PATTERN_TEXT).match(unanchored)?.[0] ?? null;
  } catch {
    return text;
  }
}
