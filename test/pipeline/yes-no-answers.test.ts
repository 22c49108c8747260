import t from 'tap';
import { extractData } from './fixtures.js';

/** Yes/no properties answered on a form by a question or a label and its answer. */

const yesNo = (description?: string) => ({ type: 'boolean', ...(description ? { description } : {}) });

t.test('a label answered by a bare word is that answer, not a clause the text names', async (t) => {
  const manifest = ['Total crates: 14', 'Perishable goods: No', 'Insured: Yes'].join('\n');
  const schema = {
    type: 'object',
    properties: {
      perishable: yesNo('Does the consignment contain perishable goods?'),
      insured: yesNo('Is the consignment insured?'),
    },
  };
  t.same(extractData(manifest, schema), { perishable: false, insured: true });
});

t.test('a question matched by a word of the property name that differs in its ending', async (t) => {
  const form = 'Do you drink alcohol? ☐ Yes ☒ No Do you exercise weekly? ☒ Yes ☐ No';
  const schema = {
    type: 'object',
    properties: { drinker: yesNo('Does the patient drink alcohol?'), exercises: yesNo() },
  };
  t.same(extractData(form, schema), { drinker: false, exercises: true });
});

t.test('a word after a colon that starts a sentence is no answer', async (t) => {
  const clause = 'Exclusivity: No party shall appoint another distributor in the territory during the term.';
  const schema = { type: 'object', properties: { exclusivity: yesNo('Is there an exclusivity clause?') } };
  t.not(extractData(clause, schema).exclusivity, false);
});
