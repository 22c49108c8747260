/**
 * Short words a text in each language is full of (articles, prepositions, conjunctions) and the
 * commonest words of its invoices' labels, none shared by two of these languages nor English;
 * lower case, accents folded.
 * Each language names the country whose postcodes an address without a country line is read in,
 * and the form of those postcodes.
 */
export interface LanguageHome {
  readonly words: readonly string[];
  /** ISO 3166-1 alpha-2 code of the language's home country. */
  readonly country: string;
  readonly postcode: RegExp;
}

export const LANGUAGE_HOMES: readonly LanguageHome[] = [
  {
    words: [
      ...['und', 'der', 'das', 'mit', 'fur', 'von', 'auf', 'bis', 'zum', 'zur', 'ohne', 'nicht', 'wir', 'ihre'],
      ...['rechnung', 'betrag', 'summe', 'gesamt', 'menge', 'preis', 'tagen', 'innerhalb', 'zahlbar', 'mwst'],
    ],
    country: 'DE',
    postcode: /^\d{5}$/,
  },
  {
    words: [
      ...['et', 'les', 'pour', 'du', 'au', 'aux', 'sur', 'avec', 'nous', 'votre', 'vos'],
      ...['facture', 'montant', 'paiement', 'prix', 'quantite', 'tva', 'echeance', 'reglement'],
    ],
    country: 'FR',
    postcode: /^\d{5}$/,
  },
  {
    words: [
      ...['het', 'een', 'van', 'voor', 'en', 'uw', 'wij', 'bij', 'naar'],
      ...['factuur', 'bedrag', 'betaling', 'btw', 'totaal', 'prijs', 'aantal', 'omschrijving'],
    ],
    country: 'NL',
    postcode: /^\d{4} ?[A-Z]{2}$/,
  },
  {
    words: ['il', 'della', 'per', 'di', 'fattura', 'importo', 'pagamento', 'totale', 'prezzo', 'scadenza'],
    country: 'IT',
    postcode: /^\d{5}$/,
  },
  {
    words: ['el', 'los', 'las', 'para', 'factura', 'importe', 'pago', 'precio', 'cantidad', 'vencimiento'],
    country: 'ES',
    postcode: /^\d{5}$/,
  },
];

/**
 * France's overseas departments have postcodes of their own first three digits and countries
 * of their own in ISO 3166-1 (97400 Saint-Denis is in Réunion, RE).
 */
export const FRENCH_OVERSEAS: Readonly<Record<string, string>> = {
  '971': 'GP',
  '972': 'MQ',
  '973': 'GF',
  '974': 'RE',
  '975': 'PM',
  '976': 'YT',
};
