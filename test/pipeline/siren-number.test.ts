import t from 'tap';
import { sirenIn } from '../../src/pipeline/extract/siren-number.js';
import { extractData } from './fixtures.js';

t.test('a SIREN from the register mention or a SIRET', async (t) => {
  t.equal(sirenIn('Cerf-Volant SAS au capital de 10 000 € - B 512 345 678 RCS Lyon'), '512 345 678');
  t.equal(sirenIn('RCS Lyon B 512 345 678'), '512 345 678');
  t.equal(sirenIn('SIRET : 512 345 678 00021'), '512 345 678');
  t.equal(sirenIn('Tél. 04 12 34 56 78'), null, 'a phone number is none');
  t.equal(sirenIn('N° TVA FR 32 512 345 678'), null, 'a VAT number is none');
});

t.test('the SIREN a schema asks for, printed in the footer without its label', async (t) => {
  const invoice = [
    'Facture n° 2031-118 du 4 mars 2031',
    'Total TTC 120,00 €',
    'Cerf-Volant SAS au capital de 10 000 € - B 512 345 678 RCS Lyon - N° TVA FR 32 512 345 678',
  ].join('\n');
  const data = extractData(invoice, {
    type: 'object',
    properties: { siren: { type: 'string', description: 'SIREN company number' } },
  });
  t.equal(data.siren, '512 345 678');
});
