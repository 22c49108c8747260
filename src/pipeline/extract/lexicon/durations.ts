/**
 * Units of time as contracts write them, per language, mapped to one normalised unit. Words are
 * folded (lower case, no accents); plural forms are listed since languages pluralise differently.
 */
export type DurationUnit = 'day' | 'week' | 'month' | 'year';

export const DURATION_UNIT_WORDS: Readonly<Record<string, DurationUnit>> = {
  // English
  day: 'day',
  days: 'day',
  week: 'week',
  weeks: 'week',
  month: 'month',
  months: 'month',
  year: 'year',
  years: 'year',
  // French
  jour: 'day',
  jours: 'day',
  semaine: 'week',
  semaines: 'week',
  mois: 'month',
  an: 'year',
  ans: 'year',
  annee: 'year',
  annees: 'year',
  // German
  tag: 'day',
  tage: 'day',
  tagen: 'day',
  woche: 'week',
  wochen: 'week',
  monat: 'month',
  monate: 'month',
  monaten: 'month',
  jahr: 'year',
  jahre: 'year',
  jahren: 'year',
  // Spanish
  dia: 'day',
  dias: 'day',
  semana: 'week',
  semanas: 'week',
  mes: 'month',
  meses: 'month',
  ano: 'year',
  anos: 'year',
};

/** Words that may stand between the number and the unit ("forty-five (45) calendar days", "20 business days"). */
export const DURATION_UNIT_QUALIFIERS: readonly string[] = [
  'calendar',
  'business',
  'working',
  'consecutive',
  'full',
  'additional',
  'successive',
  'contract',
  'ouvres',
  'ouvrables',
  'calendaires',
  'habiles',
  'naturales',
];

/** The duration in the words a reader expects: "1 year", "60 days". */
export function formatDuration(count: number, unit: DurationUnit): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * Words that name one recurring period without a number ("successive annual periods", "month to
 * month", "from year to year"), with the period they name.
 */
export const RECURRING_PERIOD_WORDS: Readonly<Record<string, { count: number; unit: DurationUnit }>> = {
  annual: { count: 1, unit: 'year' },
  yearly: { count: 1, unit: 'year' },
  'year to year': { count: 1, unit: 'year' },
  'year-to-year': { count: 1, unit: 'year' },
  monthly: { count: 1, unit: 'month' },
  'month to month': { count: 1, unit: 'month' },
  'month-to-month': { count: 1, unit: 'month' },
  quarterly: { count: 3, unit: 'month' },
  'quarter to quarter': { count: 3, unit: 'month' },
};

/** Nouns an adjectival duration may qualify and still state the agreement's term ("a five-year term", "a 5 year agreement"). */
export const TERM_NOUNS: readonly string[] = [
  'term',
  'terms',
  'period',
  'periods',
  'initial',
  'renewal',
  'extension',
  'contract',
  'agreement',
  'duration',
];

/** Nouns after a recurring period's word that make it a renewal's period too ("renew on an annual basis"). */
export const RECURRING_BASIS_NOUNS: readonly string[] = ['basis'];
