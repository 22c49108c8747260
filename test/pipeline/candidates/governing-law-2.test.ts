import t from 'tap';
import { governingLawGenerator } from '../../../src/pipeline/extract/candidates/governing-law.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';

/** The values stated for `relation`, each once. */
function stated(text: string, relation: string): unknown[] {
  const values = governingLawGenerator
    .generate(buildDocumentModel(text))
    .filter((candidate) => candidate.relations.includes(relation))
    .map((candidate) => candidate.value);
  return [...new Set(values)];
}

t.test('the laws of the United States and of a state: the state is the law chosen', async (t) => {
  t.same(
    stated(
      'This Agreement shall be governed by the laws of the United States and the State of New York.',
      'governing_law',
    ),
    ['New York'],
  );
  t.same(
    stated(
      'This Agreement is governed by the laws of the United States of America and the laws of the Commonwealth of Virginia.',
      'governing_law',
    ),
    ['Virginia'],
  );
  t.same(stated('This Agreement shall be governed by the laws of the United States.', 'governing_law'), [
    'United States',
  ]);
});

t.test("no choice of law: the courts named give the jurisdiction, a city's state, never an institution", async (t) => {
  t.same(
    stated(
      'Any suit shall be brought in the courts located in Fresno, California, and the parties submit to them.',
      'governing_law',
    ),
    ['California'],
  );
  t.same(
    stated(
      'Disputes shall be settled by arbitration of the International Chamber of Commerce in Paris.',
      'governing_law',
    ),
    [],
  );
});
