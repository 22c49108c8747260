import t from 'tap';
import { issuerGenerator } from '../../../src/pipeline/extract/candidates/issuer.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';
import { extractData } from '../fixtures.js';

const STORE = { type: 'object', properties: { store_name: { type: 'string' } } };

function names(lines: readonly string[]): unknown[] {
  return issuerGenerator.generate(buildDocumentModel(lines.join('\n'))).map((candidate) => candidate.value);
}

const SLIP = ['  2 Espresso              8.00', '  TOTAL                   8.00', '  CASH                   10.00'];

t.test('a thanks ending its line names the shop on the line under it', async (t) => {
  t.ok(names([...SLIP, '   THANK YOU FOR SHOPPING AT', '       HOLLOWAY BRIGHTMAN']).includes('HOLLOWAY BRIGHTMAN'));
  t.ok(names([...SLIP, '   Welcome to', '   Juniper Bakes', '']).includes('Juniper Bakes'));
  t.notOk(
    names([...SLIP, '   THANK YOU FOR VISITING', '   PLEASE COME AGAIN']).includes('PLEASE COME AGAIN'),
    'a closing line is no name',
  );
  t.notOk(names([...SLIP, '   THANK YOU FOR VISITING', ' FE o          Na']).includes('FE o'), 'nor is a scrap');
  t.notOk(names([...SLIP, '   THANK YOU FOR SHOPPING AT', '   05/11/2024 14:22']).length > 0, 'nor a date');
});

t.test('the thanks’s whole name beats the letterhead line it starts with', async (t) => {
  const text = [
    '          HOLLOWAY',
    '             7',
    '          BRIGHTMAN',
    '     - AT THE SQUARE -',
    '      88 MARKET STREET',
    '    SPRINGFIELD, IL 62701',
    '        217-555-0142',
    '',
    ...SLIP,
    '',
    '   THANK YOU FOR SHOPPING AT',
    '       HOLLOWAY BRIGHTMAN',
  ].join('\n');
  t.equal(extractData(text, STORE).store_name, 'HOLLOWAY BRIGHTMAN');
});
