import t from 'tap';
import { parseOrganization } from '../../src/pipeline/extract/parse-identifiers.js';
import { extractData } from './fixtures.js';

t.test('a limited partnership with a company as its partner keeps its whole legal form', async (t) => {
  t.equal(parseOrganization('Kornblume Mühlenbetrieb GmbH + Co. KG'), 'Kornblume Mühlenbetrieb GmbH + Co. KG');
  t.equal(parseOrganization('Heller Stahlbau AG & Co. KG'), 'Heller Stahlbau AG & Co. KG');
});

t.test('the seller named with such a form in the letterhead', async (t) => {
  const invoice = [
    'Kornblume Mühlenbetrieb GmbH + Co. KG                                   INVOICE',
    'Mühlenweg 3',
    '40882 Kornstadt                                                          Invoice no.   2031/0042',
    'DE                                                                       Invoice date  05/10/2031',
    'VAT: DE123456789',
  ].join('\n');
  const data = extractData(invoice, {
    type: 'object',
    properties: { seller: { type: 'object', properties: { name: { type: 'string' } } } },
  }) as { seller?: { name?: string } };
  t.equal(data.seller?.name, 'Kornblume Mühlenbetrieb GmbH + Co. KG');
});
