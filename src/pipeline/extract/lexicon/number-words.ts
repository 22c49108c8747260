import { foldText } from '../text-tokens.js';

/**
 * Numbers written as words, as contracts spell durations ("sixty (60) days", "twenty-four
 * months", "deux ans", "zwölf Monate", "treinta días"). Words are folded (lower case, no accents).
 */

const UNITS_AND_TEENS: Record<string, number> = {
  // English
  zero: 0,
  one: 1,
  a: 1,
  an: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  // French
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  onze: 11,
  douze: 12,
  treize: 13,
  quatorze: 14,
  quinze: 15,
  seize: 16,
  // German
  ein: 1,
  eine: 1,
  einen: 1,
  einem: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  funf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  elf: 11,
  zwolf: 12,
  // Spanish
  uno: 1,
  una: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  doce: 12,
  quince: 15,
};

const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  vingt: 20,
  trente: 30,
  quarante: 40,
  cinquante: 50,
  soixante: 60,
  zwanzig: 20,
  dreissig: 30,
  vierzig: 40,
  funfzig: 50,
  sechzig: 60,
  neunzig: 90,
  veinte: 20,
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  sesenta: 60,
  noventa: 90,
};

const HUNDREDS: ReadonlySet<string> = new Set(['hundred', 'cent', 'hundert', 'cien', 'ciento']);

/** Joining words inside a spelled number ("one hundred and twenty", "treinta y uno"). */
const JOINERS: ReadonlySet<string> = new Set(['and', 'y', 'et', 'und']);

/** Every word that can be part of a spelled number, for building patterns. */
export const NUMBER_WORDS: readonly string[] = [...Object.keys(UNITS_AND_TEENS), ...Object.keys(TENS), ...HUNDREDS];

/**
 * The value of a spelled number below a thousand ("sixty", "twenty-four", "one hundred twenty"),
 * or null when a word is not a number word. Hyphens and spaces separate the words.
 */
/** Articles that read as one. */
const ARTICLES: ReadonlySet<string> = new Set(['a', 'an']);

export function parseNumberWords(text: string): number | null {
  const words = foldText(text)
    .split(/[\s-]+/)
    .filter((word) => word !== '');
  if (words.length === 0 || words.length > 6) return null;
  // "a five-year term": the article counts as one only alone ("a year") or before a hundred ("a hundred days").
  if (words.length > 1 && ARTICLES.has(words[0] ?? '') && !HUNDREDS.has(words[1] ?? '')) words.shift();
  let total = 0;
  let current = 0;
  let seen = false;
  for (const word of words) {
    if (JOINERS.has(word) && seen) continue;
    const unit = UNITS_AND_TEENS[word];
    const ten = TENS[word];
    if (unit !== undefined) current += unit;
    else if (ten !== undefined) current += ten;
    else if (HUNDREDS.has(word)) current = (current || 1) * 100;
    else return null;
    seen = true;
  }
  total += current;
  return seen ? total : null;
}

/** English ordinals as contracts count anniversaries ("the third anniversary", "the tenth (10th) anniversary"). */
export const ORDINAL_WORDS: Readonly<Record<string, number>> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  'twenty-first': 21,
  'twenty-second': 22,
  'twenty-third': 23,
  'twenty-fourth': 24,
  'twenty-fifth': 25,
  'twenty-sixth': 26,
  'twenty-seventh': 27,
  'twenty-eighth': 28,
  'twenty-ninth': 29,
  thirtieth: 30,
  'thirty-first': 31,
};
