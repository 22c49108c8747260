import t from 'tap';
import { extractData } from '../fixtures.js';

const RECEIPT = {
  type: 'object',
  properties: { store_name: { type: 'string' }, store_address: { type: 'string' } },
};

const SLIP = [
  '',
  '  1 Flat White               4.50',
  '  TOTAL                      4.50',
  '  CASH                      10.00',
];

t.test('a word with one letter three times running is OCR noise, not a word of the name', async (t) => {
  const text = [
    '                    MMMKE TR',
    '',
    '                           ACORN SHOP',
    '                    e MMMM',
    '',
    '                    1: 0275 Flat white     4.50',
    '                    2: 1227 Almond croissant      3.30',
    '                    TOTAL                         7.80',
  ].join('\n');
  t.equal(extractData(text, RECEIPT).store_name, 'ACORN SHOP');
});

t.test('a scrap before the name, then the name alone on the next line: the name is the line under', async (t) => {
  const text = [
    '|          KA VELTRO',
    '$               VELTRO',
    '-     12, HARBOUR MAIN ROAD',
    '      PORT TOWN, CHENNAI-600042',
    ...SLIP,
  ].join('\n');
  t.equal(extractData(text, RECEIPT).store_name, 'VELTRO');
});

t.test('a house number, a compass point and a one-word street over the town is the street', async (t) => {
  const text = [
    '                 MAMA ROSA BISTRO',
    '                 4417 N ALDER              E',
    '                 SALIDA,CO 81201                <',
    '                 ph (719) 555-0114',
    ...SLIP,
  ].join('\n');
  const data = extractData(text, RECEIPT);
  t.equal(data.store_name, 'MAMA ROSA BISTRO');
  t.equal(data.store_address, '4417 N ALDER, SALIDA,CO 81201');
});

t.test('a scrap of two letters over the line above the phone names no shop: that line is the name', async (t) => {
  const text = ['    XQ', '             Plum Garden', '  Tel: 604-555-0123', ...SLIP].join('\n');
  const data = extractData(text, RECEIPT);
  t.equal(data.store_name, 'Plum Garden');
  t.not(data.store_address, 'Plum Garden', 'nor is the name the place of the shop');
});
