import t from 'tap';
import type { Candidate } from '../../../src/pipeline/extract/candidates/candidate.js';
import { durationAsAsked, durationGenerator } from '../../../src/pipeline/extract/candidates/durations.js';
import { parseNumberWords } from '../../../src/pipeline/extract/lexicon/number-words.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';
import { cpuMillis } from '../../helpers/cpu-time.js';

function durations(text: string): Candidate[] {
  return durationGenerator.generate(buildDocumentModel(text));
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
