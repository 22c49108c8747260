/**
 * A French company's SIREN (its nine-digit number in the companies register) as invoices print it
 * without a SIREN label: in the trade register mention, before or after "RCS" and the registry's
 * town ("RCS Lyon B 512 345 678", "B 512 345 678 RCS Lyon"), or as the first nine digits of a
 * SIRET (the SIREN and a five-digit establishment number, "SIRET : 512 345 678 00021").
 */

const NINE_DIGITS = String.raw`\d{3}\s?\d{3}\s?\d{3}`;
const RCS = String.raw`R\.?\s?C\.?\s?S\.?`;
const TOWN = String.raw`\p{Lu}[\p{L}'’-]*(?:\s\p{Lu}[\p{L}'’-]*){0,2}`;
const MENTIONS: readonly RegExp[] = [
  new RegExp(String.raw`\b${RCS}\s+${TOWN}\s+(?:[AB]\s)?(${NINE_DIGITS})(?!\s?\d)`, 'u'),
  new RegExp(String.raw`(?<![\d\p{L}])(?:[AB]\s)?(${NINE_DIGITS})\s+${RCS}(?![\p{L}])`, 'u'),
  new RegExp(String.raw`\bSIRET\b\W{0,4}(${NINE_DIGITS})\s?\d{5}(?!\d)`, 'iu'),
];

/** True for a property asking for a SIREN number (by its name or description). */
export function asksSiren(key: string, description: unknown): boolean {
  return /\bsiren\b/i.test(`${key.replace(/_/g, ' ')} ${typeof description === 'string' ? description : ''}`);
}

/** The SIREN a line's register mention or SIRET holds, as printed, or null. */
export function sirenIn(text: string): string | null {
  for (const mention of MENTIONS) {
    const found = text.match(mention)?.[1];
    if (found) return found;
  }
  return null;
}
