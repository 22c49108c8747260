/**
 * Words before a date that say it is not the document's own date (a due date, a birth date, the
 * end of a period). Lower case, accents folded, whole words.
 */
export const OTHER_DATE_LABELS: readonly string[] = [
  'due',
  'due date',
  'payment due',
  'expiry',
  'expires',
  'exp',
  'valid',
  'valid until',
  'until',
  'birth',
  'born',
  'dob',
  'delivery',
  'ship',
  'shipping',
  'shipped',
  'period',
  'from',
  'to',
  'start',
  'end',
  'ends',
  'pay by',
  'before',
  'thru',
  'through',
  'return by',
  'returns by',
  'exchange by',
  'vencimiento',
  'echeance',
  'fallig',
  'falligkeit',
];

/** Labels of the date an invoice is due (folded: "Fälligkeit" is "falligkeit"). */
export const DUE_DATE_LABELS: readonly string[] = [
  'due',
  'due date',
  'date due',
  'payment due',
  'pay by',
  'vencimiento',
  'echeance',
  'date d echeance',
  'date limite de paiement',
  'fallig',
  'falligkeit',
  'falligkeitsdatum',
  'zahlungsziel',
  'vervaldatum',
  'scadenza',
];

/** Words of a sentence that asks for payment ("Kindly settle by", "zahlbar bis", "à régler avant le"). */
export const PAYMENT_WORDS: readonly string[] = [
  'pay',
  'payable',
  'payment',
  'remit',
  'zahlbar',
  'zahlen',
  'zahlung',
  'uberweisen',
  'uberweisung',
  'payer',
  'paiement',
  'regler',
  'reglement',
  'betalen',
  'betaling',
  'pagar',
  'pagare',
];

/** Words before a date that bound the time to pay ("by", "bis zum", "avant le"), at the end of the text before it. */
export const BY_DATE_WORDS: readonly string[] = [
  'by',
  'until',
  'before',
  'no later than',
  'bis',
  'bis zum',
  'bis spatestens',
  'spatestens',
  'spatestens am',
  'avant le',
  'au plus tard le',
  'le',
  'voor',
  'uiterlijk',
  'antes del',
  'entro il',
];

/** A discount for early payment: the date after it is the discount's, not the due date ("3 % Skonto bis 15.03."). */
export const EARLY_PAYMENT_DISCOUNT_WORDS: readonly string[] = ['skonto', 'escompte', 'discount', 'korting', 'sconto'];

/** "within 30 days", "innerhalb 30 Tagen", "à 30 jours": the days after the invoice date that payment is due. */
export const WITHIN_WORDS: readonly string[] = ['within', 'innerhalb', 'binnen', 'sous', 'a', 'entro', 'net'];
/** Small words between "within" and its number of days ("innerhalb von 14 Tagen", "dans un délai de 30 jours"). */
export const WITHIN_LINKS: readonly string[] = ['von', 'of', 'de', 'van'];
export const DAY_WORDS: readonly string[] = ['days', 'day', 'tagen', 'tage', 'jours', 'dagen', 'dias', 'giorni', 'dni'];
/** "30 days net", "30 Tage netto", "Net 30": the word that makes a number of days the time to pay. */
export const NET_WORDS: readonly string[] = ['net', 'netto', 'neto'];
/** Labels of the payment terms, followed by the number of days to pay ("Terms: 30 days", "Zahlungsziel: 14 Tage"). */
export const PAYMENT_TERMS_LABELS: readonly string[] = [
  'terms',
  'payment terms',
  'terms of payment',
  'zahlungsziel',
  'zahlungsbedingungen',
  'conditions de paiement',
  'conditions de reglement',
  'delai de paiement',
  'betalingstermijn',
  'betalingsvoorwaarden',
  'betalingsconditie',
  'termini di pagamento',
  'condizioni di pagamento',
  'condiciones de pago',
  'plazo de pago',
  'termin platnosci',
];

/** Labels that name the document's own date. */
export const DOCUMENT_DATE_LABELS: readonly string[] = [
  'date',
  'dated',
  'invoice date',
  'receipt date',
  'bill date',
  'issue date',
  'issued',
  'transaction date',
  'trans date',
  'sale date',
  'tarikh',
  'fecha',
  'datum',
  'data',
];

/**
 * Words in a label that make it name another document's number or date: the invoice a credit
 * note or a corrected invoice refers to ("Date de facture associée", "Preceding invoice date",
 * "Datum der ursprünglichen Rechnung"). Folded, whole words.
 */
export const OTHER_DOCUMENT_WORDS: readonly string[] = [
  'associated',
  'associee',
  'associe',
  'preceding',
  'previous',
  'precedente',
  'precedent',
  'anterieure',
  'ursprunglich',
  'ursprungliche',
  'ursprunglichen',
  'vorherige',
  'vorherigen',
  'voorgaande',
  'oorspronkelijke',
  'precedente',
  'anterior',
];
