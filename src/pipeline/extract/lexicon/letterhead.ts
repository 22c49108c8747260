/**
 * Words of a document's head that are not the issuer's name: titles of the document, greetings,
 * copies and the labels printed around the name. Lower case, accents folded.
 */
export const DOCUMENT_TITLE_WORDS: ReadonlySet<string> = new Set([
  'receipt',
  'receipts',
  'payment',
  'invoice',
  'invoices',
  'tax',
  'bill',
  'cash',
  'sales',
  'sale',
  'official',
  'simplified',
  'copy',
  'duplicate',
  'reprint',
  'original',
  'customer',
  'merchant',
  'billing',
  'order',
  'check',
  'cheque',
  'statement',
  'quotation',
  'delivery',
  'note',
  'memo',
  'credit',
  'debit',
  'factura',
  'recibo',
  'ticket',
  'facture',
  'rechnung',
  'quittung',
  'kassenbon',
  'bon',
  'resit',
  'invois',
  'cukai',
]);

/**
 * Captions a template prints where a party's name goes, not names: the role of the party
 * ("Vendeur", "Lieferant", "Customer"), the words of a caption ("Seller trade name") and "logo",
 * the place of the issuer's logo. A line of these words only is no name.
 */
export const PARTY_CAPTION_WORDS: ReadonlySet<string> = new Set([
  'logo',
  'name',
  'trade',
  'seller',
  'vendor',
  'supplier',
  'issuer',
  'buyer',
  'client',
  'customer',
  'vendeur',
  'fournisseur',
  'emetteur',
  'acheteur',
  'lieferant',
  'verkaufer',
  'rechnungssteller',
  'rechnungsersteller',
  'kunde',
  'kaufer',
  'rechnungsempfanger',
  'leverancier',
  'verkoper',
  'klant',
  'proveedor',
  'vendedor',
  'cliente',
  // Captions of the address a party is billed or delivered at ("Billing address", "Factuuradres").
  'address',
  'billing',
  'shipping',
  'delivery',
  'invoice',
  'factuuradres',
  'afleveradres',
  'rechnungsadresse',
  'rechnungsanschrift',
  'lieferadresse',
  'lieferanschrift',
  'anschrift',
  'adresse',
]);

/**
 * Labels of the address goods are delivered to ("Lieferadresse:", "Ship to:"): a name after one
 * is the delivery party's, neither the issuer's nor the billed party's. Folded, single spaced.
 */
export const DELIVERY_ADDRESS_LABELS: readonly string[] = [
  'lieferadresse',
  'lieferanschrift',
  'warenempfanger',
  'delivery address',
  'deliver to',
  'ship to',
  'shipping address',
  'adresse de livraison',
  'livraison',
  'afleveradres',
  'leveringsadres',
];

/** A placeholder for the issuer's logo printed before its name ("LOGO ACME SARL"): not part of the name. */
export const LOGO_WORDS: ReadonlySet<string> = new Set(['logo']);

/**
 * Forms of address printed alone on the line over a person's name in an address block ("Herrn" /
 * "Max Mustermann"): the first line of the name as the block prints it.
 */
export const SALUTATION_WORDS: ReadonlySet<string> = new Set([
  'herrn',
  'herr',
  'frau',
  'mr',
  'mrs',
  'ms',
  'miss',
  'monsieur',
  'madame',
  'mademoiselle',
  'mme',
  'mlle',
  'dhr',
  'mevr',
  'mevrouw',
  'sr',
  'sra',
  'senor',
  'senora',
  'sig',
  'sigra',
  'shri',
  'sri',
  'smt',
]);

/** Titles printed before a person's name ("Dr. A. Vale", "Mrs. Ode"): the forms of address and academic titles. */
export const PERSON_TITLE_WORDS: ReadonlySet<string> = new Set([...SALUTATION_WORDS, 'dr', 'prof']);

/** Greetings and courtesy lines printed above or below the issuer's name. */
export const GREETING_PHRASES: readonly string[] = [
  'welcome',
  'thank you',
  'thanks',
  'terima kasih',
  'selamat datang',
  'please come again',
  'see you',
  'have a nice day',
  'bienvenue',
  'bienvenido',
  'willkommen',
  'gracias',
  'merci',
  'danke',
];

/**
 * Thanks and welcomes that name the shop after them ("THANK YOU FOR SHOPPING AT MAPLE'S", "Thank
 * You for Visiting, QVB", "WELCOME TO MAJU MART"), lower case, words separated by single spaces.
 */
export const THANKS_NAMING_PHRASES: readonly string[] = [
  'thank you for shopping at',
  'thank you for shopping with',
  'thanks for shopping at',
  'thanks for shopping with',
  'thank you for visiting',
  'thanks for visiting',
  'thank you for dining at',
  'thank you for dining with',
  'thanks for dining at',
  'thank you for choosing',
  'thanks for choosing',
  'thank you for eating at',
  'welcome to',
  'selamat datang ke',
  'bienvenue chez',
  'bienvenido a',
  'willkommen bei',
];

/** Words after a thanks that name no shop ("Thank you for shopping with us"). */
export const THANKS_UNNAMED_WORDS: ReadonlySet<string> = new Set(['us', 'our', 'this', 'the store', 'again']);

/**
 * Phrases of a line that gives the shop's opening hours ("Open daily 9am - 9pm", "Business hours:
 * 8:00 - 17:00"): such a line is neither the shop's name nor a line of its address. Folded, single spaced.
 */
export const OPENING_HOURS_PHRASES: readonly string[] = [
  'open daily',
  'open everyday',
  'open every day',
  'opening hours',
  'opening times',
  'open hours',
  'business hours',
  'operating hours',
  'operation hours',
  'office hours',
  'store hours',
  'shop hours',
  'trading hours',
  'waktu perniagaan',
  'waktu operasi',
  'jam operasi',
  'waktu buka',
  'offnungszeiten',
  'horaires',
  'heures d ouverture',
  'horario',
];

/** Labels of the lines that end the letterhead: contact details, tax and registration numbers. */
export const LETTERHEAD_END_LABELS: readonly string[] = [
  'tel',
  'tel no',
  'telephone',
  'phone',
  'ph',
  'fax',
  'hp',
  'mobile',
  'email',
  'e mail',
  'website',
  'web',
  'www',
  'gst',
  'gst id',
  'gst reg',
  'gst no',
  'gst reg no',
  'sst',
  'sst id',
  'vat',
  'vat no',
  'vat reg',
  'tax id',
  'tin',
  'abn',
  'uen',
  'co reg',
  'co no',
  'company no',
  'company reg',
  'reg no',
  'registration no',
  'roc',
  'brn',
  'siret',
  'cif',
  'nif',
  'ust id',
  'date',
  'time',
  'cashier',
  'server',
  'table',
  'invoice no',
  'receipt no',
  'bill no',
];

/** Nouns of trade that, on the line under a short name, continue it ("Ravi Kumar" / "Thai Kitchen"). */
export const BUSINESS_NOUNS: ReadonlySet<string> = new Set([
  'restaurant',
  'restoran',
  'restaurante',
  'cafe',
  'bar',
  'grill',
  'bistro',
  'bakery',
  'kitchen',
  'pub',
  'brewery',
  'coffee',
  'tea',
  'hotel',
  'store',
  'stores',
  'shop',
  'mart',
  'market',
  'supermarket',
  'pharmacy',
  'station',
  'boutique',
  'salon',
  'house',
  'steakhouse',
  'pizzeria',
  'trattoria',
  'cuisine',
  'kedai',
  'gallery',
  'museum',
  'centre',
  'center',
  'stationery',
  'hardware',
  'bookstore',
  'bookshop',
  'minimart',
  'minimarket',
  'hypermarket',
  'pasaraya',
  'florist',
  'optical',
  'clinic',
  'dental',
  'laundry',
  'tailor',
  'bakeri',
  'kopitiam',
  'canteen',
  'foodcourt',
  'warung',
  'gerai',
  'furniture',
  'electrical',
  'electronics',
  'motor',
  'motors',
  'tyre',
  'tyres',
  'spa',
  'studio',
  'printing',
  'emporium',
  'deli',
  'diner',
  'eatery',
  'tavern',
  'inn',
  // Malay and Chinese trading words for a shop or firm ("CHOP SENG HUAT", "KEDAI RUNCIT ...").
  'chop',
  'runcit',
  'nursery',
]);

/**
 * Words that label a shop's branch ("Branch: Riverside", "Outlet : Pine Grove", "Quayside
 * Branch"): a line that starts or ends with one names the branch, not the shop.
 */
export const BRANCH_WORDS: ReadonlySet<string> = new Set([
  'branch',
  'outlet',
  'cawangan',
  'cabang',
  'filiale',
  'succursale',
  'sucursal',
]);

/**
 * Words of a line that describes the shop's trade rather than naming it ("HARDWARE & BUILDING
 * MATERIALS", "GENERAL WHOLESALE & RETAIL"), with the trade nouns: printed over the legal name,
 * such a line is no brand.
 */
export const TRADE_DESCRIPTION_WORDS: ReadonlySet<string> = new Set([
  'general',
  'wholesale',
  'wholesaler',
  'retail',
  'retailer',
  'dealer',
  'dealers',
  'supply',
  'supplies',
  'supplier',
  'suppliers',
  'materials',
  'building',
  'contractor',
  'contractors',
  'service',
  'services',
  'products',
  'spare',
  'parts',
  'accessories',
  'goods',
  'equipment',
  'machinery',
  'import',
  'export',
  'importer',
  'exporter',
  'distributor',
  'distributors',
  'agency',
  'provision',
  'sundry',
  'sundries',
  'grocery',
  'groceries',
]);

/**
 * Words a Malay business name starts with, before the owner's or the place's name ("KEDAI RUNCIT
 * ...", "SYARIKAT PERNIAGAAN ...", "PUSAT SERVIS ..."): a line of these words alone, or a line
 * starting with one over a legal name, is the first line of a name the next line goes on with.
 */
export const NAME_HEAD_WORDS: ReadonlySet<string> = new Set([
  'kedai',
  'restoran',
  'syarikat',
  'perniagaan',
  'pusat',
  'kilang',
  'farmasi',
  'klinik',
  'bengkel',
  'gerai',
  'warung',
  'pasaraya',
]);

/**
 * Words that introduce the company that runs the shop ("Operated by: X Sdn Bhd"): the legal name
 * of the business that issues the receipt, while the name the shop trades under stays its own.
 */
export const OPERATOR_PHRASES: readonly string[] = [
  'operated by',
  'managed by',
  'dikendalikan oleh',
  'diuruskan oleh',
  'exploite par',
  'betrieben von',
];

/**
 * Words that introduce the company that owns or runs the shop ("Owned by: X Sdn Bhd"), printed
 * after the shop's own name: that company is less surely the name the receipt is issued under.
 */
export const OWNER_PHRASES: readonly string[] = [
  ...OPERATOR_PHRASES,
  'owned by',
  'a member of',
  'member of',
  'subsidiary of',
  'a division of',
  'division of',
  'franchisee of',
  'a company of',
  'milik',
  'dimiliki oleh',
];

/** Labels of a phone number, and of a fax number that is not one to call. */
export const PHONE_LABELS: readonly string[] = [
  'tel',
  'tel no',
  'tele',
  'telephone',
  'phone',
  'ph',
  'hp',
  'h p',
  'mobile',
  'mob',
  'cell',
  'call',
  'call us',
  'contact',
  'hotline',
  'telefono',
  'telefon',
  'telephone',
  't',
];
export const FAX_LABELS: readonly string[] = ['fax', 'facsimile', 'f'];

/** Labels of numbers that are not phone numbers: tax, registration, document and account numbers. */
export const OTHER_NUMBER_LABELS: readonly string[] = [
  'gst',
  'vat',
  'reg',
  'registration',
  'tin',
  'abn',
  'uen',
  'tax',
  'id',
  'no',
  'nr',
  'roc',
  'brn',
  'steuer',
  'invoice',
  'receipt',
  'rept',
  'order',
  'card',
  'acct',
  'account',
  'store',
  'trans',
  'ref',
  // Register, tax and bank numbers of European and Indian invoices, and other numbers' own words.
  'kvk',
  'coc',
  'btw',
  'tva',
  'ust',
  'mwst',
  'siret',
  'siren',
  'rcs',
  'hrb',
  'hra',
  'nip',
  'regon',
  'krs',
  'iban',
  'bic',
  'swift',
  'gstin',
  'cin',
  'pan',
  'number',
  'nummer',
  'numero',
  'po',
];
