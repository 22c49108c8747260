import t from 'tap';
import type { Candidate } from '../../../src/pipeline/extract/candidates/candidate.js';
import { issuerGenerator } from '../../../src/pipeline/extract/candidates/issuer.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';
import { parseOrganization } from '../../../src/pipeline/extract/parse-identifiers.js';
import { extractData } from '../fixtures.js';

function issuers(text: string): Candidate[] {
  return issuerGenerator
    .generate(buildDocumentModel(text))
    .filter((candidate) => candidate.relations.includes('issuer'))
    .sort((a, b) => b.kindConfidence - a.kindConfidence);
}

t.test('legal forms of many jurisdictions end an organisation name', async (t) => {
  t.equal(parseOrganization('PUSTAKA SE .N (TAMAN MEWAH) SDN BHD'), 'PUSTAKA SE .N (TAMAN MEWAH) SDN BHD');
  t.equal(parseOrganization('88 KEDAI PANTAS S/B (402718-M)'), '88 KEDAI PANTAS S/B');
  t.equal(parseOrganization('Sold by: Lim Trading Pte. Ltd., Singapore'), 'Lim Trading Pte. Ltd.');
  t.equal(parseOrganization('LEE BOON MACHINERY ENTERPRISE'), 'LEE BOON MACHINERY ENTERPRISE');
  t.equal(parseOrganization('Acme Consulting LLP'), 'Acme Consulting LLP');
  t.equal(parseOrganization('Müller Bau GmbH'), 'Müller Bau GmbH');
  t.equal(parseOrganization('Nordvik Marin AB'), 'Nordvik Marin AB', 'an ambiguous form at the end of the line');
  t.equal(parseOrganization('PAY AS YOU GO'), null, 'an ambiguous form inside a sentence');
  t.equal(parseOrganization('Maple Ridge, OY'), null, 'a form in capitals it is not printed in');
});

t.test('the legal-form name in the letterhead beats the line above it', async (t) => {
  const found = issuers(
    ['LIM SIEW LING', 'PUSTAKA SE .N (TAMAN MEWAH) SDN BHD', '604213-K', 'NO.17, JALAN KENANGA 4,'].join('\n'),
  );
  t.equal(found[0]?.value, 'PUSTAKA SE .N (TAMAN MEWAH) SDN BHD');
  t.equal(found[0]?.layout, 'letterhead');
  t.equal(found[1]?.value, 'LIM SIEW LING');
});

t.test('without a legal form, the first prominent letterhead line, less surely further down', async (t) => {
  const found = issuers(
    ['SYARIKAT PERNIAGAAN HOCK LAI', '(72415-D)', 'NO 118, JALAN BATU NILAM,', 'KEPONG,', 'TEL : 03-61875520'].join(
      '\n',
    ),
  );
  t.same(
    found.map((candidate) => candidate.value),
    ['SYARIKAT PERNIAGAAN HOCK LAI'],
    'the address and what follows it are not names',
  );
  const titled = issuers(
    ['TAX INVOICE', 'Thank you for visiting', 'SAMIR', 'Kebab House', '27 Alderton Court'].join('\n'),
  );
  t.equal(titled[0]?.value, 'SAMIR Kebab House', 'a trade noun under a short name continues it');
  t.ok(titled.some((candidate) => candidate.value === 'SAMIR'));
  t.notOk(
    titled.some((candidate) => /invoice|thank/i.test(String(candidate.value))),
    'titles and greetings are not names',
  );
});

t.test('OCR noise at the margins and scattered letters are not names', async (t) => {
  const found = issuers(
    ['t  x  Fob  e  4', 'E               KOMO SUSHI & HIBACHI       a', '2743 Penfold Way'].join('\n'),
  );
  t.equal(found[0]?.value, 'KOMO SUSHI & HIBACHI');
  t.equal(found.length, 1);
});

t.test('an organisation with a legal form lower down is an organisation, not the issuer', async (t) => {
  const all = issuerGenerator.generate(
    buildDocumentModel(
      [...Array.from({ length: 20 }, (_, index) => `line ${index} 1.00`), 'Bill to: Acme Supplies Ltd'].join('\n'),
    ),
  );
  t.same(
    all.map((candidate) => [candidate.value, candidate.relations]),
    [['Acme Supplies Ltd', []]],
  );
});

t.test('the document’s title after the letterhead name is not part of it; a title alone is no name', async (t) => {
  const found = issuers(['Northwind Web Services Invoice', '275 Alder Ave', 'Tacoma, WA 98402'].join('\n'));
  t.equal(found[0]?.value, 'Northwind Web Services');
  const receipt = issuers(['PAYMENT RECEIPT', 'Harbour Hotels', '12 Quay Road'].join('\n'));
  t.notOk(receipt.some((candidate) => candidate.value === 'PAYMENT RECEIPT'));
});

t.test('a scrap of a logo or a line far off the centre of a laid-out receipt is less surely the name', async (t) => {
  const found = issuers(
    [
      '                       r                                 Ves',
      '               -             Marlow Bread',
      '                        Sand Hollow, CA 92236',
      '                         Phone: 760-555-3172',
    ].join('\n'),
  );
  t.equal(found[0]?.value, 'Marlow Bread');
  const scrap = issuers(['foo', 'MAPLEWOOD RED FINCH', '31870 Highway 162'].join('\n'));
  t.equal(scrap[0]?.value, 'MAPLEWOOD RED FINCH', 'a short word not in capitals');
  const short = issuers(['VERA', 'STYLE FOR LESS', '31870 Highway 162'].join('\n'));
  t.equal(short[0]?.value, 'VERA', 'a short name in capitals is a name');
});

t.test('a legal form wrapped onto the line under the name joins it', async (t) => {
  const sb = issuers(
    ['SYARIKAT PERNIAGAAN KWAN', 'FOOK S/B', '(543210-K)', 'LOT 7, JALAN PERMATA 3,', '43000 KAJANG'].join('\n'),
  );
  t.equal(sb[0]?.value, 'SYARIKAT PERNIAGAAN KWAN FOOK S/B');
  t.same(sb[0]?.span, { line: 0, start: 0, endLine: 1, end: 8 });
  const alone = issuers(['MEGAH JAYA HARDWARE', 'SDN BHD', '(998877-P)', 'NO. 15, JALAN INDUSTRI 2,'].join('\n'));
  t.equal(alone[0]?.value, 'MEGAH JAYA HARDWARE SDN BHD', 'the form alone on its line');
  const whole = issuers(['Kopi Senja', 'SENJA FOOD SERVICES SDN BHD', 'Lot G-12, Jalan Damai 5'].join('\n'));
  t.equal(whole[0]?.value, 'SENJA FOOD SERVICES SDN BHD', 'a whole name under a brand is not a wrapped form');
  t.notOk(whole.some((candidate) => String(candidate.value).startsWith('Kopi Senja SENJA')));
  const heading = issuers(['Seller:', 'Nordwind GmbH', 'Hafenweg 3', 'DE 20095 Hamburg'].join('\n'));
  t.equal(heading[0]?.value, 'Nordwind GmbH', 'a heading ending in a colon starts no name');
});

t.test('a company introduced as the owner is less surely the name than the shop’s', async (t) => {
  const found = issuers(
    ['CAHAYA OPTICAL', 'OWNED BY: CAHAYA VISION SDN BHD', 'NO. 9, JALAN MAHSURI,', '11960 BUKIT TEMBUSU'].join('\n'),
  );
  t.equal(found[0]?.value, 'CAHAYA OPTICAL');
  const below = issuers(['CAHAYA OPTICAL', 'Owned By :', 'CAHAYA VISION SDN BHD', 'NO. 9, JALAN MAHSURI,'].join('\n'));
  t.equal(below[0]?.value, 'CAHAYA OPTICAL', 'the label alone on the line above');
});

t.test('initials joined by "&" make a name; forms around a bracketed country, and a closing "CO."', async (t) => {
  t.equal(issuers(['K & T FURNITURE', 'NO 5, JALAN MURNI 2,'].join('\n'))[0]?.value, 'K & T FURNITURE');
  t.equal(parseOrganization('MURNI FOOD INDUSTRIES (M) SDN. BHD.'), 'MURNI FOOD INDUSTRIES (M) SDN. BHD.');
  t.equal(parseOrganization('MURNI TRADING CO.'), 'MURNI TRADING CO.');
  t.equal(parseOrganization('Lim Trading Pte. Ltd., Singapore'), 'Lim Trading Pte. Ltd.');
});

t.test('a name in large type one word a line, a name with its phone on the line, a store number', async (t) => {
  t.equal(
    issuers(['THE', 'IRON', 'KETTLE', 'BALLYKEEL, CO. MEATH', 'TELEPHONE 046 555 0144'].join('\n'))[0]?.value,
    'THE IRON KETTLE',
  );
  t.equal(
    issuers(
      ['   Sandwich Bar#20417-3 Phone 608-555-4560', '   318 Quarry road', '   Millbrook, WI 53089'].join('\n'),
    )[0]?.value,
    'Sandwich Bar#20417-3',
  );
  t.equal(
    issuers(['DROP-IN-N-GO TACOS', '503 2 718 6390'].join('\n'))[0]?.value,
    'DROP-IN-N-GO TACOS',
    'a hyphenated word holds no stop words',
  );
});

t.test('a short name set wide across a laid-out receipt is read whole', async (t) => {
  const found = issuers(
    ['    The      Harbour          Grille', '         1450 Ostler St', '        Pine Hollow, CO 80771'].join('\n'),
  );
  t.equal(found[0]?.value, 'The Harbour Grille');
  const columns = issuers(['    Invoice                    Harbour Grille', '    1450 Ostler St'].join('\n'));
  t.notOk(
    columns.some((candidate) => candidate.value === 'Invoice Harbour Grille'),
    'a title in one column is not part of a name',
  );
});

t.test('a name after a delivery address label is the consignee’s, not the issuer’s', async (t) => {
  const text = [
    'nordwerk.io | Hafenweg 3 | 24103 Kiel',
    'Kunde Beispiel GmbH',
    'Ringstraße 8',
    '24105 Kiel',
    '',
    'Rechnung RE-77',
    'Lieferadresse: Lager Beispiel AG | Ringstraße 10 | 24105 Kiel',
  ].join('\n');
  const names = issuerGenerator.generate(buildDocumentModel(text)).map((candidate) => candidate.value);
  t.notOk(names.includes('Lager Beispiel AG'));
});

t.test('the letterhead’s name printed again lower down with its legal form is the issuer’s legal name', async (t) => {
  const invoice = (provider: string) =>
    [
      '                                   Tidewell Data Hosting Invoice',
      '                                   Invoice Number:            70014562',
      '                                   Invoice Date:              May 9 , 2021',
      ' Total for this invoice                                            $24.80',
      ...['Storage', 'Transfer', 'Backups', 'Support', 'Mail', 'Domains', 'Archive', 'Monitoring'].flatMap(
        (service) => [
          `   ${service}                                                        $3.10`,
          '      Charges                                                         $3.10',
          '      Tax                                                             $0.00',
        ],
      ),
      '',
      '* Estimated sales tax may apply',
      '** Not a VAT invoice                                               (Not for payment remittance)',
      `                                                                   ${provider}`,
      '                                                                   77 Quarry Lane',
      '                                                                   Fairview, OR 97030, US',
    ].join('\n');
  const schema = {
    type: 'object',
    properties: {
      issuer: { type: 'string', description: 'Name of the company that issued the invoice (seller, supplier)' },
      partner_name: { type: 'string', description: 'Legal name of the seller' },
    },
  };
  t.same(extractData(invoice('Tidewell Data Hosting, LLC'), schema), {
    issuer: 'Tidewell Data Hosting',
    partner_name: 'Tidewell Data Hosting, LLC',
  });
  t.notOk(
    extractData(invoice('Brightmoor Freight, LLC'), schema).partner_name,
    'another company’s legal name there is not the issuer’s',
  );
});
