import { COUNTRY_CURRENCIES, CURRENCY_CODES } from './lexicon/amounts.js';
import { AMBIGUOUS_LEGAL_FORM_PATTERN, LEGAL_FORM_PATTERN } from './lexicon/legal-forms.js';

/**
 * Parsers for values that are identifiers rather than quantities: phone numbers, IBANs (checked
 * with their ISO 7064 mod-97 checksum), BIC codes, web addresses, clock times and currencies.
 * Each returns null when the text holds no such value, so the caller looks elsewhere.
 */

/** A phone number as written ("+1 (555) 010-0199", "01 84 26 39 52"): 7 to 15 digits. */
export function parsePhone(text: string): string | null {
  for (const match of text.matchAll(/\+?\(?\d[\d\s().\-/]{5,22}\d/g)) {
    const candidate = match[0].trim();
    const digits = candidate.replace(/\D/g, '').length;
    // A date or an amount is not a phone number.
    if (/^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/.test(candidate) || /^\d+[.,]\d{1,2}$/.test(candidate)) continue;
    // Nor is a date and the hour after it ("20/03/2018 21:33").
    if (/^\d{1,4}[./-]\d{1,2}[./-]\d{2,4}\s/.test(candidate)) continue;
    // Amounts side by side ("0.00 12.50") are not a phone number either.
    if (/\d[.,]\d{2}\s/.test(candidate)) continue;
    if (digits >= 7 && digits <= 15) return candidate;
  }
  return null;
}

/** True when the IBAN's check digits are right (ISO 13616: rearranged, letters as numbers, mod 97 = 1). */
export function validIban(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

const IBAN_SHAPE = /\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){10,30}/g;

/**
 * The first IBAN in the text with valid check digits, without spaces ("ES91 2100 0418 ..." ->
 * "ES912100..."). Failing that, the text that is nothing but one IBAN-shaped run (as it stands
 * after its "IBAN:" label) is the IBAN as printed, check digits wrong or not: the label says what
 * it is, and a reader copies it. A wrong run inside other text stays no IBAN.
 */
export function parseIban(text: string): string | null {
  const upper = text.toUpperCase();
  for (const match of upper.matchAll(IBAN_SHAPE)) {
    // Try the longest run first, then shorter ones: the text may go on after the IBAN ("... BIC").
    const compact = match[0].replace(/\s+/g, '');
    for (let end = compact.length; end >= 14; end--) {
      const candidate = compact.slice(0, end);
      if (validIban(candidate)) return candidate;
    }
  }
  const whole = upper.trim();
  const [only] = whole.matchAll(IBAN_SHAPE);
  return only && only[0] === whole ? whole.replace(/\s+/g, '') : null;
}

/** A BIC / SWIFT code: 4 letters bank, 2 letters country, 2 location, optional 3 branch. */
export function parseBic(text: string): string | null {
  return text.match(/\b[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?\b/)?.[0] ?? null;
}

/**
 * A web address: with a scheme, or starting with www., or a bare domain with a path. The domain
 * of an email address ("jane@mail.example.org") is no web address.
 */
export function parseUri(text: string): string | null {
  const match =
    text.match(/\bhttps?:\/\/[^\s<>"']+/i) ??
    text.match(/(?<![@\w.-])www\.[^\s<>"']+/i) ??
    // A bare domain ends in a lower-case top-level domain: "S.No" and "Inv.No" are abbreviations.
    text.match(/(?<![@\w.-])[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[a-z]{2,}(?![\w-])(?:\/[^\s<>"']*)?/);
  return match ? match[0].replace(/[.,;:)]+$/, '') : null;
}

/** A clock time as written ("2:16 PM", "14:05"). */
export function parseTime(text: string): string | null {
  return text.match(/(?<![\d:])\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?(?![\d:])/i)?.[0] ?? null;
}

/** A clock time on the 24-hour clock, seconds dropped ("8:40 PM" -> "20:40"); null when the text has none. */
export function twentyFourHourTime(text: string): string | null {
  const match = parseTime(text)?.match(/^(\d{1,2}):(\d{2})(?::\d{2})?\s?(?:([ap])\.?m\.?)?$/i);
  if (!match) return null;
  let hours = Number(match[1]);
  const meridiem = match[3]?.toLowerCase();
  if (meridiem === 'p' && hours < 12) hours += 12;
  if (meridiem === 'a' && hours === 12) hours = 0;
  return `${String(hours).padStart(2, '0')}:${match[2]}`;
}

const SYMBOLS: readonly [RegExp, string][] = [
  [/€|\beur(?:o|os)?\b/i, 'EUR'],
  [/£|\bgbp\b|pounds? sterling/i, 'GBP'],
  [/₹|\brs\.?\s?-?\d|^rs\.?$|\binr\b|rupees?/i, 'INR'],
  [/\bzł|\bpln\b|złotych/i, 'PLN'],
  [/¥|\bjpy\b|\byen\b/i, 'JPY'],
  [/\bchf\b|\bfr\.\s?\d/i, 'CHF'],
  [/\$|\busd\b|us dollars?/i, 'USD'],
];

/**
 * The currency a text names: an ISO 4217 code written in it ("EUR 12,00"), else the one its symbols
 * or words say ("€", "Rs", "US Dollars"). "$" alone is read as US dollars. `allowed` (a schema's
 * enum) limits the answer.
 */
export function parseCurrency(text: string, allowed?: readonly unknown[]): string | null {
  const ok = (code: string) => !allowed || allowed.includes(code);
  for (const match of text.matchAll(/\b[A-Z]{3}\b/g)) {
    if (allowed ? allowed.includes(match[0]) : CURRENCY_CODES.has(match[0])) return match[0];
  }
  for (const [pattern, code] of SYMBOLS) if (pattern.test(text) && ok(code)) return code;
  return null;
}

/** The currency of a whole document: the one its amounts are written in most often. */
export function documentCurrency(text: string, allowed?: readonly unknown[]): string | null {
  const counts = new Map<string, number>();
  // A sum in words names its currency too ("Rupees Forty Only").
  for (const match of text.matchAll(/[€£₹¥$]|\b[A-Z]{3}\b|\bRs\.?(?=\s?-?\d)|\bzł|\b[Rr]upees\b/g)) {
    const code = parseCurrency(match[0], allowed);
    if (code) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best?.[0] ?? countryCurrency(text, allowed);
}

/** A European VAT number: the country's code, then eight to twelve digits (the Dutch ones end in "B01"). */
const VAT_NUMBER = /\b([A-Z]{2}) ?(\d{8,12}(?:B\d{2})?)\b/g;

/**
 * No currency printed: the currency of the country the document's first valid IBAN, else its
 * first VAT number, belongs to.
 */
function countryCurrency(text: string, allowed?: readonly unknown[]): string | null {
  const iban = parseIban(text);
  const country =
    iban?.slice(0, 2) ?? [...text.matchAll(VAT_NUMBER)].find((match) => COUNTRY_CURRENCIES[match[1] ?? ''])?.[1];
  const code = country ? COUNTRY_CURRENCIES[country] : undefined;
  if (!code || (allowed && !allowed.includes(code))) return null;
  return code;
}

const NAME_WORD = "[\\p{Lu}\\p{N}(.][\\p{L}\\p{N}&'.()-]*";
const ANY_LEGAL_FORM = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${LEGAL_FORM_PATTERN}|${AMBIGUOUS_LEGAL_FORM_PATTERN})(?![\\p{L}\\p{N}])`,
  'u',
);
const ORGANIZATION = new RegExp(
  `(?<![\\p{L}\\p{N}])([\\p{Lu}\\p{N}][\\p{L}\\p{N}&'.-]*(?: (?:${NAME_WORD}|&|and|of|the|de|van|der|und|y|et)){0,7}?` +
    // A form followed by a postcode is a state or province ("Boise, ID 83702", "Regina, SK S4P 2K7").
    // A country in brackets may stand between two forms ("INDUSTRIES (M) SDN BHD"); an ambiguous
    // form may close the line after another ("TRADING CO.").
    // (A registration number after the form is not a ZIP code: "SDN BHD 123456-A".)
    `(?:(?:,? (?:\\(\\p{Lu}{1,3}\\) )?${LEGAL_FORM_PATTERN}(?![\\p{L}\\p{N}])(?!\\s*\\d{5}(?!\\d*-[A-Z])|\\s+[A-Z]\\d[A-Z]))+` +
    `(?:,? ${AMBIGUOUS_LEGAL_FORM_PATTERN}(?=\\s*[.,]?\\s*$))?|,? ${AMBIGUOUS_LEGAL_FORM_PATTERN}(?=\\s*[.,]?\\s*$)))`,
  'u',
);

/** A company name with its legal form, its words capitalised ("Blauwtje B.V.", "KR Trade Services Pvt. Ltd."). */
export function parseOrganization(text: string): string | null {
  // Most lines hold no legal form: one scan for it spares the name pattern's tries at every word.
  if (!ANY_LEGAL_FORM.test(text)) return null;
  return text.match(ORGANIZATION)?.[1]?.trim() ?? null;
}
