import { INDIAN_STATES, VEHICLE_COUNTRY_CODES } from './lexicon/address-words.js';
import { COUNTRIES } from './lexicon/field-words.js';
import { foldText } from './text-tokens.js';

/**
 * The parts of a postal address printed as a block of lines (under a party's name): the street
 * line, a second line, the postal code and city line (a country code before or after it, or a
 * US state before the ZIP code, or a British postcode after the town), and a country line.
 */
/** A postal code and city line: each part's text and column, and the country code printed with them. */
interface Locality {
  readonly postcode: { text: string; start: number };
  readonly city: { text: string; start: number };
  readonly country?: string;
}

/** Line numbers are indexes into the block's lines. */
export interface PostalParts {
  readonly street?: number;
  readonly additional?: number;
  readonly locality: Locality & { readonly line: number };
  readonly country?: { line: number; code: string; text: string };
}

const COUNTRY_CODES = new Map(
  Object.entries(COUNTRIES).flatMap(([code, names]) => [
    ...names.map((name) => [foldText(name), code] as const),
    [code.toLowerCase(), code] as const,
  ]),
);

/** The ISO 3166 alpha-2 code of a printed country name or code ("Deutschland", "NO"), or null. */
export function countryCode(text: string): string | null {
  return COUNTRY_CODES.get(foldText(text).replace(/[-,.]/g, ' ').replace(/\s+/g, ' ').trim()) ?? null;
}

// "DE 90411 Nürnberg", "D-90411 Nürnberg", "69007 LYON, FR", "418 Little town", "00-950 Warszawa",
// and the Dutch four digits and two letters ("2741 KT Vlietdorp").
// A French city may end in "CEDEX 01"; a country's name may follow the city ("90411 Nürnberg, Germany").
const CODE_FIRST =
  /^(?:([A-Z]{1,2})[- ])?(\d{4} ?[A-Z]{2}(?=\s+\p{L})|\d{2}-\d{3}|\d{3,6})\s+(\p{L}[\p{L}\p{M} .'’()-]*?(?:\s+CEDEX(?:\s+\d{1,2})?)?)(?:,\s*(\p{L}[\p{L} ]*?))?\s*$/u;
// "Springfield, IL 62704", "New York NY 10001-1234".
const US_ZIP = /^(\p{L}[\p{L} .'’-]*?),?\s+([A-Z]{2})\s+(\d{5}(?:-\d{4})?)\s*$/u;
// "London SW1A 1AA", "Leeds, LS1 4AP".
const UK_POSTCODE = /^(\p{L}[\p{L} .'’-]*?),?\s+([A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})\s*$/u;

// "New Delhi - 110005", "Noida, Uttar Pradesh 201301", "Chennai 600 001": India's six-digit PIN
// code after the city (and its state, and the country).
const PIN_LAST = /^(\p{L}[\p{L}\p{M} .,'’&()-]*?)\s*[-–,]?\s*([1-9]\d{2} ?\d{3})\s*$/u;
/** Words of a label before a number: "Order No 100234" is no city and PIN code. */
const NUMBER_LABEL_WORD =
  /\b(?:no|nr|number|num|id|code|tel|phone|mobile|fax|gstin|gst|pan|cin|account|invoice|order)\b/i;

/** The city before a PIN code: the last comma-separated part that is no state or country. */
function pinLocality(text: string): Locality | null {
  const found = text.match(PIN_LAST);
  const before = found?.[1];
  const pin = found?.[2];
  if (!before || !pin || NUMBER_LABEL_WORD.test(before)) return null;
  const parts = before
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  let indian = false;
  while (parts.length > 1) {
    const last = foldText(parts.at(-1) ?? '');
    const country = countryCode(last);
    if (country !== 'IN' && !INDIAN_STATES.has(last)) break;
    indian = true;
    parts.pop();
  }
  const city = parts.at(-1);
  if (!city || city.split(/\s+/).length > 4) return null;
  return {
    postcode: { text: pin, start: text.lastIndexOf(pin) },
    city: { text: city, start: text.indexOf(city) },
    ...(indian ? { country: 'IN' } : {}),
  };
}

function locality(text: string): Locality | null {
  const code = text.match(CODE_FIRST);
  if (code) {
    const postcode = code[2] ?? '';
    const city = (code[3] ?? '').trim();
    const prefix = code[1] && code[1].length === 2 ? code[1] : VEHICLE_COUNTRY_CODES[code[1] ?? ''];
    // After the city, only a country: "90411 Nürnberg, Bayern" is no address line of this form.
    if (code[4] && !countryCode(code[4])) return null;
    const country = code[4] ?? prefix;
    return {
      postcode: { text: postcode, start: text.indexOf(postcode) },
      city: { text: city, start: text.indexOf(city, text.indexOf(postcode) + postcode.length) },
      ...(country && countryCode(country) ? { country: countryCode(country) as string } : {}),
    };
  }
  const us = text.match(US_ZIP);
  if (us) {
    const zip = us[3] ?? '';
    const city = us[1] ?? '';
    return { postcode: { text: zip, start: text.lastIndexOf(zip) }, city: { text: city, start: text.indexOf(city) } };
  }
  const uk = text.match(UK_POSTCODE);
  if (uk) {
    const postcode = uk[2] ?? '';
    const city = uk[1] ?? '';
    return {
      postcode: { text: postcode, start: text.lastIndexOf(postcode) },
      city: { text: city, start: text.indexOf(city) },
    };
  }
  return pinLocality(text);
}

/** A street line has a house number beside a word ("Garden lane 27", "48 rue du Pré", "Mühlenweg 23"). */
export function looksLikeStreet(text: string): boolean {
  return /^\d+[a-z]?\s+\p{L}|\p{L}[\p{L}.'’ -]*\s\d+[a-z]?\b/u.test(text) && !/@/.test(text);
}

/**
 * The parts of an address block whose lines are `lines` (the party's name already taken off).
 * Lines are only assigned when the block has a locality line: without one, a block is not known
 * to be an address.
 */
export function parsePostalBlock(lines: readonly string[]): PostalParts | null {
  // The locality is the last line but the country: a street may start with a number too ("1600 Amphitheatre Parkway").
  let at = -1;
  for (let index = lines.length - 1; index >= 0 && at < 0; index--)
    if (locality((lines[index] ?? '').trim())) at = index;
  if (at < 0) return null;
  const found = locality((lines[at] ?? '').trim());
  if (!found) return null;
  const lead = (lines[at] ?? '').length - (lines[at] ?? '').trimStart().length;
  const before = lines.slice(0, at);
  const streetIndex = before.findIndex(looksLikeStreet);
  const street = streetIndex >= 0 ? streetIndex : before.length > 0 ? 0 : undefined;
  const additional = street !== undefined && street + 1 < at ? street + 1 : undefined;
  const next = lines[at + 1];
  const nextCode = next === undefined ? null : countryCode(next);
  return {
    ...(street !== undefined ? { street } : {}),
    ...(additional !== undefined ? { additional } : {}),
    locality: {
      line: at,
      postcode: { text: found.postcode.text, start: found.postcode.start + lead },
      city: { text: found.city.text, start: found.city.start + lead },
      ...(found.country ? { country: found.country } : {}),
    },
    ...(nextCode && next !== undefined ? { country: { line: at + 1, code: nextCode, text: next.trim() } } : {}),
  };
}
