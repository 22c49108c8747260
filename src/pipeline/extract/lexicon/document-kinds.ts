/**
 * What billing documents call themselves in their title, per kind, in English and the languages of
 * common European invoices. Keys are a kind's words as a schema's enum writes them ("credit_note"
 * -> "credit note"); values are titles a reader sees printed for it. Lower case, accents folded.
 * A longer title names a more precise kind ("rechnung des versicherers" before "rechnung").
 */
export const DOCUMENT_KIND_TITLES: Readonly<Record<string, readonly string[]>> = {
  invoice: [
    'invoice',
    'tax invoice',
    'commercial invoice',
    'bill',
    'rechnung',
    'handelsrechnung',
    'facture',
    'factuur',
    'factura',
    'fattura',
    'fatura',
    'faktura',
  ],
  'credit note': [
    'credit note',
    'credit memo',
    'creditnote',
    'gutschrift',
    'rechnungsgutschrift',
    'avoir',
    'facture d avoir',
    'creditnota',
    'creditfactuur',
    'nota de credito',
    'nota di credito',
  ],
  'debit note': ['debit note', 'debit memo', 'lastschrift', 'belastungsanzeige', 'note de debit', 'debetnota'],
  'corrected invoice': [
    'corrected invoice',
    'correction invoice',
    'rechnungskorrektur',
    'korrekturrechnung',
    'stornorechnung',
    'facture rectificative',
    'factura rectificativa',
    'correctiefactuur',
  ],
  'partial invoice': ['partial invoice', 'teilrechnung', 'abschlagsrechnung', 'facture partielle'],
  'prepayment invoice': [
    'prepayment invoice',
    'advance invoice',
    'vorauszahlungsrechnung',
    'anzahlungsrechnung',
    'facture d acompte',
    'voorschotfactuur',
  ],
  'self billed invoice': ['self billed invoice', 'self billing invoice', 'autofacture', 'autofacturation'],
  'insurer invoice': ['insurer invoice', 'insurer s invoice', 'rechnung des versicherers', 'versichererrechnung'],
  'hire invoice': ['hire invoice', 'mietrechnung'],
  'final construction invoice': ['final construction invoice', 'schlussrechnung'],
  'partial construction invoice': ['partial construction invoice', 'bauabschlagsrechnung'],
  'payment valuation': ['payment valuation', 'zahlungsaufstellung'],
  receipt: ['receipt', 'quittung', 'kassenbon', 'recu', 'recibo', 'ricevuta', 'kwitantie'],
  quote: ['quote', 'quotation', 'angebot', 'devis', 'offerte', 'presupuesto', 'preventivo'],
  order: ['purchase order', 'order', 'bestellung', 'commande', 'bestelling', 'pedido'],
  'delivery note': ['delivery note', 'lieferschein', 'bon de livraison', 'pakbon', 'albaran'],
  statement: ['statement', 'statement of account', 'kontoauszug', 'releve de compte'],
};

/** Phrases of a property's name or description that ask for the document's kind. */
export const DOCUMENT_KIND_PROPERTY_PHRASES: readonly string[] = [
  'document type',
  'type of document',
  'document kind',
  'kind of document',
  'kind of billing document',
  'invoice type',
  'type of invoice',
  'document title',
];

/** Phrases of a property's name or description that ask for the document's own number. */
export const DOCUMENT_NUMBER_PROPERTY_PHRASES: readonly string[] = [
  'invoice number',
  'invoice no',
  'invoice id',
  'credit note number',
  'document number',
  'bill number',
  'receipt number',
];
