import { escapeRegExp } from './escape-regexp.js';

/**
 * Legal forms that end a company's name, by jurisdiction, as they are printed (abbreviated or in
 * full, with or without dots). A name ending in one of them is an organisation whatever its words.
 */
export const LEGAL_FORMS: Readonly<Record<string, readonly string[]>> = {
  english: [
    'Inc.',
    'Inc',
    'Incorporated',
    'Ltd.',
    'Ltd',
    'Limited',
    'LLC',
    'L.L.C.',
    'LLP',
    'L.L.P.',
    'LP',
    'L.P.',
    'PLC',
    'Corp.',
    'Corp',
    'Corporation',
    'Co.',
    'Company',
    'Pty Ltd',
    'Pty. Ltd.',
    'Pvt. Ltd.',
    'Pvt Ltd',
    'Private Limited',
    'PLLC',
    'P.C.',
    'P.A.',
  ],
  // (PLT: a limited liability partnership, "Perkongsian Liabiliti Terhad".)
  malaysian: [
    'Sdn Bhd',
    'Sdn. Bhd.',
    'Sdn.Bhd.',
    'Sdn Bhd.',
    'S/B',
    'SB',
    'Bhd',
    'Bhd.',
    'Berhad',
    'Sendirian Berhad',
    'PLT',
  ],
  singaporean: ['Pte Ltd', 'Pte. Ltd.', 'Pte.Ltd.', 'Pte Ltd.', 'Pte'],
  // Sole traders and partnerships in Malaysia, Singapore and India name themselves by their trade.
  trade: ['Enterprise', 'Enterprises', 'Trading', 'Traders', 'Industries', 'Holdings', 'Group', 'Marketing'],
  german: [
    'GmbH',
    'AG',
    'KG',
    'OHG',
    'GbR',
    'e.K.',
    'e.V.',
    'UG',
    'GmbH & Co. KG',
    'GmbH + Co. KG',
    'AG & Co. KG',
    'AG + Co. KG',
    'mbH',
    'a.G.',
    'VVaG',
    'KGaA',
  ],
  dutch: ['B.V.', 'BV', 'N.V.', 'NV', 'V.O.F.'],
  french: ['S.A.', 'SA', 'SAS', 'S.A.S.', 'SARL', 'S.A.R.L.', 'SASU', 'EURL', 'SNC', 'S.à r.l.'],
  spanish: ['S.L.', 'SL', 'S.L.U.', 'SLU', 'S.A.U.', 'S.C.'],
  italian: ['S.r.l.', 'SRL', 'S.p.A.', 'SpA', 'S.n.c.', 'S.a.s.'],
  portuguese: ['Ltda.', 'Ltda', 'Lda.', 'Lda', 'S/A', 'ME', 'EIRELI'],
  polish: ['sp. z o.o.', 'Sp. z o.o.', 'S.A.', 'sp.k.'],
  nordic: ['AB', 'ASA', 'AS', 'A/S', 'ApS', 'Oy', 'Oyj', 'HB'],
  indonesian: ['PT', 'CV', 'Tbk'],
  other: ['CO.', 'K.K.', 'Co., Ltd.', 'Co. Ltd.', 'Co.,Ltd.', 'Kft.', 'Zrt.', 's.r.o.', 'a.s.', 'd.o.o.', 'OOO', 'SE'],
};

/**
 * Forms that are also ordinary words or initials ("AS", "ME", "Oy"): trusted only where they end
 * the line, and only in their printed case ("OY" in "Maple Ridge, OY" is a state, not a form).
 */
export const AMBIGUOUS_LEGAL_FORMS: ReadonlySet<string> = new Set([
  'SB',
  'PLT',
  'SA',
  'SL',
  'AS',
  'ME',
  'SE',
  'AB',
  'HB',
  'LP',
  'UG',
  'CV',
  'PT',
  'Co.',
  'Company',
  'Group',
  'Marketing',
  'Pte',
  'Holdings',
  'Oy',
  'Oyj',
  'ApS',
  'ASA',
  'CO.',
]);

/** The forms as one alternation, longest first, in their printed case (and in capitals if asked). */
function alternation(forms: Iterable<string>, capitals: boolean): string {
  const variants = new Set<string>();
  for (const form of forms) {
    variants.add(form);
    if (capitals) variants.add(form.toUpperCase());
  }
  const sources = [...variants]
    .sort((a, b) => b.length - a.length)
    // A dot after a word may be left out ("Sdn Bhd."), one after an initial may not ("B.V." is not "BV" in a sentence).
    .map((form) =>
      escapeRegExp(form)
        .replace(/(\p{L}{2,})\\\./gu, '$1\\.?')
        .replace(/ /g, '\\s?'),
    );
  return `(?:${sources.join('|')})`;
}

const ALL_FORMS = Object.values(LEGAL_FORMS).flat();

/** Trailing legal forms that are no ordinary word: a name may go on after them ("Acme Ltd, London"). */
export const LEGAL_FORM_PATTERN: string = alternation(
  ALL_FORMS.filter((form) => !AMBIGUOUS_LEGAL_FORMS.has(form)),
  true,
);

/** Legal forms that are also words or initials, for the end of a line only. */
export const AMBIGUOUS_LEGAL_FORM_PATTERN: string = alternation(
  ALL_FORMS.filter((form) => AMBIGUOUS_LEGAL_FORMS.has(form)),
  false,
);
