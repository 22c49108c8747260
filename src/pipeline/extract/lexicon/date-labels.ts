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
  'vencimiento',
  'echeance',
  'faellig',
  'faelligkeit',
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
