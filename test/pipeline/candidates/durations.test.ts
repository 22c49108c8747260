import t from 'tap';
import type { Candidate } from '../../../src/pipeline/extract/candidates/candidate.js';
import { durationAsAsked, durationGenerator } from '../../../src/pipeline/extract/candidates/durations.js';
import { sentenceBounds } from '../../../src/pipeline/extract/candidates/prose-text.js';
import { parseNumberWords } from '../../../src/pipeline/extract/lexicon/number-words.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';
import { cpuMillis } from '../../helpers/cpu-time.js';

function durations(text: string): Candidate[] {
  return durationGenerator.generate(buildDocumentModel(text));
}

/** The periods read as the term at full strength (0.8 or above), from which an end date is computed. */
function strongTerms(text: string): unknown[] {
  return durations(text)
    .filter((candidate) => candidate.relations.includes('term') && candidate.kindConfidence >= 0.8)
    .map((candidate) => candidate.value);
}

function withRelation(text: string, relation: string): unknown[] {
  return durations(text)
    .filter((candidate) => candidate.relations.includes(relation))
    .map((candidate) => candidate.value);
}

t.test('spelled numbers in four languages', async (t) => {
  t.equal(parseNumberWords('sixty'), 60);
  t.equal(parseNumberWords('twenty-four'), 24);
  t.equal(parseNumberWords('one hundred twenty'), 120);
  t.equal(parseNumberWords('deux'), 2);
  t.equal(parseNumberWords('zwölf'), 12);
  t.equal(parseNumberWords('treinta'), 30);
  t.equal(parseNumberWords('several'), null);
  t.equal(parseNumberWords('a five'), 5, 'an article before a number');
  t.equal(parseNumberWords('a hundred'), 100);
});

t.test('durations are normalised to a count and a unit, the digits winning over the words', async (t) => {
  const values = durations(
    'Payment is due within sixty (60) days. The warranty lasts twelve months. Delivery takes 2 weeks and a 30-day trial. Il dure deux ans.',
  ).map((candidate) => candidate.value);
  t.same(values, ['60 days', '12 months', '2 weeks', '30 days', '2 years']);
  t.same(
    durations('within thirty (30) calendar days').map((candidate) => candidate.raw),
    ['thirty (30) calendar days'],
  );
});

t.test('the term, a renewal term and the notice that prevents a renewal', async (t) => {
  const text = [
    'The initial term of this Agreement shall be two (2) years from the Effective Date.',
    'Thereafter this Agreement shall automatically renew for successive periods of one (1) year each,',
    'unless either party gives written notice of non-renewal at least ninety (90) days prior to the end of the then-current term.',
    'Either party may terminate for breach upon thirty (30) days prior written notice.',
  ].join('\n');
  t.same(withRelation(text, 'term'), ['2 years']);
  t.same(withRelation(text, 'renewal_term'), ['1 year']);
  t.same(withRelation(text, 'renewal_notice_period'), ['90 days']);
  t.same(withRelation(text, 'notice_period'), ['90 days', '30 days']);
  const renewal = durations(text).find((candidate) => candidate.relations.includes('renewal_term'));
  t.match(renewal?.raw, /successive periods of one \(1\) year/);
});

t.test('a renewal term in the style the property asks for', async (t) => {
  const [renewal] = durations('This Agreement renews for successive one (1) year terms.').filter((candidate) =>
    candidate.relations.includes('renewal_term'),
  );
  t.ok(renewal);
  if (!renewal) return;
  t.equal(durationAsAsked(renewal, ' renewal term length of any renewal e g successive 1 year '), 'successive 1 year');
  t.equal(durationAsAsked(renewal, ' renewal term '), '1 year');
  const [single] = durations('The parties may renew this Agreement for one year.').filter((candidate) =>
    candidate.relations.includes('renewal_term'),
  );
  t.equal(single && durationAsAsked(single, ' e g successive 1 year '), '1 year');
});

function confidenceOf(text: string, relation: string, value: string): number | undefined {
  return durations(text).find((candidate) => candidate.relations.includes(relation) && candidate.value === value)
    ?.kindConfidence;
}

t.test("the agreement's term, and periods that only outlast it, fall in it or depend on a condition", async (t) => {
  t.equal(confidenceOf('The term shall be three (3) years.', 'term', '3 years'), 0.8);
  t.equal(confidenceOf('The initial term of this Agreement shall be two (2) years.', 'term', '2 years'), 0.9);
  // A period after the agreement ends: a weak statement of the term.
  t.equal(
    confidenceOf(
      'During the term of this Agreement and for a period of two (2) years after the termination hereof, the Reseller shall not solicit customers.',
      'term',
      '2 years',
    ),
    0.5,
  );
  t.equal(
    confidenceOf('The confidentiality obligations shall survive for a period of five (5) years.', 'term', '5 years'),
    0.5,
  );
  // A period the agreement's main clause does not state: a condition of something else.
  t.equal(
    confidenceOf(
      'Either party may terminate this Agreement if the other is unable to perform for a period of thirty (30) days.',
      'term',
      '30 days',
    ),
    0.5,
  );
  // During the term, a forecast of twelve months: no statement of the term at all.
  t.same(
    withRelation('During the term of this Agreement, Buyer shall provide a twelve (12) month sales forecast.', 'term'),
    [],
  );
  t.same(withRelation('This Agreement has a five-year term.', 'term'), ['5 years']);
  t.same(withRelation('The term ends at the end of such 60-day period.', 'term'), [], 'a period referred back to');
  t.same(withRelation('Either party may elect a one-year renewal term.', 'renewal_term'), ['1 year']);
});

t.test('a term stated through its end: "shall terminate one (1) year after the date hereof"', async (t) => {
  t.equal(confidenceOf('This Agreement shall terminate one (1) year after the date hereof.', 'term', '1 year'), 0.9);
  t.equal(confidenceOf('This Agreement will expire two years after the Effective Date.', 'term', '2 years'), 0.9);
});

t.test('renewals by a period named without a number', async (t) => {
  t.same(
    withRelation(
      'This Agreement shall stay in effect for two years, and thereafter shall renew automatically for successive annual periods.',
      'renewal_term',
    ),
    ['1 year'],
  );
  t.same(
    withRelation(
      'After the primary term, this Agreement shall continue month to month until terminated.',
      'renewal_term',
    ),
    ['1 month'],
  );
  t.same(withRelation('Renewal fees earn 9% of the annual charge.', 'renewal_term'), [], 'an annual fee is no period');
  const [annual] = durations('The Agreement renews for successive annual periods.');
  t.equal(annual && durationAsAsked(annual, ' e g successive 1 year '), 'successive 1 year');
});

t.test('"an additional period" is one renewal; "on each anniversary" repeats it', async (t) => {
  const asked = (text: string) => {
    const renewal = durations(text).find((candidate) => candidate.relations.includes('renewal_term'));
    return renewal && durationAsAsked(renewal, ' e g successive 1 year ');
  };
  t.equal(asked('This Agreement may be renewed for an additional period of four (4) years.'), '4 years');
  t.equal(
    asked('This Agreement will be renewed automatically for an additional one year period on each anniversary.'),
    'successive 1 year',
  );
  t.equal(asked('This Agreement renews for additional one (1) year terms.'), 'successive 1 year');
});

t.test('a duration wrapped across lines keeps its span on both lines', async (t) => {
  const [found] = durations('The term shall be twenty-four\n(24) months.');
  t.equal(found?.value, '24 months');
  t.equal(found?.span.line, 0);
  t.equal(found?.span.endLine, 1);
});

t.test('work stays linear: a long document of durations is read quickly', async (t) => {
  const text = 'The term of this Agreement is sixty (60) days. '.repeat(5000);
  const { value: found, millis } = cpuMillis(() => durations(text));
  t.equal(found.length, 5000);
  t.ok(millis < 3000, `linear: 5,000 sentences took ${millis.toFixed(0)} ms of CPU`);
});

t.test('a term stated through its end on an anniversary of the start', async (t) => {
  t.same(
    withRelation(
      'Unless terminated earlier, this Agreement will expire on the third anniversary of the Effective Date.',
      'term',
    ),
    ['3 years'],
  );
  t.same(
    withRelation('This Agreement shall remain in effect until the fifth (5th) anniversary of the date hereof.', 'term'),
    ['5 years'],
  );
  t.same(
    withRelation('Royalties are payable on each anniversary of the Effective Date.', 'term'),
    [],
    'an anniversary that ends nothing states no term',
  );
});

t.test('an agreement that is effective for a period states its term', async (t) => {
  t.same(withRelation('This Agreement shall be effective for one year from the Effective Date.', 'term'), ['1 year']);
});

t.test('a sentence ends at a stop inside its closing quote', async (t) => {
  const text = 'The Company shall be referred to as the "Discloser." This Agreement runs for three (3) years.';
  const start = text.indexOf('three');
  t.same(sentenceBounds(text, start, start), [text.indexOf('."') + 2, text.length - 1]);
});

t.test('notice periods stated without the word notice, or with "notifies"', async (t) => {
  t.same(
    withRelation(
      'It shall be renewed tacitly for successive periods of one (1) year unless terminated by either party by registered letter at least three (3) months before its expiry.',
      'renewal_notice_period',
    ),
    ['3 months'],
  );
  t.same(
    withRelation(
      'It shall renew automatically for consecutive renewal terms of two (2) years each, unless either Party notifies the other in writing of its intention not to renew not less than one hundred fifty (150) days before the end of the then-current term.',
      'renewal_notice_period',
    ),
    ['150 days'],
  );
});

t.test('whether a renewal repeats: plural terms and periods, "each", or one additional period', async (t) => {
  const asked = (text: string) =>
    durations(text)
      .filter((candidate) => candidate.relations.includes('renewal_term'))
      .map((candidate) => durationAsAsked(candidate, ' e g successive 1 year '));
  t.same(asked('Following the Initial Term, this Agreement will automatically renew for one-year terms.'), [
    'successive 1 year',
  ]);
  t.same(asked('It shall be automatically extended for further periods of one (1) year each unless ended.'), [
    'successive 1 year',
  ]);
  t.same(asked('The Agreement may be extended for an additional two (2) year period upon mutual written agreement.'), [
    '2 years',
  ]);
});

t.test('a term under its heading, and a term with the usual proviso of early termination', async (t) => {
  t.same(strongTerms('Term. Five (5) years from the Effective Date, renewable upon the agreement of both parties.'), [
    '5 years',
  ]);
  t.same(strongTerms('2. Duration: 3 years from the date of signature.'), ['3 years']);
  t.same(
    strongTerms(
      'This Agreement takes effect on the Effective Date and, unless terminated earlier under Section 9, shall remain in full force for a period of four (4) years.',
    ),
    ['4 years'],
  );
  // A period after the agreement's end under the heading only outlasts the term; a real condition still weakens it.
  t.same(strongTerms('Term. Two (2) years after the termination of this Agreement the obligations end.'), []);
  t.same(
    strongTerms('This Agreement shall, if the Buyer fails to pay, remain in effect for a period of two (2) years.'),
    [],
  );
});

t.test("a letter agreement's term, stated through its end or with the letter as subject", async (t) => {
  t.same(
    strongTerms(
      'Your obligations under this letter agreement shall terminate and be of no further force and effect on the date that is fifteen (15) months from the date hereof.',
    ),
    ['15 months'],
  );
  t.same(strongTerms('This letter agreement shall remain in effect for two years.'), ['2 years']);
});

t.test('a stated number of renewals comes first in the style the property asks for', async (t) => {
  const asked = (text: string) => {
    const [renewal] = durations(text).filter((candidate) => candidate.relations.includes('renewal_term'));
    return renewal && durationAsAsked(renewal, ' e g successive 1 year ');
  };
  t.equal(
    asked('At the expiration of the term, You may renew the Franchise for 3 additional terms of 5 years each.'),
    '3 successive 5 years',
  );
  t.equal(asked('This Agreement shall renew for two (2) successive one (1) year terms.'), '2 successive 1 year');
  t.equal(asked('This Agreement renews for additional one (1) year terms.'), 'successive 1 year');
  t.equal(asked('This Agreement may be renewed for one additional term of five (5) years.'), '5 years');
  t.equal(asked('Company may renew this Agreement for one (1) additional five (5) year term.'), '5 years');
});

t.test(
  'more statements of the term: an initial period, a licence as subject, an end counted "thereafter"',
  async (t) => {
    t.same(
      strongTerms('The Distributor is appointed for an initial period of three (3) years from the Effective Date.'),
      ['3 years'],
    );
    t.same(strongTerms('This License shall be in effect for a term of ten (10) years from the date hereof.'), [
      '10 years',
    ]);
    t.same(strongTerms('This Agreement shall commence on the Effective Date and expire five (5) years thereafter.'), [
      '5 years',
    ]);
    // After a breach, "thereafter" counts from the breach: no term.
    t.same(
      strongTerms('If Licensee fails to cure such breach, this Agreement shall terminate thirty (30) days thereafter.'),
      [],
    );
  },
);

t.test('a term ending on the earlier of an event and an anniversary', async (t) => {
  t.same(
    strongTerms(
      'This Agreement shall terminate on the earlier of (i) the closing of the Transaction and (ii) the second anniversary of the Effective Date.',
    ),
    ['2 years'],
  );
});

t.test('an agreement that extends automatically, or for a further period, renews', async (t) => {
  t.same(
    withRelation(
      'This agreement shall continue for 36 months and shall automatically extend for 12 months at the end of the Initial Term.',
      'renewal_term',
    ),
    ['12 months'],
  );
  t.same(
    withRelation(
      'The licence continues thereafter for a further period of two years unless terminated.',
      'renewal_term',
    ),
    ['2 years'],
  );
  // "shall extend for a period of six (6) years" states the term itself.
  t.same(
    strongTerms(
      'The Agreement begins on the Effective Date and shall extend for a period of six (6) years thereafter.',
    ),
    ['6 years'],
  );
});

t.test('"1 (one) year" and a period information is kept confidential for', async (t) => {
  t.same(strongTerms('This Agreement shall be valid for a period of 1 (one) year from the date of execution.'), [
    '1 year',
  ]);
  t.same(
    withRelation(
      'I agree to keep such information confidential for two (2) years from the date of this Agreement.',
      'term',
    ),
    ['2 years'],
  );
});

t.test('a renewal for like terms is as long as the term the agreement states', async (t) => {
  const text =
    'The term of this Agreement shall be four (4) years from the date hereof, and shall be renewed for like terms unless either party gives notice.';
  t.same(withRelation(text, 'renewal_term'), ['4 years']);
  t.same(
    withRelation(
      'This Agreement shall continue for three (3) years and shall renew for additional periods equal to the initial term.',
      'renewal_term',
    ),
    ['3 years'],
  );
  // A performance put off by force majeure is no renewal, nor is a renewal with no term stated.
  t.same(
    withRelation(
      'The term is two (2) years. The time for performance shall be extended by a period equal to the length of the delay.',
      'renewal_term',
    ),
    [],
  );
  t.same(withRelation('This Agreement shall be renewed for like terms.', 'renewal_term'), []);
});

t.test('a renewal each year or annually is a renewal term of one year', async (t) => {
  t.same(
    withRelation(
      'The Agreement will be in effect for one year from the Effective Date and will automatically renew each year thereafter unless either party objects.',
      'renewal_term',
    ),
    ['1 year'],
  );
  t.same(withRelation('The licence is renewed annually on payment of the fee.', 'renewal_term'), ['1 year']);
  t.same(withRelation('The renewal fee is payable each year.', 'renewal_term'), []);
});

t.test(
  'obligations that survive for years state the term weakly; a term the clause names and then states',
  async (t) => {
    const survival = durations(
      'Either party may end this Agreement upon thirty (30) days written notice. The obligations of the Recipient shall survive for five (5) years after termination.',
    ).filter((candidate) => candidate.relations.includes('term'));
    t.same(
      survival.map((candidate) => candidate.value),
      ['5 years'],
    );
    t.ok((survival[0]?.kindConfidence ?? 1) < 0.8, 'too weak to compute an end date from');
    t.same(
      withRelation(
        'The Recipient shall not disclose Confidential Information during the term of this Agreement, which shall be three (3) years.',
        'term',
      ),
      ['3 years'],
    );
    t.same(withRelation('Fees are due during the term of this Agreement within thirty (30) days.', 'term'), []);
  },
);

t.test(
  'a notice "four (4) months prior to the expiration" when a party notifies, after the renewal period',
  async (t) => {
    const text =
      'The term shall thereafter be extended for successive two-year periods unless, four (4) months prior to the expiration of the then current term, either party notifies the other that it does not wish to extend.';
    t.same(withRelation(text, 'renewal_notice_period'), ['4 months']);
    t.same(withRelation(text, 'renewal_term'), ['2 years']);
  },
);
