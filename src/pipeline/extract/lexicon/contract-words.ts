/**
 * The words of agreements: what heads one, what introduces its parties, what ends the party
 * clause, and what describes a party rather than names it. English, as the contracts read.
 */

/** Nouns that name a legal instrument in its heading ("DISTRIBUTOR AGREEMENT", "CONTRAT DE LICENCE"). */
export const AGREEMENT_NOUNS: readonly string[] = [
  'agreement',
  'contract',
  'addendum',
  'amendment',
  'memorandum',
  'lease',
  'license',
  'licence',
  'deed',
  'covenant',
  'certificate',
  'power of attorney',
  'terms and conditions',
  'statement',
  'understanding',
  'undertaking',
  'accord',
  'contrat',
  'convention',
  'vertrag',
  'vereinbarung',
  'contrato',
  'convenio',
  'acuerdo',
];

/** Words that start the recitals or the operative part: the party clause ends before them. */
export const PARTY_CLAUSE_ENDS: readonly string[] = [
  'whereas',
  'recitals',
  'background',
  'introduction',
  'witnesseth',
  'w i t n e s s e t h',
  'now therefore',
  'now, therefore',
  'in consideration',
  'agree as follows',
  'agree to all',
  'hereby agree',
  'the parties agree',
  'table of contents',
  'witnesses that',
  'it is agreed',
  'agreed terms',
  'operative provisions',
];

/** Capitalised words that open a sentence rather than a company's name ("Beta LLC. The term of ..."). */
export const SENTENCE_OPENERS: readonly string[] = [
  'The',
  'THE',
  'This',
  'THIS',
  'These',
  'Each',
  'EACH',
  'Such',
  'Any',
  'All',
  'If',
  'In',
  'Whereas',
  'WHEREAS',
  'Now',
  'NOW',
];

/**
 * Words after a comma that describe a party instead of naming it ("Acme, Inc., a Delaware
 * corporation", "..., with offices at", "..., having its registered office").
 */
export const PARTY_DESCRIPTORS: readonly string[] = [
  'a',
  'an',
  'the',
  'with',
  'having',
  'located',
  'whose',
  'which',
  'who',
  'organized',
  'organised',
  'incorporated',
  'existing',
  'its',
  'each',
  'together',
  'acting',
  'represented',
  'hereinafter',
  'herein',
  'hereafter',
  'collectively',
  'individually',
  'in',
  'on',
  'of',
  'at',
  'as',
  'by',
  'residing',
  'domiciled',
  'formerly',
  'duly',
  'registered',
  'doing',
  'address',
  'company',
  'corporation',
  // "Mr. Arjun Rao, son of Mr. K. Rao, aged 40": a person's parentage and age describe him.
  'son',
  'daughter',
  'wife',
  'aged',
  // "Jo Roe and Al Roe, individuals residing in Ohio", "..., husband and wife": people described together.
  'individual',
  'individuals',
  'husband',
  'jointly',
  'personally',
];

/**
 * Words after a comma that describe several parties at once ("Jo Roe and Al Roe, individuals",
 * "..., husband and wife", "..., each a Delaware corporation"): the "and" before them joins two
 * parties, not the words of one name.
 */
export const PLURAL_PARTY_DESCRIPTORS: readonly string[] = [
  'individuals',
  'husband',
  'jointly',
  'both',
  'each',
  'collectively',
  'together',
];

/**
 * What joins a company lending a person's services to that person ("Tee Time Productions, Inc.,
 * f/s/o Jack Dalton"): both sign the agreement, the company and the person it furnishes.
 */
export const LOAN_OUT_PHRASES: readonly string[] = ['f/s/o', 'for the services of', 'furnishing the services of'];

/** What an agreement calls the papers attached to it ("listed on Schedule A", "set forth in Exhibit 1"). */
export const ATTACHMENT_NOUNS: readonly string[] = [
  'schedule',
  'exhibit',
  'annex',
  'appendix',
  'attachment',
  'addendum',
];

/**
 * Abbreviated legal forms and titles that end in a period inside a name ("Inc.", "B.V.", "Corp."),
 * so the period does not end the sentence.
 */
export const ABBREVIATIONS_IN_NAMES: readonly string[] = [
  'inc',
  'corp',
  'co',
  'ltd',
  'llc',
  'l.l.c',
  'l.p',
  'lp',
  'llp',
  'l.l.p',
  'n.a',
  'n.v',
  'b.v',
  's.a',
  's.l',
  's.p.a',
  's.a.s',
  's.r.l',
  'a.g',
  'p.c',
  'p.a',
  'plc',
  'pty',
  'bhd',
  'sdn',
  'pte',
  'pvt',
  'gmbh',
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'no',
  'st',
  'u.s',
  'u.s.a',
  'u.k',
  'd/b/a',
  'jr',
  'sr',
];

/**
 * Political units that precede a jurisdiction's name in a choice of law ("the State of New York",
 * "the Commonwealth of Massachusetts", "the Province of Ontario", "the Republic of Singapore", "the
 * Federal Republic of Germany"): the value is the name after them. Others ("People's Republic of
 * China", "District of Columbia") are part of the name as printed.
 */
export const JURISDICTION_UNITS: readonly string[] = [
  'state',
  'commonwealth',
  'province',
  'republic',
  'federal republic',
];

/**
 * Federations whose provinces or states make their own private law, named with them in a choice of
 * law ("the Province of Manitoba, Canada", "the laws of Nova Scotia and the federal laws of
 * Canada applicable therein"): the value keeps the country ("Manitoba, Canada"). The United States
 * is left out: "the State of New York" is the whole name a contract's reader quotes.
 */
export const FEDERATIONS: readonly string[] = ['Canada', 'Australia'];

/** Labels printed before the law a contract chooses ("Governing Law: Delaware"), lower case. */
export const GOVERNING_LAW_LABELS: readonly string[] = ['governing law', 'applicable law', 'choice of law'];

/** Words that, after "governed by", say a choice of law follows (folded). */
export const CHOICE_OF_LAW_VERBS: readonly string[] = [
  'governed',
  'construed',
  'interpreted',
  'enforced',
  'subject to',
  'governing law',
  'applicable law',
  'choice of law',
  'in accordance with',
];

/**
 * Words that end a jurisdiction's name when the text is in capitals ("THE LAWS OF THE STATE OF
 * OREGON WITHOUT REGARD TO..."), where capitalisation no longer marks the name's end (folded).
 */
export const AFTER_JURISDICTION_WORDS: readonly string[] = [
  'without',
  'excluding',
  'exclusive',
  'applicable',
  'as',
  'in',
  'except',
  'which',
  'that',
  'regardless',
  'giving',
  'to',
  'for',
  'notwithstanding',
  'including',
  'other',
  'its',
  'their',
  'shall',
  'will',
  'hereto',
  'governing',
  'conflict',
  'conflicts',
  'choice',
  'principles',
  'rules',
  'provisions',
  'law',
  'laws',
  'apart',
  'and',
  'or',
  'the',
  'if',
  'with',
  'by',
  'on',
  'from',
  'are',
  'is',
  'be',
  'then',
  'but',
  'so',
  'all',
  'any',
  'courts',
  'court',
];

/**
 * Legal forms and suffixes that follow a comma inside a name ("Acme, Inc.", "Foo, L.P.",
 * "James Smith, Jr."), so that comma does not separate two parties (folded, final period dropped).
 */
export const NAME_SUFFIXES_AFTER_COMMA: readonly string[] = [
  'inc',
  'incorporated',
  'llc',
  'l.l.c',
  'lp',
  'l.p',
  'llp',
  'l.l.p',
  'lllp',
  'pllc',
  'ltd',
  'limited',
  'corp',
  'corporation',
  'co',
  'n.a',
  'plc',
  's.a',
  'sa',
  'sas',
  's.l',
  'srl',
  's.r.l',
  'spa',
  's.p.a',
  'gmbh',
  'ag',
  'kg',
  'b.v',
  'bv',
  'n.v',
  'nv',
  'pte',
  'pty',
  'p.c',
  'p.a',
  'jr',
  'sr',
  'ii',
  'iii',
  'iv',
  'esq',
  'dba',
  'd/b/a',
  'ulc',
  'lc',
  'l.c',
  'ltda',
  'chartered',
];

/** How an agreement written in the first person states its signer's consent ("I hereby agree", "my employment"), as printed. */
export const FIRST_PERSON_AGREEMENT: readonly string[] = [
  'I agree',
  'I hereby agree',
  'I acknowledge',
  'I hereby acknowledge',
  'I understand',
  'I covenant',
  'my employment',
  'my engagement',
];

/**
 * Labels of the line a signature is written on ("By: ____", "Signature: ____", "Its: President"),
 * lower case: what marks a block as a signature's; "Name:" and "Title:" alone are any form's.
 */
export const SIGNATURE_BLOCK_LABELS: readonly string[] = ['by', 'its', 'signature', 'signed', 'authorized signature'];

/**
 * How a signature block names the party a person signs for, before the party's name ("Signed for
 * and on behalf of", "For and on behalf of:"), lower case.
 */
export const SIGNING_FOR_PHRASES: readonly string[] = ['for and on behalf of', 'for and behalf of'];

/** Verbs that may open a signature block's line before the party's name ("Signed on behalf of", "Executed by ... for and on behalf of"). */
export const SIGNING_VERBS: readonly string[] = ['signed', 'executed', 'duly signed', 'duly executed', 'agreed'];

/** After a signing verb, a shorter phrase names the party too ("Signed on behalf of"); alone, it opens sentences of prose. */
export const SIGNED_FOR_PHRASES: readonly string[] = [...SIGNING_FOR_PHRASES, 'on behalf of'];

/**
 * The roles agreements give their parties, as printed before a party's name in a label
 * ("Disclosing Party: Acme Ltd", "Licensee: Beta GmbH"); lower case.
 */
export const PARTY_ROLE_LABELS: readonly string[] = [
  'disclosing party',
  'receiving party',
  'discloser',
  'recipient',
  'party a',
  'party b',
  'first party',
  'second party',
  'company',
  'client',
  'customer',
  'contractor',
  'consultant',
  'supplier',
  'vendor',
  'buyer',
  'seller',
  'purchaser',
  'licensor',
  'licensee',
  'employer',
  'employee',
  'landlord',
  'tenant',
  'lessor',
  'lessee',
  'distributor',
  'provider',
  'service provider',
  'agent',
  'principal',
  'franchisor',
  'franchisee',
  'counterparty',
];

/** A law named by its adjective ("governed by English law") and the jurisdiction it is the law of. */
export const LAW_ADJECTIVES: Readonly<Record<string, string>> = {
  english: 'England and Wales',
  scottish: 'Scotland',
  irish: 'Ireland',
  german: 'Germany',
  french: 'France',
  swiss: 'Switzerland',
  dutch: 'the Netherlands',
  belgian: 'Belgium',
  austrian: 'Austria',
  italian: 'Italy',
  spanish: 'Spain',
  portuguese: 'Portugal',
  swedish: 'Sweden',
  danish: 'Denmark',
  norwegian: 'Norway',
  finnish: 'Finland',
  polish: 'Poland',
  luxembourg: 'Luxembourg',
  canadian: 'Canada',
  australian: 'Australia',
  singaporean: 'Singapore',
  singapore: 'Singapore',
  japanese: 'Japan',
  chinese: 'China',
  indian: 'India',
  israeli: 'Israel',
  mexican: 'Mexico',
  brazilian: 'Brazil',
};
