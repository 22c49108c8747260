import t from 'tap';
import type { Candidate } from '../../../src/pipeline/extract/candidates/candidate.js';
import { durationAsAsked, durationGenerator } from '../../../src/pipeline/extract/candidates/durations.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';

function renewals(text: string): Candidate[] {
  return durationGenerator
    .generate(buildDocumentModel(text))
    .filter((candidate) => candidate.relations.includes('renewal_term'));
}

const SUCCESSIVE = ' renewal term length of any renewal e g successive 1 year ';

t.test('the number of renewal options printed before "renew" counts the renewals', async (t) => {
  const [renewal] = renewals(
    'The lease term shall be fifteen (15) years, with two (2) options to renew for additional five (5) year periods.',
  );
  t.ok(renewal);
  if (!renewal) return;
  t.equal(durationAsAsked(renewal, SUCCESSIVE), '2 successive 5 years');
  const [one] = renewals('The Licensee shall have an option to renew for additional five (5) year periods.');
  t.equal(one && durationAsAsked(one, SUCCESSIVE), 'successive 5 years', 'no count, no number');
});

t.test('an agreement "valid for" a period, a duty that "shall last" for one: the term', async (t) => {
  const terms = (text: string) =>
    durationGenerator
      .generate(buildDocumentModel(text))
      .filter((candidate) => candidate.relations.includes('term'))
      .map((candidate) => candidate.value);
  t.same(terms('This Agreement shall be valid for five (5) years.'), ['5 years']);
  t.same(terms('The duty of confidentiality shall last for seven (7) years.'), ['7 years']);
  t.same(terms('Sales over the last twelve (12) months are reported monthly.'), [], 'the adjective "last" is no verb');
});

t.test("the notice of an early-termination proviso before the term is not the period's", async (t) => {
  const stated = (text: string) =>
    durationGenerator
      .generate(buildDocumentModel(text))
      .map((candidate) => ({ value: candidate.value, relations: candidate.relations }));
  t.same(
    stated(
      'Unless terminated earlier by either party with written notice, this Agreement shall be in effect for 9 months.',
    ),
    [{ value: '9 months', relations: ['term'] }],
  );
  t.same(
    stated('Either party may end this Agreement with written notice of forty (40) days.'),
    [{ value: '40 days', relations: ['notice_period'] }],
    'a notice period stays one',
  );
});

t.test('a renewal by a period named without a number: "for each subsequent year", "on an annual basis"', async (t) => {
  const renewal = (text: string) => {
    const [first] = renewals(text);
    return first && durationAsAsked(first, SUCCESSIVE);
  };
  t.equal(
    renewal('The term is two (2) years and shall renew automatically for each subsequent year.'),
    'successive 1 year',
  );
  t.equal(
    renewal('After the initial term, this Agreement shall automatically renew on an annual basis unless terminated.'),
    'successive 1 year',
  );
  t.same(
    renewals('The initial term is two (2) years. Fees are invoiced on an annual basis.'),
    [],
    'no renewal, no period',
  );
});

t.test('renewals counted as "two renewal periods", and a term "renewable annually"', async (t) => {
  const [counted] = renewals(
    'The term of this Agreement shall be four years. The parties may extend the term by two (2) renewal periods of one year each.',
  );
  t.equal(counted && durationAsAsked(counted, SUCCESSIVE), '2 successive 1 year');
  const [annual] = renewals(
    'The term of this Agreement shall be one (1) year, renewable annually thereafter by mutual consent.',
  );
  t.equal(annual && durationAsAsked(annual, SUCCESSIVE), 'successive 1 year');
});
