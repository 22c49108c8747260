import t from 'tap';
import { GENERATORS } from '../../../src/pipeline/extract/candidates/generators.js';
import { nameAtStart, organisationNameGenerator } from '../../../src/pipeline/extract/candidates/organisation-name.js';
import { extractFields } from '../../../src/pipeline/extract/extract.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';
import { profileOf } from '../../../src/pipeline/extract/ranking/property-profile.js';

function best(text: string): unknown {
  const candidates = organisationNameGenerator.generate(buildDocumentModel(text));
  candidates.sort((a, b) => b.kindConfidence - a.kindConfidence);
  return candidates[0]?.value;
}

const REPORT = [
  'Riverside Bowls Club Trustees’ report for 2019',
  'Registered Charity Number 1234567',
  '',
  'Riverside Bowls Club exists to promote the game of bowls in the town.',
  'The trustees of Riverside Bowls Club met four times during the year.',
  '',
  'Receipts and payments account',
  'Camp Fees      1,200',
].join('\n');

t.test("a report's name: the cover's name before its title, repeated through the report", async (t) => {
  t.equal(best(REPORT), 'Riverside Bowls Club');
});

t.test('a name is capitalised words, not prose, a label, initials or a period', async (t) => {
  t.equal(nameAtStart('The Harbour Trust Annual Report and Accounts'), 'The Harbour Trust');
  t.equal(nameAtStart('Friends of the Old Mill'), 'Friends of the Old Mill');
  t.equal(nameAtStart('The aim and use of the funds'), null);
  t.equal(nameAtStart('Registered Charity Number 1234567'), null);
  t.equal(nameAtStart('D Harlow'), null);
  t.equal(nameAtStart('For the Year Ended 31 March 2016'), null);
  t.equal(nameAtStart('(England and Wales)'), null);
});

t.test('capitalised words neither repeated nor ending in an organisation noun are no name', async (t) => {
  const values = organisationNameGenerator.generate(buildDocumentModel(REPORT)).map((candidate) => candidate.value);
  t.notOk(values.includes('Camp Fees'));
  // The same cover with the name printed once is less sure than when the report repeats it.
  const once = organisationNameGenerator.generate(buildDocumentModel(REPORT.split('\n').slice(0, 3).join('\n')));
  const repeated = organisationNameGenerator.generate(buildDocumentModel(REPORT));
  t.ok((once[0]?.kindConfidence ?? 0) < (repeated[0]?.kindConfidence ?? 0));
});

t.test("which properties ask for the organisation's own name", async (t) => {
  const asks = (key: string, description?: string) =>
    profileOf(key, { type: 'string', ...(description ? { description } : {}) }, GENERATORS).relations.has(
      'organisation_name',
    );
  t.ok(asks('charity_name', 'Registered name of the charity'));
  t.ok(asks('organization'));
  t.notOk(asks('charity_number', 'Registered charity number'));
  t.notOk(asks('store_name'));
});

t.test("a cover's name answers only a property that asks for an organisation's name", async (t) => {
  const text = 'Northwind Traders Ltd\n12 Harbour Road\nWidgets and parts for the trade.';
  const type = (properties: Record<string, unknown>) => ({
    code: 't',
    name: 't',
    jsonSchema: { type: 'object', properties },
    promptHints: null,
    keepPropertyOrdering: false,
    conversionMode: 'json' as const,
  });
  const document = { format: 'text' as const, contentType: 'text/plain', pages: [text], text };
  t.same(extractFields(document, type({ organisation: { type: 'string' } })).data, {
    organisation: 'Northwind Traders Ltd',
  });
  t.same(extractFields(document, type({ country: { type: 'string', description: 'ISO country code' } })).data, {});
});

t.test('a legal form alone on the line under a centred cover name ends the name', async (t) => {
  const cover = [
    '        HOLLOW OAK TRUST',
    '           LIMITED',
    '',
    'REPORT AND ACCOUNTS FOR THE YEAR ENDED 30 JUNE 2018',
    '',
    'HOLLOW OAK TRUST LIMITED is a charitable company.',
    'The directors of HOLLOW OAK TRUST LIMITED present their report.',
  ].join('\n');
  t.equal(best(cover), 'HOLLOW OAK TRUST LIMITED');
  t.equal(
    best(cover.replace('           LIMITED', '           Founded 1952')),
    'HOLLOW OAK TRUST',
    'not any line under it',
  );
});
