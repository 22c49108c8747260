/**
 * Names of ways to pay that invoices print without a label ("Paid with iDEAL on 21 April",
 * "Betrag wird per SEPA-Lastschrift eingezogen"), longest first where one starts another. Matched
 * whole words, case and accents ignored; the value is the name as printed.
 */
export const PAYMENT_METHOD_NAMES: readonly string[] = [
  'SEPA direct debit',
  'SEPA-Lastschrift',
  'direct debit',
  'Lastschrift',
  'bank transfer',
  'wire transfer',
  'Überweisung',
  'virement bancaire',
  'virement',
  'prélèvement',
  'overschrijving',
  'credit card',
  'debit card',
  'Kreditkarte',
  'carte bancaire',
  'American Express',
  'Mastercard',
  'Visa',
  'PayPal',
  'iDEAL',
  'Bancontact',
  'giropay',
  'Klarna',
  'Apple Pay',
  'Google Pay',
  'cash on delivery',
  'Nachnahme',
  'rembours',
];

/** Words of a property asking how an invoice is or was paid ("payment method", "mode of payment"). */
export const PAYMENT_METHOD_PROPERTY_WORDS: readonly (readonly string[])[] = [
  ['payment', 'method'],
  ['payment', 'mode'],
  ['payment', 'type'],
  ['paid', 'by'],
];
