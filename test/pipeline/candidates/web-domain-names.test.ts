import t from 'tap';
import { issuerGenerator } from '../../../src/pipeline/extract/candidates/issuer.js';
import { domainSpellsName, webDomainLabels } from '../../../src/pipeline/extract/candidates/web-domain-names.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';
import { extractData } from '../fixtures.js';

const STORE = { type: 'object', properties: { store_name: { type: 'string' } } };

t.test('the domain labels of web and mail addresses, as OCR spaces them', async (t) => {
  t.same(webDomainLabels(['Visit www.copper-kettle.co.uk']), ['copperkettle']);
  t.same(webDomainLabels(['hello@juniperbakes.com']), ['juniperbakes']);
  t.same(webDomainLabels(['  wv .harborlights .com   ']), ['harborlights']);
  t.same(webDomainLabels(['742 Evergreen Terrace', 'Tel: 555-0199']), [], 'no address, no label');
});

t.test('a domain spells a name: all of it, nearly, or its first words at its start', async (t) => {
  t.ok(domainSpellsName('Harbor Lights', 'harborlights'));
  t.ok(domainSpellsName('JUNIPER BAKES', 'junlperbakes'), 'a letter in four may be misread');
  t.ok(domainSpellsName('Copper Kettle Cafe', 'copperkettle'), 'first words that are the domain');
  t.ok(domainSpellsName('Quill at Dockside', 'quillsmith'), 'first word, five letters or more, starting it');
  t.notOk(domainSpellsName('Leeds LS1 4AB', 'quillleeds'), 'a word the domain ends with is no name');
  t.notOk(domainSpellsName('RESTAURANT', 'harborlights'));
  t.notOk(domainSpellsName('Harb', 'harborlights'), 'four letters starting a longer domain are not enough');
});

t.test('a name line the receipt’s own web address spells beats a trade line', async (t) => {
  const text = [
    '              J',
    '     LA VOLPE',
    '              TRATTORIA . RIVERSIDE',
    '            Shop 4 / Riverside',
    '             Northbank VIC 3006',
    '          www.lavolpe-riverside.com',
    '  2 Espresso                     $8.00',
    '  TOTAL                          $8.00',
  ].join('\n');
  t.equal(extractData(text, STORE).store_name, 'LA VOLPE');
});

t.test('a line beside OCR noise that the web address spells is proposed as the name', async (t) => {
  const text = [
    '   — OREL DT ee         MA             DA',
    '',
    '   =D 0031. 0 1 e > e   e yeuN ES   ew y00 ES',
    '            PELICAN ON THE PIER               Me',
    '              Harbor Terminal',
    '          ww .pelicanonthepier .com          es',
    '            Ph: 555-014-2290',
    '  1 Fish Taco                    6.50',
    '  TOTAL                          6.50',
  ].join('\n');
  t.equal(extractData(text, STORE).store_name, 'PELICAN ON THE PIER');
});

t.test(
  'a name under the letterhead’s address that its own mail address spells is the buyer’s, not the issuer’s',
  async (t) => {
    const text = [
      '   Moulin Vert SARL - 12 chemin des Oliviers - 84000 Avignon',
      '   +33 4 90 00 00 00 - www.moulinvert.fr',
      '',
      ' Facture FA-2020-0012',
      '  Adresse de livraison',
      '  Hôtel Les Pins',
      '  4 rue du Port',
      '  13002 Marseille',
      '  contact@hotellespins.fr',
    ].join('\n');
    const issuers = issuerGenerator
      .generate(buildDocumentModel(text))
      .filter((name) => name.relations.includes('issuer'));
    t.notOk(issuers.some((name) => name.value === 'Hôtel Les Pins'));
  },
);
