import type { StringKind } from '../string-kind.js';
import { normalizeWord } from '../text-tokens.js';

/**
 * Words of a property's name or description that say what kind of value it holds, in the
 * languages of the label vocabulary (lexicon/labels.ts), normalised as labels are matched.
 */

export const ORGANIZATION_NAME_WORDS = new Set(
  ['name', 'nombre', 'company', 'razon', 'organization', 'empresa'].map(normalizeWord),
);

/** Property names that mean a postal address, whose value runs over several lines. */
export const ADDRESS_WORDS: ReadonlySet<string> = new Set(
  ['address', 'direccion', 'domicilio', 'adresse', 'adres'].map(normalizeWord),
);

export const DATE_LABEL_WORDS = new Set(['date', 'fecha', 'datum', 'data'].map(normalizeWord));

export const OTHER_DATE_QUALIFIERS = new Set(
  [
    'due',
    'expiry',
    'expiration',
    'end',
    'start',
    'birth',
    'delivery',
    'shipping',
    'ship',
    'vencimiento',
    'payment',
    'order',
    'from',
    'to',
    'until',
    'valid',
    'signature',
    'effective',
  ].map(normalizeWord),
);

export const PERCENT_WORDS = new Set(
  ['percent', 'percentage', 'rate', 'pct', 'tarief', 'taux', 'tasa', 'satz'].map(normalizeWord),
);

export const ISSUER_WORDS = new Set(
  [
    'issuer',
    'vendor',
    'seller',
    'supplier',
    'merchant',
    'company',
    'emisor',
    'proveedor',
    'vendedor',
    // Who issues a pay slip.
    'employer',
  ].map(normalizeWord),
);

/** Names of the party a document is addressed to (the buyer of an invoice, the addressee of a letter). */
export const RECIPIENT_WORDS = new Set(
  [
    'buyer',
    'customer',
    'client',
    'recipient',
    'purchaser',
    'addressee',
    'cliente',
    'comprador',
    'kunde',
    'kunden',
    'käufer',
  ].map(normalizeWord),
);

export const IDENTIFIER_LABEL_WORDS = new Set(
  [
    'number',
    'no',
    'nr',
    'id',
    'identifier',
    'identification',
    'code',
    'vat',
    'tax',
    'iban',
    'bic',
    'siren',
    'siret',
  ].map(normalizeWord),
);

export const COUNTRY_WORDS = new Set(['country', 'pais', 'pays', 'land', 'paese', 'kraj'].map(normalizeWord));

/** Numbers that start with their country's code: a VAT identification number and an IBAN, as properties name them. */
export const COUNTRY_PREFIXED_WORDS = new Set(['vat', 'iban', 'tva', 'btw', 'iva', 'ustid'].map(normalizeWord));

/** Country names as addresses print them, in the languages of the label vocabulary, and their ISO 3166 codes. */
export const COUNTRIES: Record<string, readonly string[]> = {
  NL: ['netherlands', 'the netherlands', 'nederland', 'pays bas', 'niederlande', 'holland'],
  BE: ['belgium', 'belgie', 'belgique', 'belgien'],
  DE: ['germany', 'deutschland', 'allemagne', 'duitsland'],
  FR: ['france', 'frankrijk', 'frankreich', 'francia'],
  ES: ['spain', 'espana', 'espagne', 'spanje', 'spanien'],
  IT: ['italy', 'italia', 'italie', 'italien'],
  PT: ['portugal'],
  PL: ['poland', 'polska', 'pologne', 'polen'],
  AT: ['austria', 'osterreich', 'autriche', 'oostenrijk'],
  CH: ['switzerland', 'schweiz', 'suisse', 'svizzera', 'zwitserland'],
  LU: ['luxembourg', 'luxemburg'],
  IE: ['ireland'],
  GB: ['united kingdom', 'uk', 'great britain', 'england', 'royaume uni', 'verenigd koninkrijk'],
  US: ['united states', 'united states of america', 'usa', 'u.s.a.', 'etats unis', 'verenigde staten'],
  CA: ['canada'],
  IN: ['india'],
  HK: ['hong kong'],
  DK: ['denmark', 'danmark'],
  SE: ['sweden', 'sverige'],
  NO: ['norway', 'norge'],
};

export const DESCRIPTION_WORDS = new Set(
  ['name', 'description', 'item', 'product', 'designation', 'title'].map(normalizeWord),
);

export const CODE_WORDS = new Set(
  ['code', 'sku', 'article', 'ref', 'reference', 'barcode', 'ean', 'part'].map(normalizeWord),
);

/**
 * Captions of an item table's columns that are not item properties a schema usually names: the
 * line's number, its code or reference, its tax, whether amounts are net or gross, and their
 * currency ("Rang  REF PRODUIT, LIBELLE  P.U. HT (EUR)  Qté  TVA"). A header line holds them
 * beside the item labels, so they do not make it less a header.
 */
export const TABLE_CAPTION_WORDS = new Set(
  [
    'line',
    'ligne',
    'pos',
    'position',
    'code',
    'ref',
    'reference',
    'vat',
    'tva',
    'btw',
    'mwst',
    'ust',
    'iva',
    'tax',
    'ht',
    'ttc',
    'excl',
    'incl',
    'exkl',
    'inkl',
  ].map(normalizeWord),
);

/** Words of an item property's name for its price per unit. */
export const PRICE_WORDS = new Set(['price', 'rate', 'precio', 'prix', 'preis', 'prijs', 'prezzo'].map(normalizeWord));

export const QUANTITY_WORDS = new Set(
  ['qty', 'quantity', 'quant', 'cantidad', 'quantite', 'qte', 'menge', 'anzahl', 'aantal', 'hoeveelheid', 'ilosc'].map(
    normalizeWord,
  ),
);

// The last word of a compound name is often printed alone: "Date:" for "transactionDate".
export const COMPOUND_HEAD_NOUNS = new Set(
  ['date', 'number', 'name', 'price', 'amount', 'total', 'address', 'email', 'phone', 'reference'].map(normalizeWord),
);

// ...unless the first word says it is a different one of its kind: a due date is not "the date".
export const DISTINCT_KIND_QUALIFIERS = new Set(
  [
    'due',
    'expiry',
    'expiration',
    'end',
    'start',
    'birth',
    'delivery',
    'shipping',
    'ship',
    'vencimiento',
    'unit',
    'tax',
    'sub',
  ].map(normalizeWord),
);

/** Nouns that are column headers on their own. */
export const ITEM_HEAD_NOUNS = new Set(
  ['description', 'quantity', 'price', 'amount', 'total', 'code', 'date'].map(normalizeWord),
);

/** Trailing (or leading) words that can go while the rest still names the field: "vendorName" -> "vendor". */
export const DROPPABLE_NAME_WORDS = new Set(
  ['name', 'number', 'num', 'no', 'id', 'value', 'amount', 'text', 'info', 'detail', 'field'].map(normalizeWord),
);

/** Words that make an unformatted string property a date worth normalising to ISO 8601. */
export const DATE_PROPERTY_WORDS = new Set(['date', 'fecha', 'dob', 'birthdate', 'datum'].map(normalizeWord));

export const KIND_WORDS: readonly [StringKind, readonly string[]][] = [
  ['email', ['email', 'mail', 'correo', 'courriel']],
  ['uri', ['website', 'url', 'web', 'site', 'homepage', 'uri']],
  ['phone', ['phone', 'telephone', 'tel', 'mobile', 'fax', 'telefono', 'movil', 'cell']],
  ['iban', ['iban']],
  ['bic', ['bic', 'swift']],
  ['time', ['time', 'hora', 'heure', 'uhrzeit']],
  ['currency', ['currency', 'moneda', 'divisa', 'devise', 'valuta']],
  ['identifier', ['number', 'no', 'nr', 'num', 'id', 'numero', 'nummer']],
  // After the identifier words: "tax id" is an identifier, "tax" and "total" are sums of money.
  ['amount', ['total', 'subtotal', 'amount', 'sum', 'price', 'cost', 'tax', 'tip', 'tips', 'balance', 'fee', 'jumlah']],
].map(([kind, words]) => [kind as StringKind, (words as string[]).map(normalizeWord)]);

export const IDENTIFIER_DESCRIPTION_WORDS = new Set(['number', 'nr', 'id', 'numero', 'nummer'].map(normalizeWord));

/** Words naming each part of a postal address, as property names and descriptions say them. */
export const ADDRESS_PART_WORDS: Readonly<
  Record<'street' | 'additional' | 'postcode' | 'city' | 'country', ReadonlySet<string>>
> = {
  street: new Set(['street', 'calle', 'rue', 'strasse', 'straat', 'via', 'ulica', 'line1', 'road'].map(normalizeWord)),
  additional: new Set(['additional', 'line2', 'second', 'complement', 'zusatz', 'suite'].map(normalizeWord)),
  postcode: new Set(['zip', 'postal', 'postcode', 'plz', 'cp', 'postleitzahl', 'zipcode'].map(normalizeWord)),
  city: new Set(
    ['city', 'town', 'ciudad', 'ville', 'stadt', 'ort', 'plaats', 'citta', 'miasto', 'localidad', 'locality'].map(
      normalizeWord,
    ),
  ),
  country: new Set(['country', 'pais', 'pays', 'land', 'paese', 'kraj'].map(normalizeWord)),
};

/**
 * Nouns that follow a party's role word in a section heading ("BUYER INFORMATION",
 * "Customer details"), so the role word there
 * heads a section rather than sitting inside a company's name.
 */
export const SECTION_HEADING_NOUNS = new Set(
  [
    'information',
    'info',
    'details',
    'data',
    'contact',
    'informationen',
    'angaben',
    'daten',
    'informations',
    'coordonnees',
    'gegevens',
    'datos',
    'dati',
    'dane',
  ].map(normalizeWord),
);

/** Possessives that address the reader, opening a heading over the addressee's own particulars ("Your identifiers"). */
export const ADDRESSEE_POSSESSIVES = new Set(
  ['your', 'votre', 'vos', 'ihre', 'uw', 'vostro', 'vostra', 'vostri', 'vostre', 'deres', 'er', 'era', 'ert'].map(
    normalizeWord,
  ),
);

/** Nouns for a party's own particulars under such a heading: identifiers, references, details. */
export const PARTY_IDENTITY_NOUNS = new Set(
  [
    'identifiers',
    'ids',
    'references',
    'details',
    'data',
    'identifiants',
    'références',
    'coordonnées',
    'informations',
    'angaben',
    'daten',
    'kennungen',
    'zeichen',
    'referenzen',
    'gegevens',
    'kenmerken',
    'referenties',
    'riferimenti',
    'dati',
    'identificativi',
    'referens',
    'referenser',
    'uppgifter',
    'referanser',
    'oplysninger',
    'referencer',
  ].map(normalizeWord),
);
