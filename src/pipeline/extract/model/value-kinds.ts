import { parsePhone } from '../parse-identifiers.js';
import { parseDate } from '../parse-values.js';

/**
 * Values of a kind that is whole on one line: a date of figures, a clock time, a phone number. Such
 * a value does not wrap onto the line under it, and a line that is only such a figure does not go on
 * with a value of words above it ("J. Doe" over "555-013-4400" is a name, then a phone number).
 */

/** A clock time: "10:15", "9.30 am", "14:05:30". */
const CLOCK_TIME = /^\d{1,2}[:.]\s?\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?$/i;
/** A date of figures as one token: "4/12/98", "12.04.1998", "1994-12-28". */
const FIGURE_DATE = /^\d{1,4}[./-]\d{1,2}[./-]\d{2,4}$/;

export function isWholeFigure(text: string): boolean {
  const trimmed = text.trim();
  if (CLOCK_TIME.test(trimmed)) return true;
  if (FIGURE_DATE.test(trimmed) && parseDate(trimmed) !== null) return true;
  return /\d/.test(trimmed) && parsePhone(trimmed) === trimmed;
}
