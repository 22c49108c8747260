import t from 'tap';
import { governingLawGenerator } from '../../../src/pipeline/extract/candidates/governing-law.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';

function stated(text: string, relation: string): unknown[] {
  return governingLawGenerator
    .generate(buildDocumentModel(text))
    .filter((candidate) => candidate.relations.includes(relation))
    .map((candidate) => candidate.value);
}

t.test('the law a contract chooses, in the ways contracts write it', async (t) => {
  const cases: [string, string][] = [
    [
      'This Agreement shall be governed by and construed in accordance with the laws of the State of New York.',
      'New York',
    ],
    [
      'This Agreement is governed by the internal laws of the Commonwealth of Massachusetts, without regard to its conflicts rules.',
      'Massachusetts',
    ],
    ['This Agreement shall be governed by the laws of England and Wales.', 'England and Wales'],
    ['This Agreement shall be subject to the laws of Germany.', 'Germany'],
    ['This Agreement shall be governed by Delaware law.', 'Delaware'],
    ['This Agreement shall be governed by English law.', 'England and Wales'],
    ['The laws of the State of California shall govern all issues arising under this Agreement.', 'California'],
    ['12.6 The laws of Ontario will govern the construction of the Agreement.', 'Ontario'],
    ['This Agreement is governed by German law.', 'Germany'],
    ['This Agreement is subject to Swiss law.', 'Switzerland'],
    ['THIS AGREEMENT SHALL BE GOVERNED BY THE LAWS OF THE STATEOF DELAWARE.', 'DELAWARE'],
    [
      'THIS AGREEMENT SHALL BE GOVERNED BY THE LAWS OF THE STATE OF TEXAS WITHOUT GIVING EFFECT TO ITS CHOICE OF LAW RULES.',
      'TEXAS',
    ],
    ['It is governed by the laws of the State of Kansas. Section 12 covers notices.', 'Kansas'],
  ];
  for (const [text, expected] of cases) t.same(stated(text, 'governing_law'), [expected], text);
});

t.test('a choice of law wrapped across lines reads as one sentence', async (t) => {
  const candidates = governingLawGenerator.generate(
    buildDocumentModel('This Agreement shall be governed by the laws of the State of\nCalifornia.'),
  );
  t.equal(candidates[0]?.value, 'California');
  t.equal(candidates[0]?.span.line, 1);
});

t.test('by-laws are no law of a place', async (t) => {
  t.same(stated('The Board may fill vacancies in accordance with the By-Laws of the Company.', 'governing_law'), []);
});

t.test('incorporation is not a choice of law', async (t) => {
  t.same(
    stated(
      'Acme, Inc., a corporation organized under the laws of the State of Delaware, and Beta LLC.',
      'governing_law',
    ),
    [],
  );
});

t.test('the courts of a place are a weaker, separate statement', async (t) => {
  const text =
    'This Agreement is governed by the laws of the State of Nevada. The parties submit to the exclusive jurisdiction of the courts of the State of California.';
  t.same(stated(text, 'governing_law'), ['Nevada']);
  t.same(stated(text, 'venue'), ['California']);
  const [law, venue] = governingLawGenerator.generate(buildDocumentModel(text));
  t.ok((law?.kindConfidence ?? 0) > (venue?.kindConfidence ?? 1));
});

t.test('the law a contract chooses, stated by its label', async (t) => {
  t.same(stated('MUTUAL NDA\nGoverning Law: the State of Delaware\nTerm: 2 years', 'governing_law'), ['Delaware']);
  t.same(stated('12. Applicable law: England and Wales', 'governing_law'), ['England and Wales']);
  // A label in the middle of a sentence is a mention, not a label.
  t.same(stated('Section 9 (see the governing law: none) applies.', 'governing_law'), []);
  // A heading followed by its clause is read from the clause, not as a label's value.
  t.same(stated('13. Governing Law: This Agreement binds the parties.', 'governing_law'), []);
});

t.test(
  'a province or a republic named by its unit is the name after it, unless the unit is part of the name',
  async (t) => {
    t.same(
      stated('This Agreement shall be governed by the laws of the Province of British Columbia.', 'governing_law'),
      ['British Columbia'],
    );
    t.same(stated('This Agreement shall be governed by the laws of the Republic of Singapore.', 'governing_law'), [
      'Singapore',
    ]);
    t.same(stated('This contract is governed by the laws of the Federal Republic of Germany.', 'governing_law'), [
      'Germany',
    ]);
    t.same(stated("This Agreement is governed by the laws of the People's Republic of China.", 'governing_law'), [
      "People's Republic of China",
    ]);
  },
);

t.test("where an action is brought: the state after a county's name", async (t) => {
  t.same(
    stated(
      'Any action arising out of this Agreement shall be brought exclusively in the state or federal courts located in Cook County, Illinois.',
      'venue',
    ),
    ['Illinois'],
  );
  // Courts named with no dispute, action or jurisdiction in the sentence state no venue.
  t.same(stated('The courts of Ohio were closed on that day.', 'venue'), []);
});

t.test("a province's law keeps its federation: ', Canada' or 'the federal laws of Canada' after it", async (t) => {
  t.same(stated('This Agreement shall be governed by the laws of the Province of Alberta, Canada.', 'governing_law'), [
    'Alberta, Canada',
  ]);
  t.same(
    stated(
      'This Agreement shall be governed by the laws of Nova Scotia and the federal laws of Canada applicable therein.',
      'governing_law',
    ),
    ['Nova Scotia, Canada'],
  );
  // A state of the United States is quoted alone, whatever follows it.
  t.same(stated('This Agreement shall be governed by the laws of the State of Ohio, United States.', 'governing_law'), [
    'Ohio',
  ]);
  t.same(stated('This Agreement shall be governed by the laws of Canada.', 'governing_law'), ['Canada']);
});
