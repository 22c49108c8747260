/**
 * How amounts, figures and currencies are printed: one place for the patterns every reader uses,
 * so that a currency added here is known to all of them.
 */

export const LONE_AMOUNT = /^[-(−]?\s*(?:[$€£¥₹]|[A-Z]{3})?\s*[-(−]?\s*\d[\d.,' ]*\)?\s*(?:[$€£]|[A-Z]{3})?$/;

/** Text where a number should be starts with it (or a sign or currency), not with words. */
export const LEADING_AMOUNT = /^[-(−]?\s*(?:[$€£¥₹]|[A-Z]{3}\b)?\s*[-(−]?\s*\d/;

export const FIGURE = /^[-+(−]?\s*(?:[$€£¥₹]\s?)?[-+]?\d[\d.,']*\s?%?\)?$/;

// The amount at the end of the line; what is before it is the item's text. Found from the end so
// that a long line costs one pass, not one per split point.
export const TRAILING_AMOUNT =
  /\s(\(?-?\s*(?:[$€£¥₹]|[A-Z]{3}\s?|Rs\.?\s?)?\s*-?\d[\d.,']*\)?\s*(?:[$€£]|[A-Z]{3})?)\s*$/u;

export const NUMERIC_WORD = /^[-(]?[$€£¥₹]?[-(]?\d[\d.,']*\)?%?$/;

/** ISO 4217 codes of the currencies invoices are commonly written in (codes that are also English words left out). */
export const CURRENCY_CODES: ReadonlySet<string> = new Set([
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'JPY',
  'INR',
  'PLN',
  'CAD',
  'AUD',
  'SEK',
  'NOK',
  'DKK',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'ISK',
  'TRY',
  'RUB',
  'UAH',
  'CNY',
  'HKD',
  'SGD',
  'MYR',
  'IDR',
  'THB',
  'PHP',
  'KRW',
  'TWD',
  'VND',
  'NZD',
  'ZAR',
  'BRL',
  'MXN',
  'ARS',
  'CLP',
  'COP',
  'PEN',
  'AED',
  'SAR',
  'QAR',
  'KWD',
  'ILS',
  'EGP',
  'NGN',
  'KES',
  'MAD',
  'TND',
  'RSD',
  'BAM',
  'MKD',
  'GEL',
]);

// A totals line ends the table: English, Spanish and the languages of common European invoices.
// German writes its totals as compounds ("Nettobetrag", "Gesamtsumme", "Rechnungsbetrag").
export const TOTALS_LINE =
  /^(sub\s*-?\s*total|total|grand total|suma|importe total|base imponible|balance|amount due|tax|vat|iva|tva|btw|detail tva|recapitulatif tva|totaal|subtotaal|summe|gesamt\p{L}*|montant|net total|netto(?:betrag|summe)?|brutto(?:betrag|summe)?|rechnungs(?:betrag|summe)|endbetrag|zahlbetrag|positionssumme|zwischensumme|umsatzsteuer|mwst|ust|zu zahlen|razem|do zaplaty|taxable (?:value|amount)|(?:zzgl|zuzgl|zuzuglich|abzgl|inkl|incl|plus)\.?\s+(?:\d+(?:[.,]\d+)?\s*%\s*)?(?:mwst|ust|umsatzsteuer|vat|tax|btw|tva|gst))\b/u;

/** Currency words and symbols that may stand alone between a label and its amount ("TOTAL :" / "RM" / "39.80"). */
export const CURRENCY_WORDS: readonly string[] = [
  'rm',
  'myr',
  's$',
  'sgd',
  '$',
  'usd',
  'us$',
  'eur',
  '€',
  'gbp',
  '£',
  'inr',
  'rs',
  '₹',
  'aud',
  'cad',
  'chf',
  'jpy',
  '¥',
  'idr',
  'rp',
  'php',
  '₱',
  'thb',
  '฿',
];

/**
 * The currency of a country, by its ISO 3166 code as an IBAN or a VAT number opens with it: the
 * currency an invoice from there is in when it prints no currency at all. Greece's VAT numbers
 * open with "EL".
 */
export const COUNTRY_CURRENCIES: Readonly<Record<string, string>> = {
  AT: 'EUR',
  BE: 'EUR',
  CY: 'EUR',
  DE: 'EUR',
  EE: 'EUR',
  EL: 'EUR',
  ES: 'EUR',
  FI: 'EUR',
  FR: 'EUR',
  GR: 'EUR',
  HR: 'EUR',
  IE: 'EUR',
  IT: 'EUR',
  LT: 'EUR',
  LU: 'EUR',
  LV: 'EUR',
  MT: 'EUR',
  NL: 'EUR',
  PT: 'EUR',
  SI: 'EUR',
  SK: 'EUR',
  GB: 'GBP',
  PL: 'PLN',
  CH: 'CHF',
  SE: 'SEK',
  DK: 'DKK',
  NO: 'NOK',
  CZ: 'CZK',
  HU: 'HUF',
};
