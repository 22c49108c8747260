import t from 'tap';
import { extractFields } from '../../src/pipeline/extract/extract.js';
import type { ExtractionType } from '../../src/pipeline/types.js';
import { textDocument } from './fixtures.js';

/**
 * A charity's annual report read through the whole engine: the charity's own address is one
 * block, its own office's, never its bankers' or auditors', and never parts of several blocks.
 */

const SCHEMA = {
  type: 'object',
  properties: {
    address: {
      type: 'object',
      description: 'Address of the charity’s principal office, not of its bankers or auditors',
      properties: {
        street_line: { type: 'string' },
        post_town: { type: 'string' },
        postcode: { type: 'string' },
      },
    },
  },
};

function extractAddress(text: string): unknown {
  const type: ExtractionType = {
    code: 'charity',
    name: 'Charity report',
    jsonSchema: SCHEMA,
    promptHints: null,
    keepPropertyOrdering: true,
    conversionMode: 'json',
  };
  return extractFields(textDocument(text), type).data.address;
}

t.test("the bankers' and auditors' blocks are not the charity's address", async (t) => {
  const text = [
    'THE HOLLYBANK TRUST',
    "Trustees' report for the year ended 31 March 2020",
    '',
    'Bankers            Northern Bank plc',
    '                   1 Market Street',
    '                   Preston',
    '                   PR1 2AB',
    '',
    'Auditors           Reed & Co',
    '                   22 Fishergate',
    '                   Preston',
    '                   PR1 3CD',
    '',
    'The principal place of business is 5 Moor Lane Lancaster LA1',
    '1QE.',
  ].join('\n');
  t.same(extractAddress(text), { street_line: '5 Moor Lane', post_town: 'Lancaster', postcode: 'LA1 1QE' });
});

t.test('the street, town and postcode come from one block, even when it has no street', async (t) => {
  const text = [
    'Head Office',
    'Greystones House',
    'Kendal',
    'LA9 4RT',
    '',
    'Our regional teams work from many places across the county and the north of England.',
    '',
    'Northern team',
    '14 Bridge Road',
    'Carlisle',
    'CA1 1AA',
  ].join('\n');
  t.same(extractAddress(text), { post_town: 'Kendal', postcode: 'LA9 4RT' });
});
