import t from 'tap';
import { hashToken, newToken, parseToken, tokenMatches } from '../../src/modules/identity/api-key-token.js';

t.test('a new token parses back to its lookup id and matches only its own hash', async (t) => {
  const { token, lookupId, hash } = newToken();
  t.match(token, /^dtq_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
  t.match(token, /^dt[A-Za-z0-9_-]{20,}$/, "passes the hosted CLI's key check");
  t.equal(parseToken(token), lookupId);
  t.ok(tokenMatches(token, hash));
  // A different last character (replacing it with a fixed one failed one run in 64: when it already was that one).
  const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
  t.notOk(tokenMatches(altered, hash));
  t.notOk(tokenMatches(token, hashToken('something else')));
  t.not(newToken().token, token, 'tokens are random');
});

t.test('malformed tokens have no lookup id', async (t) => {
  for (const bad of [
    '',
    'qk_',
    'qk_zz',
    'Bearer x',
    `qk_${'0'.repeat(16)}_short`,
    `xx_${'0'.repeat(16)}_${'a'.repeat(43)}`,
    `dt_${'0'.repeat(16)}_${'a'.repeat(43)}`,
  ]) {
    t.equal(parseToken(bad), null, JSON.stringify(bad));
  }
});

t.test('keys issued before the dtq_ prefix still parse', async (t) => {
  t.equal(parseToken(`qk_${'0123456789abcdef'}_${'a'.repeat(43)}`), '0123456789abcdef');
});
