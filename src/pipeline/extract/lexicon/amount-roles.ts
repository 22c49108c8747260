import { PHRASE_SYNONYMS } from './labels.js';
/**
 * What the label of an amount on a receipt or invoice says the amount is, by phrase (lower case,
 * accents folded, words separated by single spaces). Roles are tried in the order of AMOUNT_ROLES:
 * the more specific phrase wins ("total after rounding" is the total, "total tax" the tax, "total qty"
 * a count), and a plain "total" comes last.
 */
export type AmountRole =
  | 'grand_total'
  | 'subtotal'
  | 'tax_total'
  | 'rounding'
  | 'tendered'
  | 'change'
  | 'tip'
  | 'discount'
  | 'item_count';

const ROLE_PHRASES: readonly (readonly [AmountRole, readonly string[]])[] = [
  [
    'grand_total',
    [
      'grand total',
      'total after rounding',
      'total rounded',
      'rounded total',
      'nett total',
      'net total',
      'total incl',
      'total inclusive',
      'total including',
      'incl gst',
      'incl vat',
      'incl tax',
      'inclusive gst',
      'inclusive of gst',
      'inclusive of tax',
      'inclusive of vat',
      'incl of gst',
      'including gst',
      'including tax',
      'including vat',
      'inkl ust',
      'inkl mwst',
      'inklusive ust',
      'inklusive mwst',
      'einschl mwst',
      'incl btw',
      'inclusief btw',
      'bruttobetrag',
      'amt payable',
      'amt due',
      'gross amount',
      'gross amt',
      'gross total',
      'amount due',
      'amount payable',
      'total due',
      'total payable',
      'net payable',
      'nett payable',
      'payable amount',
      'total to pay',
      'balance due',
      'total paid',
      'total payment',
      'amount paid',
      'bal due',
      'total amount due',
      'amount to pay',
      'total a pagar',
      'importe total',
      'montant ttc',
      'total ttc',
      'gesamtbetrag',
      'endbetrag',
      'gutschriftsbetrag',
      'gutschriftbetrag',
      'erstattungsbetrag',
      'total credit',
      'credit total',
      'montant de l avoir',
      'total avoir',
      'jumlah besar',
    ],
  ],
  [
    'discount',
    [
      'discount',
      'discounts',
      'savings',
      'save',
      'you save',
      'you saved',
      'saved',
      'coupon',
      'voucher',
      'promo',
      'descuento',
      'remise',
      'rabatt',
      'rabattbetrag',
      'korting',
      'sconto',
      'rabat',
      'diskaun',
    ],
  ],
  [
    'item_count',
    [
      'total qty',
      'total quantity',
      'qty',
      'quantity',
      'total items',
      'total item',
      'item count',
      'items',
      'no of items',
      'number of items',
      'total pcs',
      'pcs',
      'units',
      'item',
    ],
  ],
  [
    'subtotal',
    [
      'sub total',
      'subtotal',
      'sub ttl',
      'subttl',
      'total before tax',
      'total excl',
      'total excluding',
      'total exclusive',
      'excl gst',
      'excl vat',
      'excl tax',
      'before tax',
      'excluding gst',
      'excluding tax',
      'excluding vat',
      'exclusive gst',
      'excl',
      'net amount',
      'total ht',
      'zwischensumme',
      'sous total',
      'soustotal',
      'subtotale',
      'exkl ust',
      'exkl mwst',
      'excl btw',
      'exclusief btw',
      'nettobetrag',
    ],
  ],
  ['rounding', ['rounding', 'rounding adj', 'rounding adjustment', 'round adj', 'adj', 'rounding off']],
  [
    'tax_total',
    [
      'total tax',
      'tax total',
      'total gst',
      'total vat',
      'sales tax',
      'tax',
      'taxes',
      'gst',
      // India's GST in its central, state, integrated and union-territory parts.
      'cgst',
      'sgst',
      'igst',
      'utgst',
      'vat',
      'hst',
      'pst',
      'sst',
      'tva',
      'mwst',
      'iva',
      'ust',
    ],
  ],
  ['change', ['change', 'change due', 'changes', 'cash change', 'cambio', 'rendu', 'ruckgeld', 'baki']],
  [
    'tendered',
    [
      'cash',
      'tender',
      'tendered',
      'amount tendered',
      'cash tendered',
      'paid',
      'payment',
      'visa',
      'mastercard',
      'master card',
      'amex',
      'credit card',
      'debit card',
      'card',
      'credit',
      'debit',
      'nets',
      'eftpos',
      // A card slip's charge ("SALE  AUD  $37.15").
      'sale',
      'efectivo',
      'especes',
      'bar',
      // A German till's card payment ("EC-Karte", "Kartenzahlung", "girocard").
      'karte',
      'kartenzahlung',
      'girocard',
      'carte',
      'carte bancaire',
      'tarjeta',
    ],
  ],
  // (A restaurant's service charge is its gratuity, added to the bill: Italy's "servizio", Spain's "servicio".)
  [
    'tip',
    [
      'tip',
      'tips',
      'gratuity',
      'grat',
      'service charge',
      'svc chg',
      'propina',
      'pourboire',
      'trinkgeld',
      'servizio',
      'servicio',
    ],
  ],
  [
    'grand_total',
    [
      'total',
      'amount',
      'total amount',
      'total sales',
      'sales total',
      'sum',
      'importe',
      'montant',
      'summe',
      'gesamt',
      'totale',
      'totaal',
      'te betalen',
      'saldo',
      'jumlah',
      'ttl',
      'due',
      // The plain "total" of other languages on a till's last line.
      'ukupno',
      'razem',
      'celkem',
      'yhteensa',
      'totalt',
      'toplam',
    ],
  ],
];

/** The label vocabulary's phrase sets for the same totals (lexicon/labels.ts), so a label known there is known here. */
const LABEL_SETS: Partial<Record<AmountRole, readonly string[]>> = {
  grand_total: ['grand total', 'amount due for payment'],
  subtotal: ['total before tax'],
  tax_total: ['total tax amount'],
};

export const AMOUNT_ROLES: readonly (readonly [AmountRole, readonly string[]])[] = ROLE_PHRASES.map(
  ([role, phrases]) => {
    const fromLabels = (LABEL_SETS[role] ?? []).flatMap((set) => [set, ...(PHRASE_SYNONYMS[set] ?? [])]);
    const known = new Set(ROLE_PHRASES.flatMap(([, own]) => own));
    // A phrase another role already claims keeps that role ("net total" is a receipt's total there).
    return [role, [...phrases, ...fromLabels.filter((phrase) => !known.has(phrase))]] as const;
  },
);

/**
 * Labels of what is left to pay after prepayments and deposits ("Zahlbetrag", "NET A PAYER"): the
 * total's labels that say it is due, not what the goods cost.
 */
export const AMOUNT_DUE_PHRASES: readonly string[] = [
  'amount due for payment',
  ...(PHRASE_SYNONYMS['amount due for payment'] ?? []),
  'amt due',
  'bal due',
  'amt payable',
  'total payable',
  'amount to pay',
  'total to pay',
  'due payable',
];

/** Nouns a count of goods is printed with inside a total's label ("Total (1 item)", "TOTAL 2 ITEM(S)"). */
export const COUNT_NOUNS: readonly string[] = ['items', 'item(s)', 'item', 'pcs', 'pc', 'units', 'unit', 'qty'];

/** Label words OCR often prints with one letter wrong ("TOTAI", "Tota1"), read as the total's label at lower confidence. */
export const OCR_MISREAD_LABELS: readonly string[] = ['total'];

/** Words of other languages one letter from a label word, which are what they say and not misreads of it. */
export const NOT_MISREAD: ReadonlySet<string> = new Set(['totaal', 'totale', 'totali', 'totals']);

/** Words of a payment label that say it was cash handed over (which may be more than the total), not a card charge. */
export const CASH_WORDS: readonly string[] = ['cash', 'tender', 'tendered', 'tunai', 'efectivo', 'especes', 'bar'];

/**
 * Headings of the tax summary a receipt prints under its total ("GST SUMMARY", "VAT Analysis"):
 * the totals of its rows are the net and the tax of the total above, not the total.
 */
export const TAX_SUMMARY_PHRASES: readonly string[] = [
  'gst summary',
  'vat summary',
  'tax summary',
  'sst summary',
  'gst analysis',
  'vat analysis',
  'tax analysis',
];
