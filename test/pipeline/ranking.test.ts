import t from 'tap';
import type { Candidate, CandidateGenerator } from '../../src/pipeline/extract/candidates/candidate.js';
import { buildDocumentModel } from '../../src/pipeline/extract/model/document-model.js';
import { profileOf } from '../../src/pipeline/extract/ranking/property-profile.js';
import { MIN_CONFIDENCE, rankCandidates } from '../../src/pipeline/extract/ranking/rank.js';

const lawGenerator: CandidateGenerator = {
  name: 'test',
  relations: [
    { relation: 'governing_law', propertyPhrases: ['governing law', 'jurisdiction'] },
    { relation: 'grand_total', propertyPhrases: ['total'], excludedBy: ['subtotal'] },
  ],
  generate: () => [],
};

function candidate(overrides: Partial<Candidate>): Candidate {
  return {
    kind: 'place',
    value: 'Delaware',
    raw: 'Delaware',
    span: { line: 0, start: 0, endLine: 0, end: 8 },
    kindConfidence: 0.8,
    layout: 'prose',
    relations: [],
    labelWords: [],
    ...overrides,
  };
}

t.test('a profile asks for the relations its name or description names', async (t) => {
  t.ok(profileOf('governing_law', { type: 'string' }, [lawGenerator]).relations.has('governing_law'));
  t.ok(
    profileOf('law', { type: 'string', description: 'Jurisdiction whose law applies' }, [lawGenerator]).relations.has(
      'governing_law',
    ),
    'from the description',
  );
  t.notOk(profileOf('subtotal', { type: 'number' }, [lawGenerator]).relations.has('grand_total'), 'excluded');
  t.ok(profileOf('total', { type: 'number' }, [lawGenerator]).relations.has('grand_total'));
  t.same([...profileOf('total', { type: 'number' }, [lawGenerator]).kinds], ['amount']);
  t.same([...profileOf('effective_date', { type: 'string', format: 'date' }, [lawGenerator]).kinds], ['date']);
  t.ok(profileOf('parties', { type: 'array', items: { type: 'string' } }, [lawGenerator]).list);
  t.ok(
    profileOf('name', { type: 'string' }, [lawGenerator], 'governing law').relations.has('governing_law'),
    'parents count',
  );
});

t.test('a description naming a relation in several words outranks a single word of the name', async (t) => {
  const periodGenerator: CandidateGenerator = {
    name: 'test',
    relations: [
      { relation: 'document_date', propertyPhrases: ['date'] },
      { relation: 'period_end', propertyPhrases: ['reporting period', 'year end'] },
      { relation: 'grand_total', propertyPhrases: ['total'] },
      { relation: 'total_income', propertyPhrases: ['income', 'total income'] },
    ],
    generate: () => [],
  };
  const report = profileOf('report_date', { type: 'string', description: 'Last day of the reporting period' }, [
    periodGenerator,
  ]);
  t.same([...report.relations], ['period_end']);
  const income = profileOf('income_gbp', { type: 'number', description: 'Total income of the year' }, [
    periodGenerator,
  ]);
  t.same([...income.relations], ['total_income'], 'not any total');
  t.same(
    [...profileOf('date', { type: 'string', description: 'Printed date' }, [periodGenerator]).relations],
    ['document_date'],
  );
});

t.test('the candidate the document relates to the property wins, with a confident score', async (t) => {
  const model = buildDocumentModel('governed by the laws of Delaware\nCourts of Texas');
  const profile = profileOf('governing_law', { type: 'string' }, [lawGenerator]);
  const candidates = [
    candidate({ value: 'Texas', span: { line: 1, start: 10, endLine: 1, end: 15 }, relations: ['venue'] }),
    candidate({ relations: ['governing_law'] }),
  ];
  const winner = rankCandidates(profile, candidates, undefined, model.lines);
  t.equal(winner?.value, 'Delaware');
  t.ok((winner?.confidence ?? 0) > 0.7, `confidence ${winner?.confidence}`);
});

t.test('no candidate of the right kind, or none convincing, is no answer', async (t) => {
  const model = buildDocumentModel('Delaware');
  const profile = profileOf('total', { type: 'number' }, [lawGenerator]);
  t.equal(rankCandidates(profile, [candidate({})], undefined, model.lines), undefined, 'a place is not an amount');
  const weak = candidate({ kind: 'amount', value: 3, kindConfidence: 0.1 });
  const ranked = rankCandidates(profile, [weak], undefined, model.lines);
  t.ok(ranked === undefined || ranked.confidence >= MIN_CONFIDENCE);
});

t.test("the label reader's answer is a candidate, and agreeing with a generator raises it", async (t) => {
  const model = buildDocumentModel('Total: 12.50');
  const profile = profileOf('total', { type: 'number' }, [lawGenerator]);
  const labelled = { value: 12.5, span: { line: 0, start: 7, endLine: 0, end: 12 }, confidence: 0.8 };
  const alone = rankCandidates(profile, [], labelled, model.lines);
  t.equal(alone?.value, 12.5);
  const agreed = rankCandidates(
    profile,
    [candidate({ kind: 'amount', value: 12.5, relations: ['grand_total'], span: labelled.span })],
    labelled,
    model.lines,
  );
  t.equal(agreed?.value, 12.5);
  t.ok((agreed?.confidence ?? 0) > (alone?.confidence ?? 1), 'more evidence, more confidence');
});

t.test('a value stated as a relation the property name rules out is not its answer', async (t) => {
  const issuerGenerator: CandidateGenerator = {
    name: 'test',
    relations: [{ relation: 'issuer', propertyPhrases: ['seller'], excludedBy: ['buyer', 'country'] }],
    generate: () => [],
  };
  const lines = buildDocumentModel('Acme GmbH\nInvoice').lines;
  const letterheadName = candidate({
    kind: 'organization',
    value: 'Acme GmbH',
    layout: 'letterhead',
    relations: ['issuer'],
    kindConfidence: 0.9,
  });
  const buyer = profileOf('name', { type: 'string' }, [issuerGenerator], 'buyer');
  t.ok(buyer.excludedRelations.has('issuer'));
  t.equal(rankCandidates(buyer, [letterheadName, letterheadName], undefined, lines), undefined, 'not the buyer’s name');
  const seller = profileOf('name', { type: 'string' }, [issuerGenerator], 'seller');
  t.equal(rankCandidates(seller, [letterheadName], undefined, lines)?.value, 'Acme GmbH', 'the seller’s name');
  const read = { value: 'Acme GmbH', span: letterheadName.span, confidence: 0.8 };
  t.equal(rankCandidates(buyer, [letterheadName], read, lines)?.value, 'Acme GmbH', 'unless its own label reads it');
});

t.test('a relation named only by the description is ruled out by the description’s words', async (t) => {
  const taxes: CandidateGenerator = {
    name: 'test',
    relations: [
      { relation: 'grand_total', propertyPhrases: ['total'] },
      { relation: 'tax_total', propertyPhrases: ['vat'], excludedBy: ['including'] },
    ],
    generate: () => [],
  };
  const gross = profileOf('total_gross', { type: 'number', description: 'Total including VAT' }, [taxes]);
  t.same([...gross.relations], ['grand_total'], 'the VAT included in the total is no tax asked for');
  const tax = profileOf('vat', { type: 'number', description: 'VAT including surcharges' }, [taxes]);
  t.ok(tax.relations.has('tax_total'), 'a name that asks for the relation keeps it');
});

t.test('a value repeated as something else does not second a candidate stating the asked relation', async (t) => {
  const renewals: CandidateGenerator = {
    name: 'test',
    relations: [{ relation: 'renewal_term', propertyPhrases: ['renewal term'] }],
    generate: () => [],
  };
  const model = buildDocumentModel('renews for successive one (1) year terms\n12 months notice\n12 months forecast');
  const profile = profileOf('renewal_term', { type: 'string' }, [renewals]);
  const duration = (value: string, line: number, relations: string[], kindConfidence: number) =>
    candidate({
      kind: 'duration',
      value,
      raw: value,
      span: { line, start: 0, endLine: line, end: 9 },
      relations,
      kindConfidence,
    });
  const candidates = [
    duration('1 year', 0, ['renewal_term'], 0.85),
    duration('12 months', 1, ['renewal_term'], 0.8),
    duration('12 months', 2, ['notice_period'], 0.8),
    duration('12 months', 2, [], 0.6),
  ];
  t.equal(rankCandidates(profile, candidates, undefined, model.lines)?.value, '1 year');
});

t.test(
  "a label's whole sentence gives way to the relation a generator read in prose, even for a one-word property",
  async (t) => {
    const termGenerator: CandidateGenerator = {
      name: 'test',
      relations: [{ relation: 'term', propertyPhrases: ['term'] }],
      generate: () => [],
    };
    const model = buildDocumentModel(
      '3. Term. The obligations of the Receiving Party shall survive for five (5) years after any termination.\nThis Agreement shall remain in effect for three (3) years.',
    );
    const profile = profileOf('term', { type: 'string' }, [termGenerator]);
    const sentence = {
      value: 'The obligations of the Receiving Party shall survive for five (5) years after any termination.',
      span: { line: 0, start: 9, endLine: 0, end: 104 },
      confidence: 0.8,
    };
    const term = candidate({
      kind: 'duration',
      value: '3 years',
      raw: 'three (3) years',
      relations: ['term'],
      span: { line: 1, start: 41, endLine: 1, end: 56 },
    });
    t.equal(rankCandidates(profile, [term], sentence, model.lines)?.value, '3 years');
    const short = { value: 'Three years', span: { line: 0, start: 9, endLine: 0, end: 20 }, confidence: 0.8 };
    t.equal(
      rankCandidates(profile, [term], short, model.lines)?.value,
      'Three years',
      'a short label value still wins',
    );
  },
);

t.test('a candidate stating two relations the property asks for outranks one stating one', async (t) => {
  const names: CandidateGenerator = {
    name: 'test',
    relations: [
      { relation: 'issuer', propertyPhrases: ['store name', 'company'] },
      { relation: 'trading_name', propertyPhrases: ['store name'] },
    ],
    generate: () => [],
  };
  const filler = Array.from({ length: 38 }, (_, index) => `line ${index}`);
  const model = buildDocumentModel(['Lotus Garden', 'Garden Foods Pvt. Ltd.', ...filler].join('\n'));
  const trading = candidate({
    kind: 'organization',
    value: 'Lotus Garden',
    relations: ['issuer', 'trading_name'],
    kindConfidence: 0.75,
  });
  const legal = candidate({
    kind: 'organization',
    value: 'Garden Foods Pvt. Ltd.',
    span: { line: 1, start: 0, endLine: 1, end: 22 },
    relations: ['issuer'],
    kindConfidence: 0.9,
  });
  const store = profileOf('store_name', { type: 'string' }, [names]);
  t.equal(rankCandidates(store, [legal, trading], undefined, model.lines)?.value, 'Lotus Garden');
  const company = profileOf('company', { type: 'string' }, [names]);
  t.equal(rankCandidates(company, [legal, trading], undefined, model.lines)?.value, 'Garden Foods Pvt. Ltd.');
});

t.test(
  'a value the document states as something (the issuer’s name) answers no property that asks for none',
  async (t) => {
    const model = buildDocumentModel(['Fernhill Joinery GmbH', 'Fernhill Joinery GmbH', 'Invoice 12'].join('\n'));
    const issuer = candidate({
      kind: 'organization',
      value: 'Fernhill Joinery GmbH',
      raw: 'Fernhill Joinery GmbH',
      span: { line: 0, start: 0, endLine: 0, end: 21 },
      kindConfidence: 0.92,
      layout: 'letterhead',
      relations: ['issuer'],
    });
    const printedTwice = [issuer, { ...issuer, span: { line: 1, start: 0, endLine: 1, end: 21 } }];
    const profile = profileOf('payment_method', { type: 'string', description: 'Payment method' }, [lawGenerator]);
    t.equal(rankCandidates(profile, printedTwice, undefined, model.lines), undefined);
  },
);
