import t from 'tap';
import { extractData } from './fixtures.js';

const schema = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string' },
    payment_method: { type: 'string', description: 'Payment method' },
  },
};

t.test('a way to pay printed without a label is the payment method', async (t) => {
  const invoice = [
    'FACTUUR',
    'Factuurnummer: 770011',
    'Totaal            € 52,40',
    "''PayPal'' op 3 maart 2031      € 52,40",
  ].join('\n');
  t.equal(extractData(invoice, schema).payment_method, 'PayPal');
});

t.test('a labelled payment method comes first; no way named, no guess', async (t) => {
  const labelled = ['Invoice 4411', 'Payment method: Bank transfer', 'We also take PayPal.'].join('\n');
  t.equal(extractData(labelled, schema).payment_method, 'Bank transfer');
  t.notOk(extractData('Invoice 4412\nTotal 10.00', schema).payment_method);
});
