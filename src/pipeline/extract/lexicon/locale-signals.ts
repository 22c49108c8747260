/**
 * What tells a document's date order when its dates do not: words and symbols of countries that
 * write the day first, against the dollar sign and the "sales tax" of the United States (lower case,
 * accents folded).
 */
export const DAY_FIRST_SIGNALS: readonly string[] = [
  'gst',
  'vat',
  'tva',
  'mwst',
  'iva',
  'sst',
  'rm',
  'myr',
  'sgd',
  's$',
  '£',
  '€',
  '₹',
  'singapore',
  'malaysia',
  'indonesia',
  'australia',
  'india',
  'united kingdom',
  'england and wales',
  'laws of england',
  'english law',
  'scotland',
  'registered office',
  'new zealand',
  'hong kong',
  'south africa',
  'ireland',
  'sdn bhd',
  'pte ltd',
];
export const MONTH_FIRST_SIGNALS: readonly string[] = ['$', 'usd', 'us$', 'sales tax'];

/** Common words of English contract prose: a document with several of them is written in English. */
export const ENGLISH_CONTRACT_WORDS: readonly string[] = ['the', 'shall', 'agreement', 'party', 'parties'];
