import t from 'tap';
import { webAddress } from '../../src/pipeline/extract/typed-value.js';
import { extractData } from './fixtures.js';

t.test('a website is its address without the page printed after it', async (t) => {
  const site = { type: 'string', format: 'uri', description: 'Website' };
  t.equal(webAddress('see shop.example-kites.com/contact-us/', site, 'partner_website'), 'shop.example-kites.com');
  t.equal(webAddress('https://www.example-kites.com/help', site, 'homepage'), 'https://www.example-kites.com');
  const link = { type: 'string', format: 'uri', description: 'Link to the order' };
  t.equal(webAddress('https://example-kites.com/orders/77', link, 'order_url'), 'https://example-kites.com/orders/77');
});

t.test('the only website a schema asks for, read from a page address', async (t) => {
  const invoice = [
    'Kite Depot Invoice',
    'Questions about your bill? Visit help.kitedepot.example/billing/ or call us.',
    'Invoice Number: 5531',
  ].join('\n');
  const data = extractData(invoice, {
    type: 'object',
    properties: { website: { type: 'string', format: 'uri', description: 'Website' } },
  });
  t.equal(data.website, 'help.kitedepot.example');
});

t.test('the domain of an email address is no website', async (t) => {
  const site = { type: 'string', format: 'uri', description: 'Website' };
  t.equal(webAddress('Contact: rosa@mail.kitedepot.example', site, 'website'), null);
  t.equal(webAddress('rosa@mail.kitedepot.example | www.kitedepot.example', site, 'website'), 'www.kitedepot.example');
});
