import t from 'tap';
import { foldText } from '../../src/pipeline/extract/text-tokens.js';

t.test('folding lowers the case of ASCII text and changes nothing else', async (t) => {
  t.equal(foldText('INVOICE No. 12/B, Total: $40.00'), 'invoice no. 12/b, total: $40.00');
  t.equal(foldText(''), '');
});

t.test('folding drops accents and spells out letters NFKD keeps', async (t) => {
  t.equal(foldText('Fecha de Emisión'), 'fecha de emision');
  t.equal(foldText('Größe Straße Łódź Øresund Œuvre'), 'grosse strasse lodz oresund oeuvre');
  t.equal(foldText('ﬁnal №'), 'final no', 'compatibility forms decomposed');
});
