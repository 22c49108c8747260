/**
 * The typography of printed forms: what separates two labels on one line, what a blank to fill in
 * looks like, and how a ticked box is printed.
 */

/** A character after which a new label may start on the same line: dashes, bars, semicolons, bullets. */
export const LABEL_SEPARATOR = /[—–|;•·]/;

/**
 * Quotes, dots, ticks and a dash a scan leaves before a printed label, a speck read as a small letter
 * before capitals, the edge of the label's box read as a bracket or a bar ("[Date", "| Name"), or a
 * mark set off by a space before a word ("- Code", "$ FROM", "© Name").
 */
export const STRAY_LEAD =
  /^(?:[‘’'"“”`.,·]+\s*|-(?=\p{L})|\p{Ll}\s+(?=\p{Lu}{2})|[[|]\s*(?=\p{L}{2})|[-$§©®*:;~=+]\s+(?=\p{L}{2}))+/u;

/** The number of an entry of a numbered list before its label: "2. ", "3, " (a scan's comma), "(b) ", "iv) ". */
export const LIST_NUMBER = /^(?:\d{1,2}[.,)]|\(?[a-z]\)|\(?[ivx]{1,4}[.)])\s+/u;

/** Fill-in rules, leaders and stray separators before a value, and the edge of its box read as a bracket ("[21.06.2001"). */
export const FILL_IN_LEAD = /^(?:[\s_—–|~=]|-(?!\d)|\.{2,}|\[(?=[\p{L}\p{N}]{2}))*/u;
/** The same after a value. */
export const FILL_IN_TRAIL = /(?:[\s_—–|~=]|\.{2,})+$/;

/** Marks a ticked box is printed with, inside brackets or alone. */
const TICK = '[xX✓✔]';
const TICKED_BOX = '[☒☑⊠]';

/** A cell that is only a tick, a scan often doubling it ("x", "X", "Xx"): the mark of a ticked option. */
export const MARK_CELL = new RegExp(`^(?:${TICK}|${TICKED_BOX}){1,3}$`, 'u');

/** A line that is one label and one ticked box, on either side: "Label [x]", "[x] Label", "☒ Label". */
export const CHECK_MARK = new RegExp(
  `^\\s*(?<before>[^\\[\\]<>()☐☑☒⊠]{0,80}?)\\s*(?<mark>[[(<]\\s*${TICK}\\s*[\\])>]|${TICKED_BOX})\\s*(?<after>[^\\[\\]<>☐☑☒⊠]{0,80})$`,
  'u',
);

/** An option word followed by a lone mark (a scan may double it), ticking it among others: "Yes  x  No", "Overall _X__". */
export const OPTION_MARK = new RegExp(`^(?<option>\\p{L}[\\p{L}.'-]*)\\s+_*(?<mark>${TICK}{1,3})_*(?=\\s|$)`, 'u');

/** A mark far after one option and right before the next ticks the next: "Yes          X _No". */
export const MARK_BEFORE_OPTION = new RegExp(
  `^\\p{L}[\\p{L}.'-]*\\s{6,}(?<mark>${TICK}{1,3})[\\s_]{0,2}(?<option>\\p{L}[\\p{L}.'-]*)(?=\\s|$)`,
  'u',
);

/** A ticked box before its option's words, among other options: "(X) Express Post   ( ) Courier". */
export const BOX_BEFORE_OPTION = new RegExp(
  `^(?<mark>[[({]\\s*${TICK}\\s*[\\])}])\\s*(?<option>\\p{L}[\\p{L}.'&/-]*(?: \\p{L}[\\p{L}.'&/-]*)*)`,
  'u',
);

/**
 * A fill-in rule between a label and its value in one cell ("Supplier _ Swift", "Type __ None",
 * "DATE_ Oct 9", "Total ———412", a leader of dots "Topic... Tides"), or the edge of the value's box ("Liaison | J. Smith", "Date [1.3.99").
 */
export const RULED_PAIR = /\s_{1,}\s*|_{2,}\s*|_\s+|\s*[—–]{2,}\s*|\s*-{3,}\s*|\.{3,}\s*|\s[|[]\s*(?=[\p{L}\p{N}]{2})/u;

/** A unit of measure printed after a figure, in a cell of its own: "mm", "mg/cc", "g/m2", "%". */
export const UNIT_CELL = /^(?:%|\p{Ll}{1,3}(?:\/\p{Ll}{1,3}\d?)?\d?\.?)$/u;

/** Words printed before a page's number in its header or footer ("Page 2 of 5", "Seite 2"), lower case. */
export const PAGE_NUMBER_WORDS: readonly string[] = ['page', 'pg', 'p', 'seite', 'página', 'pagina'];

/** A line that is only a page's number: "Page 2 of 5", "- 3 -", "[4]", "2/5", "12". */
export const PAGE_NUMBER_LINE = new RegExp(
  `^\\s*(?:(?:${PAGE_NUMBER_WORDS.join('|')})\\.?\\s*)?[-–—[(]?\\s*\\d{1,4}\\s*[-–—\\])]?\\s*(?:(?:of|/|von|de)\\s*\\d{1,4}\\s*)?$`,
  'iu',
);

/**
 * Labels of two letters that memos and forms print ("TO", "Re", "cc", "PO", "No", "on" before a
 * date): a cell of one of them is a label, not a scrap of the scan.
 */
export const SHORT_LABEL_WORDS: ReadonlySet<string> = new Set([
  'to',
  're',
  'cc',
  'fm',
  'fr',
  'po',
  'no',
  'nr',
  'on',
  'at',
  'by',
  'id',
  'de',
]);

/**
 * Answers of two letters written in a form's box ("No", "OK") and units of measure written as the
 * value of a unit field ("Unit: mg"): a value, not a scrap of the scan. Lower case.
 */
export const SHORT_ANSWER_WORDS: ReadonlySet<string> = new Set([
  'no',
  'ok',
  'na',
  'si',
  'ja',
  ...'mg kg gm ml cc cm mm km ft oz lb'.split(' '),
]);

/**
 * Names of a form's fields that stand alone as a label and are not written in as a value: a cell of
 * only these words ("DATE", "Signature", "Phone Number") after a label is the next label, the first
 * left blank. Lower case.
 */
export const FIELD_NAME_WORDS: ReadonlySet<string> = new Set([
  'date',
  'time',
  'signature',
  'name',
  'title',
  'quantity',
  'location',
  'address',
  'telephone',
  'phone',
  'fax',
  'number',
  'no',
  'amount',
  'total',
  'city',
  'state',
  'zip',
  'department',
  'position',
  'initials',
]);

/**
 * Last words of a form's own title ("FAX TRANSMITTAL FORM", "TIME SHEET"): a line ending in one is
 * the form's name, not a field's label and its value even when it opens with a field's noun.
 * Lower case.
 */
export const FORM_TITLE_ENDINGS: ReadonlySet<string> = new Set([
  'form',
  'forms',
  'sheet',
  'transmittal',
  'questionnaire',
  'checklist',
  'formulaire',
  'formular',
  'formulier',
  'formulario',
]);

/**
 * Nouns a printed label ends in, naming what is written beside or under it: "Account Name", "Charge
 * No.", "Issue Date", "Product Code". A short phrase without a figure ending in one of them is a
 * label, not a written value. Lower case.
 */
export const LABEL_HEAD_WORDS: ReadonlySet<string> = new Set([
  ...FIELD_NAME_WORDS,
  'nos',
  'nr',
  'code',
  'description',
  'subject',
  'reference',
  'ref',
  'attention',
  'attn',
  'recipient',
  'recipients',
]);

/**
 * Words of a label that asks for a written figure: a date, a time, a phone or fax number, a postcode.
 * What is written under such a label has a digit. Lower case.
 */
export const FIGURE_LABEL_WORDS: ReadonlySet<string> = new Set([
  'date',
  'dated',
  'time',
  'phone',
  'telephone',
  'tel',
  'fax',
  'facsimile',
  'zip',
  'postcode',
]);

/** Joining words that end a label before a person's name: "Approved By", "Prepared by", "Attention of". Lower case. */
export const AGENT_LABEL_ENDINGS: readonly string[] = ['by', 'of', 'von', 'par', 'por', 'door', 'da', 'przez'];
