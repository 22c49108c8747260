import { documentLanguage } from './document-language.js';
import type { Leaf, LineSpan } from './evidence.js';
import { COUNTRY_PREFIXED_WORDS, COUNTRY_WORDS, ISSUER_WORDS } from './lexicon/field-words.js';
import { FRENCH_OVERSEAS } from './lexicon/language-words.js';
import { countryCode } from './parse-address.js';
import { type JsonObject, propertiesOf, valueType } from './schema-fields.js';
import { contentWords } from './text-tokens.js';

/**
 * The country code of a party whose address prints no country line. Two rules a reader of an
 * invoice applies: an issuer's VAT identification number (or, lacking one, the IBAN it is paid to)
 * starts with its country's code; and an address without a country line is domestic, in the
 * issuer's country. Lacking both numbers, an issuer's postcode of the form the document's language
 * writes at home is in that country (a German invoice's "54321 Wiesenau" is in Germany); a
 * French postcode of an overseas department is in that department's own country. Only a property asking for a code is filled: a country's name that is not
 * printed is not invented.
 */

/** A schema object for the document's issuer (seller, supplier, vendor...), by its name or first words of its description. */
export function namesIssuer(key: string, schema: JsonObject): boolean {
  const described = typeof schema.description === 'string' ? contentWords(schema.description) : [];
  return [...contentWords(key), ...described.slice(0, 3)].some((word) => ISSUER_WORDS.has(word));
}

/** "DE274810593", "FR 47 318 652 904": two letters of a country, then the number. */
const PREFIXED_NUMBER = /^([A-Z]{2})\s?[0-9][0-9A-Z .]{5,}$/;
/** Greece's VAT numbers start with EL, its ISO code is GR. */
const VAT_PREFIXES: Record<string, string> = { EL: 'GR' };
/** Confidence of an inferred country: it is read from another value, not printed. */
const INFERRED_CONFIDENCE = 0.5;

function asksCode(key: string, schema: JsonObject): boolean {
  const words = [
    ...contentWords(key),
    ...contentWords(typeof schema.description === 'string' ? schema.description : ''),
  ];
  return words.some((word) => COUNTRY_WORDS.has(word)) && words.some((word) => word === 'code' || word === 'iso');
}

/** The path of a party's country-code property (`/seller/address/country`), one object deep at most. */
function countryPath(schema: JsonObject, path: string): string | null {
  for (const [key, property] of propertiesOf(schema)) {
    if (valueType(property) === 'string' && asksCode(key, property)) return `${path}/${key}`;
    if (valueType(property) === 'object') {
      const inner = propertiesOf(property).find(
        ([innerKey, innerProperty]) => valueType(innerProperty) === 'string' && asksCode(innerKey, innerProperty),
      );
      if (inner) return `${path}/${key}/${inner[0]}`;
    }
  }
  return null;
}

function valueAt(data: Record<string, unknown>, path: string): unknown {
  let at: unknown = data;
  for (const token of path.split('/').slice(1)) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[token];
  }
  return at;
}

function setAt(data: Record<string, unknown>, path: string, value: unknown): void {
  const tokens = path.split('/').slice(1);
  let at = data;
  for (const token of tokens.slice(0, -1)) {
    const next = at[token];
    if (typeof next !== 'object' || next === null) at[token] = {};
    at = at[token] as Record<string, unknown>;
  }
  at[tokens.at(-1) as string] = value;
}

/** The country code a number starts with, and where it was read. */
function prefixedCountry(leaves: readonly Leaf[], data: Record<string, unknown>, under: string, only?: string) {
  for (const leaf of leaves) {
    if (!leaf.path.startsWith(`${under}/`) || (only !== undefined && leaf.path !== only)) continue;
    const value = valueAt(data, leaf.path);
    const prefix = typeof value === 'string' ? value.trim().match(PREFIXED_NUMBER)?.[1] : undefined;
    const code = prefix ? countryCode(VAT_PREFIXES[prefix] ?? prefix) : null;
    if (code) return { code, span: leaf.span };
  }
  return null;
}

function parentPath(path: string): string {
  return path.split('/').slice(0, -1).join('/');
}

/** The string values beside a country property (its address's postcode among them) and their leaves. */
function siblings(leaves: readonly Leaf[], data: Record<string, unknown>, countryPath: string) {
  const parent = parentPath(countryPath);
  return leaves
    .filter((leaf) => parentPath(leaf.path) === parent)
    .map((leaf) => ({ value: valueAt(data, leaf.path), span: leaf.span }))
    .filter((item): item is { value: string; span: LineSpan | null } => typeof item.value === 'string');
}

/** The issuer's country from its postcode's form and the language the document is written in. */
function postcodeCountry(leaves: readonly Leaf[], data: Record<string, unknown>, countryPath: string, text: string) {
  const values = siblings(leaves, data, countryPath);
  if (values.length === 0) return null;
  const language = documentLanguage(text);
  const postcode = language && values.find((item) => language.postcode.test(item.value.trim()));
  return postcode ? { code: language.country, span: postcode.span } : null;
}

/** An overseas department's own code for France's code and a postcode of the department. */
function overseas(code: string, leaves: readonly Leaf[], data: Record<string, unknown>, countryPath: string): string {
  if (code !== 'FR') return code;
  for (const item of siblings(leaves, data, countryPath)) {
    const department = /^\d{5}$/.test(item.value.trim()) ? FRENCH_OVERSEAS[item.value.trim().slice(0, 3)] : undefined;
    if (department) return department;
  }
  return code;
}

interface Party {
  readonly path: string;
  readonly country: string;
  readonly issuer: boolean;
}

/**
 * A schema that keeps the issuer's details at its top level ("country_code": "Country code of the
 * seller", beside "vat" and "iban"): the issuer's country is the code its VAT number, or else the
 * IBAN, starts with. Only those numbers: another top-level value may start with two capitals too.
 */
function inferFlatIssuerCountry(data: Record<string, unknown>, schema: JsonObject, leaves: Leaf[]): void {
  const properties = propertiesOf(schema);
  const country = properties.find(
    ([key, property]) =>
      valueType(property) === 'string' &&
      asksCode(key, property) &&
      [
        ...contentWords(key),
        ...contentWords(typeof property.description === 'string' ? property.description : ''),
      ].some((word) => ISSUER_WORDS.has(word)),
  );
  if (!country || data[country[0]] !== undefined) return;
  const prefixed = (key: string) => contentWords(key).some((word) => COUNTRY_PREFIXED_WORDS.has(word));
  const numbers = properties
    .filter(([key, property]) => valueType(property) === 'string' && prefixed(key))
    .sort(([a], [b]) => Number(contentWords(a).includes('iban')) - Number(contentWords(b).includes('iban')));
  for (const [key] of numbers) {
    const found = prefixedCountry(leaves, data, '', `/${key}`);
    if (!found) continue;
    data[country[0]] = found.code;
    leaves.push({ path: `/${country[0]}`, confidence: INFERRED_CONFIDENCE, span: found.span });
    return;
  }
}

export function inferCountries(data: Record<string, unknown>, schema: JsonObject, leaves: Leaf[], text: string): void {
  inferFlatIssuerCountry(data, schema, leaves);
  const parties: Party[] = [];
  for (const [key, property] of propertiesOf(schema)) {
    if (valueType(property) !== 'object') continue;
    const country = countryPath(property, `/${key}`);
    if (country) parties.push({ path: `/${key}`, country, issuer: namesIssuer(key, property) });
  }
  const issuer = parties.find((party) => party.issuer);
  if (!issuer) return;
  const printed = valueAt(data, issuer.country);
  let home = typeof printed === 'string' ? printed : '';
  let span: LineSpan | null = null;
  if (typeof printed !== 'string') {
    // The issuer's own VAT ID first; the IBAN the invoice is paid to, printed anywhere, after it.
    const found =
      prefixedCountry(leaves, data, issuer.path) ??
      prefixedCountry(leaves, data, '') ??
      postcodeCountry(leaves, data, issuer.country, text);
    if (!found) return;
    home = found.code;
    span = found.span;
    setAt(data, issuer.country, overseas(home, leaves, data, issuer.country));
    leaves.push({ path: issuer.country, confidence: INFERRED_CONFIDENCE, span });
  }
  for (const party of parties) {
    if (party === issuer || valueAt(data, party.country) !== undefined) continue;
    // Only an address that was read: a party the document does not show gets no country.
    const address = valueAt(data, parentPath(party.country));
    if (typeof address !== 'object' || address === null || Object.keys(address).length === 0) continue;
    setAt(data, party.country, overseas(home, leaves, data, party.country));
    leaves.push({ path: party.country, confidence: INFERRED_CONFIDENCE, span });
  }
}
