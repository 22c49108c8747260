import t from 'tap';
import { GENERATOR_OUTPUTS, GENERATORS } from '../../../src/pipeline/extract/candidates/generators.js';
import { generatorsForSchema } from '../../../src/pipeline/extract/generators-for-schema.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';
import { CONTRACT_TEXT, INVOICE_TEXT, RECEIPT_TEXT, RESUME_TEXT } from '../fixtures.js';

/** Texts that make every generator propose something: an invoice, a receipt, a contract, a UK letter, a CV. */
const TEXTS = [
  INVOICE_TEXT,
  RECEIPT_TEXT,
  CONTRACT_TEXT,
  RESUME_TEXT,
  `CREDIT NOTE
Northwind Trading Ltd
Registered office: 10 High Street, Reading RG1 2AB
Company number 01234567   Tel: 020 7946 0958

Globex Limited
42 Elm Road
Bristol BS1 4DJ

Credit note date: 02/03/2024
Total: -250.00`,
  `MUTUAL NON-DISCLOSURE AGREEMENT
This Agreement is made on 1 March 2024 by and between Acme Corp ("Discloser") and Beta LLC ("Recipient").
This Agreement shall remain in effect for three (3) years and expires on 1 March 2027.
This Agreement shall be governed by the laws of the State of New York.`,
  `BOBS STEAK
DALLAS, TX
(214) 555-0187`,
  `THE EXAMPLE TRUST
Report and accounts for the year ended 31 March 2015.
                         Unrestricted   Restricted   Total   Total
                                                     2015    2014
Total incoming resources      184,207      52,630  236,837  241,900
Total resources expended      179,412      61,250  240,662  268,140`,
  'This Advisory Agreement dated June 8, 2020, effective as of July 13, 2020 ("Effective Date"), is between A Inc. and B Ltd.',
];

t.test('every generator is described, and proposes only what its description says', async (t) => {
  for (const generator of GENERATORS) {
    const output = GENERATOR_OUTPUTS.get(generator);
    t.ok(output, `${generator.name} is in GENERATOR_OUTPUTS`);
    if (!output) continue;
    for (const text of TEXTS) {
      for (const candidate of generator.generate(buildDocumentModel(text))) {
        t.ok(output.kinds.includes(candidate.kind), `${generator.name} proposes ${candidate.kind}`);
        if (Array.isArray(candidate.value)) t.ok(output.lists, `${generator.name} proposes lists`);
        if (candidate.kind === 'title' || candidate.onlyWhenAsked) {
          t.ok(output.asked, `${generator.name} proposes candidates taken only when asked`);
          const own = new Set(generator.relations.map((spec) => spec.relation));
          t.ok(
            candidate.relations.every((relation) => own.has(relation)),
            `${generator.name}: such a candidate states only the generator's own relations`,
          );
        }
      }
    }
  }
});

t.test('a schema runs only the generators whose candidates its properties can take', async (t) => {
  const names = (schema: Record<string, unknown>) => generatorsForSchema(schema).map((generator) => generator.name);
  const invoice = names({
    type: 'object',
    properties: {
      invoice_number: { type: 'string' },
      invoice_date: { type: 'string', format: 'date' },
      total: { type: 'number' },
    },
  });
  t.ok(invoice.includes('amounts') && invoice.includes('dates'), 'amounts and dates for a total and a date');
  t.ok(invoice.includes('document-title'), "a document's title always: a credit note's amounts are made positive");
  t.notOk(invoice.includes('issuer') || invoice.includes('address-block'), 'no organisation or address readers');
  const parties = names({ type: 'object', properties: { parties: { type: 'array', items: { type: 'string' } } } });
  t.ok(parties.includes('contract-parties'), 'a list of parties runs the list generators');
  const named = names({
    type: 'object',
    properties: { parties: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } } },
  });
  t.ok(named.includes('contract-parties'), 'an array of named objects is ranked as a list too');
  const seller = names({ type: 'object', properties: { seller: { type: 'object', properties: { name: {} } } } });
  t.ok(seller.includes('issuer') && seller.includes('organisation-name'), "a nested party's name");
});
