/** What a string property is, from its format or the words of its name: which parser reads it. */
export type StringKind =
  | 'email'
  | 'uri'
  | 'phone'
  | 'iban'
  | 'bic'
  | 'time'
  | 'currency'
  | 'identifier'
  | 'date'
  | 'amount'
  | null;
