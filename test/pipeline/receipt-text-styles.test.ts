import t from 'tap';
import { extractFields } from '../../src/pipeline/extract/extract.js';
import { textDocument } from './fixtures.js';

/**
 * Receipts as plain text in the styles of several countries (Malaysia, Singapore, the US, the UK,
 * Germany): the company, its address, the date and the total. Every name, place and figure is made up.
 */

const SCHEMA = {
  type: 'object',
  properties: {
    company: { type: 'string' },
    date: { type: 'string', format: 'date' },
    address: { type: 'string' },
    total: { type: 'number' },
  },
};

/** The total asked for as printed, the way a user writes every field as a string. */
const PRINTED_TOTAL_SCHEMA = { type: 'object', properties: { total: { type: 'string' } } };

function extract(lines: readonly string[], schema: Record<string, unknown> = SCHEMA) {
  return extractFields(textDocument(lines.join('\n')), {
    code: 'receipt',
    name: 'Receipt',
    jsonSchema: schema,
    promptHints: null,
    keepPropertyOrdering: true,
    conversionMode: 'json',
  }).data;
}

t.test('the company is the legal name under a brand line that names a trade', async (t) => {
  const data = extract([
    'BUKIT INDAH PETROL STATION',
    'TERANG MINYAK SDN BHD (1234321-U)',
    'BATU 3, JALAN KEBUN LAMA,',
    '41000 KLANG, SELANGOR',
    'GST REG NO: 000999888777',
    '20/02/2018 07:15:02',
    'TOTAL RM 45.70',
  ]);
  t.equal(data.company, 'TERANG MINYAK SDN BHD');
  t.equal(data.address, 'BATU 3, JALAN KEBUN LAMA, 41000 KLANG, SELANGOR');
});

t.test('a legal name whose trade ends it is a name of its own, not the end of the line above', async (t) => {
  const data = extract([
    '77 MINI MART',
    'KENANGA TRADING SDN BHD (765123-A)',
    'NO 1 JALAN KENANGA 2',
    'TAMAN KENANGA',
    '41200 KLANG SELANGOR',
    'Date:13/01/2018 Time:21:14',
    'Total :             15.70',
    'Total Qty :          2',
  ]);
  t.equal(data.company, 'KENANGA TRADING SDN BHD');
  t.equal(data.total, 15.7);
});

t.test('a total before the tax is the subtotal of the total printed under it', async (t) => {
  const data = extract([
    'CHEONG HARDWARE TRADING',
    'NO. 18, JALAN SS 9/4,',
    '47300 PETALING JAYA.',
    'DATE 17.05.2018',
    '1 PAINT 5L 45.00',
    '1 ROLLER 8.00',
    'TOTAL RM 53.00',
    'GST 6% 3.18',
    'TOTAL AMOUNT RM 56.18',
  ]);
  t.equal(data.total, 56.18);
  t.equal(data.date, '2018-05-17');
});

t.test('the total row of a tax summary under the total is not the total', async (t) => {
  const data = extract([
    'KEDAI BUKU PELANGI',
    'NO 5 JALAN RAYA',
    '34000 TAIPING',
    'DATE : 2018-03-27',
    '2 BUKU 4.24',
    '1 PEN 1.06',
    'TOTAL AMOUNT : 5.30',
    'GST 6% INCLUDED : 0.30',
    'PAYMENT : 5.30',
    'GST SUMMARY',
    'CODE AMOUNT GST',
    'SR 5.00 0.30',
    'TOTAL 5.00 0.30',
  ]);
  t.equal(data.total, 5.3);
});

t.test('a VAT number printed in groups of digits is no amount', async (t) => {
  const data = extract([
    'FERNDALE GROCERS',
    'Unit 4, Willow Retail Park',
    'Hazel Road',
    'Ferndale',
    'FD2 8PL',
    'VAT No GB 123 4567 89',
    '14 Aug 2019 16:40',
    'MILK 1.15',
    'BREAD 1.10',
    'BALANCE DUE 2.25',
    'CASH 5.00',
    'CHANGE 2.75',
  ]);
  t.equal(data.total, 2.25);
  t.equal(data.date, '2019-08-14');
  t.equal(
    data.address,
    'Unit 4, Willow Retail Park, Hazel Road, Ferndale, FD2 8PL',
    'a British postcode alone ends it',
  );
});

t.test('a Singapore unit number and a British postcode alone are lines of the address', async (t) => {
  const singapore = extract([
    'PINEAPPLE FRESH PTE. LTD.',
    '10 Kembangan Central 1 #02-15',
    'Singapore 520123',
    'GST REG: 201299999X',
    'DATE: 05/11/2019',
    'TOTAL 4.40',
  ]);
  t.equal(singapore.address, '10 Kembangan Central 1 #02-15, Singapore 520123');
  t.equal(singapore.date, '2019-11-05');
  const british = extract([
    'The Copper Kettle Ltd',
    '17 Bramble Lane',
    'Oakbridge',
    'OB4 7QT',
    'VAT Reg No: 123 4567 89',
    '12/03/2019 19:02',
    'TOTAL           £15.70',
  ]);
  t.equal(british.address, '17 Bramble Lane, Oakbridge, OB4 7QT');
  t.equal(british.total, 15.7);
});

t.test('a tax summary’s total row whose net and tax add up to the total is not the total', async (t) => {
  const data = extract([
    'SEROJA PHARMACY (M) SDN. BHD.',
    'G-3A, Jalan Seroja 2/1,',
    '40150 Shah Alam, Selangor.',
    '12/03/2018 14:22:09',
    'PAIN RELIEF 1 12.90',
    'VITAMINS 1 25.00',
    'Total Incl. GST 37.90',
    'VISA 37.90',
    'GST Summary Amount Tax',
    'SR 35.75 2.15',
    'Total 35.75 2.15',
  ]);
  t.equal(data.total, 37.9);
});

t.test('a name wrapped before "& ... SDN BHD", a shop named "CHOP", a unit line before a building', async (t) => {
  const wrapped = extract(['KAMPAR STATIONERY', '& PRINTING SDN BHD', '(334411-D)', 'No. 5, Jalan Kampar 3,']);
  t.equal(wrapped.company, 'KAMPAR STATIONERY & PRINTING SDN BHD');
  const chop = extract([
    'lim ah seng',
    'CHOP HOCK LEONG',
    'NO 22 JALAN PASAR',
    '30000 IPOH PERAK',
    'DATE 05/05/2018',
    'BILL 0012',
    'AYAM 1 18.00',
    'SAYUR 2 6.00',
    'JUMLAH 24.00',
  ]);
  t.equal(chop.company, 'CHOP HOCK LEONG', 'not the name written above the shop’s');
  const unit = extract([
    'FRESH LEAF PTE LTD',
    '1 Bedok West Central 2',
    '#B1-07 Bedok Point',
    'Singapore 640123',
    'Total: S$ 12.30',
  ]);
  t.equal(unit.address, '1 Bedok West Central 2, #B1-07 Bedok Point, Singapore 640123');
});

t.test('a column of labels read before the column of their figures', async (t) => {
  const counted = extract([
    'KEDAI RUNCIT SRI TANJUNG',
    'NO 8 JALAN BESAR',
    '72100 BAHAU',
    'DATE: 29 MAR 18',
    'TOTAL QTY:',
    'TOTAL:',
    'CASH:',
    'CHANGE:',
    '3',
    '26.60',
    '50.00',
    '23.40',
  ]);
  t.equal(counted.total, 26.6);
  t.equal(counted.date, '2018-03-29');
  const withCurrency = extract([
    'TANJUNG JAYA ENTERPRISE',
    'NO 8 JALAN BESAR',
    '72100 BAHAU',
    '15/03/2018',
    'Total Amount (RM)',
    'Cash (RM)',
    'Change (RM)',
    '12.30',
    '20.00',
    '7.70',
  ]);
  t.equal(withCurrency.total, 12.3, 'not the change read under its label');
});

t.test('totals under a tax summary’s heading are its rows, not the total; "Total Payment" is the total', async (t) => {
  const summary = extract([
    'SELASIH MART SDN BHD',
    'NO 1 JALAN SELASIH',
    '41200 KLANG',
    '12/03/2018',
    'TOTAL',
    'RM',
    '10.00',
    'GST SUMMARY',
    'TAX CODE',
    'AMOUNT',
    'GST',
    'SR',
    '9.43',
    '0.57',
    'TOTAL',
    '9.43',
    '0.57',
  ]);
  t.equal(summary.total, 10);
  const payment = extract([
    'SELASIH MART SDN BHD',
    'NO 1 JALAN SELASIH',
    '41200 KLANG',
    '12/03/2018',
    'ITEM 1 5.00',
    'Total Discount -1.00',
    'Total Tax 0.24',
    'Total Payment 4.24',
    'Cash 5.00',
    'Change 0.76',
  ]);
  t.equal(payment.total, 4.24);
});

t.test('a caption of the figures’ column between a column of labels and its figures', async (t) => {
  const data = extract([
    'KEDAI SERBANEKA PADI EMAS',
    'NO 3, JALAN PADI 4,',
    '06000 JITRA, KEDAH',
    'DATE: 02/04/2018',
    'TOTAL:',
    'ROUNDING ADJ:',
    'NETT TOTAL:',
    'PAID:',
    'CHANGE:',
    'RM',
    '11.97',
    '0.03',
    '12.00',
    '20.00',
    '8.00',
  ]);
  t.equal(data.total, 12, 'the total after rounding, its figure read past the "RM" caption');
});

t.test('the cash handed over under a total’s label, with the change under it, is not the total', async (t) => {
  const lines = [
    'CAHAYA LAMPU SDN. BHD.',
    'No. 9, Jalan Lampu 2,',
    '47100 Puchong, Selangor',
    'Date: 7 March 2018',
    'LED BULB 9W 4 x 7.90 31.60',
    'Subtotal 31.60',
    'GST @ 6% 1.90',
    'Grand Total 33.50',
    'Amount Paid 50.00',
    'Balance 16.50',
  ];
  t.equal(extract(lines).total, 33.5);
  t.equal(extract(lines, PRINTED_TOTAL_SCHEMA).total, '33.50', 'not 50.00: the grand total plus the balance under it');
  const exact = extract(['CAHAYA LAMPU SDN. BHD.', 'Grand Total 33.50', 'Amount Paid 33.50', 'Balance 0.00']);
  t.equal(exact.total, 33.5);
  // A total of nothing above ("Total surcharges 0.00") plus an amount under a total makes no payment of it.
  const nothingAbove = extract([
    'CAHAYA LAMPU SDN. BHD.',
    'Total surcharges 0.00',
    'Grand Total 33.50',
    'Brought forward 33.50',
  ]);
  t.equal(nothingAbove.total, 33.5);
});

t.test('a net amount after a discount taken from the gross is the total', async (t) => {
  const data = extract([
    'BENGKEL MOTOR SETIA',
    'NO 4, JALAN BENGKEL 1,',
    '27600 RAUB, PAHANG',
    'DATE: 30/06/2018',
    'SERVICE 1 80.00',
    'BRAKE PAD 1 120.00',
    'GROSS AMOUNT 200.00',
    'DISCOUNT 20.00',
    'NET AMOUNT 180.00',
    'PAID 180.00',
  ]);
  t.equal(data.total, 180);
  const taxed = extract([
    'BENGKEL MOTOR SETIA',
    'GROSS AMOUNT 200.00',
    'DISCOUNT 20.00',
    'NET AMOUNT 180.00',
    'SST 6% 10.80',
    'TOTAL 190.80',
  ]);
  t.equal(taxed.total, 190.8, 'a tax on the net still makes the larger total');
});

t.test('an item’s line with its price (and tax code) is not a line of the address above it', async (t) => {
  const data = extract([
    'KEDAI RUNCIT TELUK BARU',
    'NO 6 JALAN PASAR LAMA',
    '21000 KUALA TERENGGANU',
    'TERENGGANU',
    'BERAS 10KG 1 26.00',
    'GULA 1KG 2 2.85 5.70',
    'JUMLAH RM 31.70',
  ]);
  t.equal(data.address, 'NO 6 JALAN PASAR LAMA, 21000 KUALA TERENGGANU, TERENGGANU');
  const coded = extract([
    'KEDAI RUNCIT TELUK BARU',
    'NO 6 JALAN PASAR LAMA',
    '21000 KUALA TERENGGANU',
    'BERAS 10KG 1 26.00 SR',
  ]);
  t.equal(coded.address, 'NO 6 JALAN PASAR LAMA, 21000 KUALA TERENGGANU', 'nor with its tax code after the price');
});

t.test('the logo’s word over the name it starts is not a line of the name', async (t) => {
  const data = extract([
    'TINTA',
    'TINTA STATIONERY SHOP',
    'NO. 31G, JALAN TINTA 4,',
    '43300 SERI KEMBANGAN, SELANGOR.',
    'TOTAL SALES 3.00',
  ]);
  t.equal(data.company, 'TINTA STATIONERY SHOP');
});

t.test('"NET PAYABLE" is the total', async (t) => {
  const data = extract([
    'KEDAI RUNCIT PINANG',
    'NO 1, JALAN PINANG,',
    '50000 KUALA LUMPUR',
    'DATE: 25/12/2018',
    'ITEM A 1 3.50',
    'NET PAYABLE 3.50',
  ]);
  t.equal(data.total, 3.5);
});

t.test('an Indian letterhead: a colony’s street line, and the PIN code after its city and a dash', async (t) => {
  const data = extract([
    'CASH BILL',
    'KAVERI TIFFIN CENTRE',
    'NO.31-A, NEHRU COLONY',
    'TAMBARAM , GST ROAD',
    'CHENNAI-600 045',
    'TIN:33987654321',
    'Bill No R004417',
    'Bill Dt:08.09.2017',
    'IDLI 2 30.00 60.00',
    'Total 60.00',
  ]);
  t.equal(data.address, 'NO.31-A, NEHRU COLONY, TAMBARAM , GST ROAD, CHENNAI-600 045');
});

t.test('the shop a welcome names on the letterhead’s first line', async (t) => {
  const data = extract(['WELCOME TO MERANTI MINI MART', 'NO 1, JALAN MERANTI,', '50000 KUALA LUMPUR', 'TOTAL 5.50']);
  t.equal(data.company, 'MERANTI MINI MART');
  const ours = extract(['WELCOME TO OUR STORE', 'MERANTI MINI MART', 'NO 1, JALAN MERANTI,', 'TOTAL 5.50']);
  t.equal(ours.company, 'MERANTI MINI MART', 'a welcome to "our store" names no shop');
});

t.test('the branch’s town over the address line it starts is the address’s, not the shop’s name', async (t) => {
  const data = extract([
    'Brookfield',
    'Brookfield, WI 53005',
    '(262) 555-0188',
    '09-19-19 5:59P',
    'KIDS TEE 2.40',
    'TOTAL 2.40',
    'THANK YOU FOR SHOPPING AT MAPLE & FINCH',
  ]);
  t.equal(data.company, 'MAPLE & FINCH');
  t.equal(data.address, 'Brookfield, Brookfield, WI 53005');
  // A name over a street named after it, with its house number first, is no town over its line.
  const street = extract(['Harbor', '250 Harbor Blvd Suite 12', 'Oakton, CA 90210', 'TOTAL 12.00']);
  t.equal(street.address, '250 Harbor Blvd Suite 12, Oakton, CA 90210');
});
