import t from 'tap';
import { hasAnyPhrase, phraseText } from '../../../src/pipeline/extract/candidates/phrase-match.js';

/** What hasAnyPhrase answers, phrase by phrase: its indexed lookup must agree with it. */
function lookedUpOneByOne(words: string, phrases: Iterable<string>): boolean {
  for (const phrase of phrases) if (words.includes(` ${phrase} `)) return true;
  return false;
}

const PHRASES = ['total', 'total amount', 'amount due', 'balance due', 'grand total', 'tel.', 'n°'];
const TEXTS = [
  'Total',
  'Total amount:',
  'TOTAL AMOUNT DUE',
  'Sub total',
  'Totals',
  'amount',
  'Balance  due now',
  '',
  'Grand   total (EUR)',
  'Subtotal',
];

t.test('whole phrases of words, as looking up each phrase finds them', async (t) => {
  for (const text of TEXTS) {
    const words = phraseText(text);
    t.equal(hasAnyPhrase(words, PHRASES), lookedUpOneByOne(words, PHRASES), JSON.stringify(words));
    t.equal(hasAnyPhrase(words, new Set(PHRASES)), lookedUpOneByOne(words, PHRASES), `${JSON.stringify(words)} (set)`);
  }
  // Texts not made by phraseText, and phrases not made of single-spaced words, are looked up one by one.
  t.ok(hasAnyPhrase('call tel. 123 ', PHRASES));
  t.ok(hasAnyPhrase(' call tel. 123 ', PHRASES));
  t.ok(hasAnyPhrase('  ', ['']), 'an empty phrase is in an empty phrase text');
  t.notOk(hasAnyPhrase(' total ', [' total']), 'a padded phrase needs two spaces before it');
  t.ok(hasAnyPhrase(' a  total ', [' total']));
  t.ok(
    hasAnyPhrase(
      ' amount due ',
      (function* () {
        yield 'amount due';
      })(),
    ),
    'any iterable of phrases',
  );
});

t.test('a list that grows is looked up with its new phrases', async (t) => {
  const phrases = ['net'];
  t.notOk(hasAnyPhrase(' gross amount ', phrases));
  phrases.push('gross amount');
  t.ok(hasAnyPhrase(' gross amount ', phrases));
});
