import t from 'tap';
import {
  documentCurrency,
  parseBic,
  parseCurrency,
  parseIban,
  parseOrganization,
  parsePhone,
  parseTime,
  parseUri,
  twentyFourHourTime,
  validIban,
} from '../../src/pipeline/extract/parse-identifiers.js';
import { parseBoolean } from '../../src/pipeline/extract/parse-values.js';
import { typedValue } from '../../src/pipeline/extract/typed-value.js';

t.test('phone numbers: 7 to 15 digits as written; dates and amounts are not phones', async (t) => {
  t.equal(parsePhone('Tel. +49 6142 738 52 90'), '+49 6142 738 52 90');
  t.equal(parsePhone('(415) 555-0183'), '(415) 555-0183');
  t.equal(parsePhone('DATE: 20/03/2018 21:33'), null, 'a date and its hour are no phone number');
  t.equal(parsePhone('TEL: 03-8733 1122'), '03-8733 1122');
  t.equal(parsePhone('Call 01 84 29 53 06 today'), '01 84 29 53 06');
  t.equal(parsePhone('04/17/2023'), null);
  t.equal(parsePhone('1,234.56'), null);
  t.equal(parsePhone('ext 12'), null);
  t.equal(parsePhone('0.00 17.50'), null, 'amounts side by side');
});

t.test('IBANs: spaces removed, the mod-97 check digits verified', async (t) => {
  t.equal(parseIban('IBAN: ES91 2100 0418 4502 0005 1332'), 'ES9121000418450200051332');
  t.equal(parseIban('IBAN GB33BUKB20201555555555 BIC BUKBGB22'), 'GB33BUKB20201555555555', 'stops before what follows');
  t.equal(parseIban('IBAN : FR64 30047 00318 00825194637 52 - BIC : NOVAFRPP'), 'FR6430047003180082519463752');
  t.equal(parseIban('Ref ES92 2100 0418 4502 0005 1332 paid'), null, 'one wrong check digit, inside other text');
  t.equal(
    parseIban('ES92 2100 0418 4502 0005 1332'),
    'ES9221000418450200051332',
    'the whole value after its label is the IBAN as printed, check digits wrong or not',
  );
  t.equal(parseIban('IBAN GB33BUKB20201555555555 BIC BUKBGB22 ES92 2100'), 'GB33BUKB20201555555555');
  t.equal(parseIban('US1234567890'), null, 'not an IBAN at all');
  t.ok(validIban('NL05KNAB0417392658'));
  t.notOk(validIban('NL06KNAB0417392658'));
});

t.test('BICs, web addresses, times, companies', async (t) => {
  t.equal(parseBic('SWIFT KESTDEF1HAM'), 'KESTDEF1HAM');
  t.equal(parseBic('BIC : NOVAFRPP'), 'NOVAFRPP');
  t.equal(parseBic('no code here'), null);
  t.equal(parseUri('see http://www.lumen-interiors.com.'), 'http://www.lumen-interiors.com');
  t.equal(parseUri('Im Internet: www.serverhafen.de'), 'www.serverhafen.de');
  t.equal(parseUri('visit cloud.northwind.com'), 'cloud.northwind.com');
  t.equal(parseUri('S.No  Item  Qty'), null, 'an abbreviation with a dot is no domain');
  t.equal(parseUri('Ref.No 4411'), null);
  t.equal(parseTime('November 12, 2024 3:27 PM'), '3:27 PM');
  t.equal(parseTime('at 14:05 sharp'), '14:05');
  t.equal(parseTime('no time'), null);
  t.equal(parseOrganization('Sold By : Mehta Home Goods Pvt. Ltd.,'), 'Mehta Home Goods Pvt. Ltd.');
  t.equal(
    parseOrganization('Invoice for Acme Supplies Ltd'),
    'Acme Supplies Ltd',
    'lowercase words are not part of a name',
  );
  t.equal(parseOrganization('a limited offer'), null);
  // A legal form's letters before a postcode are a state or province's code.
  t.equal(parseOrganization('Boulder Flats, NV 89107'), null);
  t.equal(parseOrganization('PUEBLO, CO 81008'), null);
  t.equal(parseOrganization('Calgary, AB T2P 1J9'), null);
  t.equal(parseOrganization('Vandersteen NV'), 'Vandersteen NV');
  t.equal(parseOrganization('LADANG HIJAU PLT'), 'LADANG HIJAU PLT', 'a Malaysian limited liability partnership');
  t.equal(parseOrganization('PLT 7 IS CLOSED'), null, 'not before other words');
});

t.test('currencies: codes, symbols and words; the document’s most frequent one', async (t) => {
  t.equal(parseCurrency('EUR 12,00', ['USD', 'EUR']), 'EUR');
  t.equal(parseCurrency('€ 274,00'), 'EUR');
  t.equal(parseCurrency('Rs 2145'), 'INR');
  t.equal(parseCurrency('All charges are in US Dollars'), 'USD');
  t.equal(parseCurrency('€ 5', ['USD']), null, 'outside the enum');
  t.equal(parseCurrency('Währung           DKK'), 'DKK', 'any ISO 4217 code, without an enum');
  t.equal(parseCurrency('Total HUF 66 548'), 'HUF');
  t.equal(parseCurrency('THE END'), null, 'capitals that are no currency code');
  t.equal(documentCurrency('Total $ 6.27\nCredits $ 0.00\nPaid with a €5 voucher'), 'USD');
  t.equal(documentCurrency('no money here'), null);
  t.equal(documentCurrency('Grand Total     Rs 2145\nBalance     Rs 0', ['EUR', 'INR']), 'INR');
  t.equal(documentCurrency('Discount of Rs -65.00', ['USD', 'INR']), 'INR');
  t.equal(
    documentCurrency('Grand Total   3,150.00\nAmount in words: Rupees Three Thousand One Hundred Fifty Only'),
    'INR',
    'the sum in words',
  );
});

t.test('ticked options answer yes/no questions; both options unticked answer nothing', async (t) => {
  t.equal(parseBoolean('□ Yes ☑ No'), false);
  t.equal(parseBoolean('☒ Yes ☐ No'), true);
  t.equal(parseBoolean('[x] yes [ ] no'), true);
  t.equal(parseBoolean('Yes No'), null);
});

t.test('string properties are parsed by their format or the words of their name', async (t) => {
  const text = { type: 'string' };
  t.equal(
    typedValue('°718305264 du 14 Juillet 2016', text, 'invoice_number', 'dmy'),
    '718305264',
    'an identifier is its token',
  );
  t.equal(typedValue('Vervaldatum', text, 'invoice_number', 'dmy'), null, 'an identifier has a digit');
  t.equal(typedValue('Rotterdam 57192064', text, 'registration_number', 'dmy'), '57192064');
  t.equal(typedValue('15% on $ 86.40', text, 'vat_number', 'dmy'), null, 'a rate is not an identifier');
  t.equal(typedValue('$ 16.94', text, 'vat_number', 'dmy'), null, 'nor is an amount');
  t.equal(typedValue('Tel: +1 555 0100 (office)', text, 'phone', 'dmy'), '+1 555 0100');
  t.equal(typedValue('GB33 BUKB 2020 1555 5555 55', text, 'iban', 'dmy'), 'GB33BUKB20201555555555');
  t.equal(typedValue('site: www.example.com', { type: 'string', format: 'uri' }, 'web', 'dmy'), 'www.example.com');
  t.equal(
    typedValue('Ref AB-1234-Z (copy)', { type: 'string', pattern: '^[A-Z]{2}-\\d{4}-[A-Z]$' }, 'x', 'dmy'),
    'AB-1234-Z',
  );
  t.equal(typedValue('no match', { type: 'string', pattern: '^\\d+$' }, 'x', 'dmy'), null);
  t.equal(typedValue('Operating Income Per Segment⁴', text, 'description', 'dmy'), 'Operating Income Per Segment');
  t.equal(typedValue('€ 1.234,50', { type: 'number' }, 'total', 'dmy'), 1234.5, 'numbers come out as numbers');
});

t.test('a clock time on the 24-hour clock', async (t) => {
  t.equal(twentyFourHourTime('Time 7:25 PM'), '19:25');
  t.equal(twentyFourHourTime('12:05am'), '00:05');
  t.equal(twentyFourHourTime('12:40 p.m.'), '12:40');
  t.equal(twentyFourHourTime('18:02:11'), '18:02', 'seconds dropped');
  t.equal(twentyFourHourTime('no time here'), null);
});
