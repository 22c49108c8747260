import { loadConfig } from '../src/config.js';
import { createServer } from '../src/http/server.js';
import { createLogger } from '../src/logger.js';
import { localEmbedding } from '../src/modules/embeddings/local-embedding.js';
import { lexicalMatches } from '../src/modules/knowledge-bases/documents-repository.js';
import { vectorSimilarities } from '../src/modules/knowledge-bases/embedding-index.js';
import { createTestDatabase } from '../test/helpers/database.js';
import { createActor } from '../test/helpers/factories.js';
import { knowledgeBaseBody } from '../test/helpers/knowledge-bases.js';

const database = await createTestDatabase();
const config = loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' });
const server = await createServer({ config, db: database.knex, logger: createLogger('silent') });
await server.start();
const owner = await createActor(database.knex, { slug: 'acme' });
const h = { ...owner.headers, 'content-type': 'application/json' };
const kb = (
  await (
    await fetch(`${server.info.uri}/api/knowledge-bases`, {
      method: 'POST',
      headers: h,
      body: JSON.stringify(knowledgeBaseBody()),
    })
  ).json()
).data;
const SYL = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'qui', 'dor', 'fen', 'gal', 'hux', 'jor'];
let s = 1;
const rnd = () => {
  s = (s * 16807) % 2147483647;
  return s / 2147483647;
};
const V = Array.from({ length: 3000 }, () =>
  Array.from({ length: 2 + Math.floor(rnd() * 3) }, () => SYL[Math.floor(rnd() * 16)]).join(''),
);
const w = () => V[Math.floor(V.length * rnd() ** 2.5)];
const docs = Array.from({ length: 10000 }, (_, i) => {
  let text = '';
  while (text.length < 950) text += Array.from({ length: 12 }, w).join(' ') + '. ';
  return { documentId: 'd' + i, content: { title: 'Title ' + w(), text } };
});
const res = await fetch(`${server.info.uri}/api/knowledge-bases/${kb.id}/documents/bulk-upload`, {
  method: 'POST',
  headers: h,
  body: JSON.stringify({ documents: docs }),
});
await res.text();
const qs = Array.from({ length: 60 }, () => `${w()} ${w()}`);
const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1);
await vectorSimilarities(database.knex, kb.id, localEmbedding('x'));
const tl: number[] = [],
  tv: number[] = [],
  tt: number[] = [];
for (const q of qs) {
  let a = performance.now();
  await lexicalMatches(database.knex, kb.id, q);
  tl.push(performance.now() - a);
  a = performance.now();
  await vectorSimilarities(database.knex, kb.id, localEmbedding(q));
  tv.push(performance.now() - a);
  a = performance.now();
  await fetch(`${server.info.uri}/api/knowledge-bases/${kb.id}/search`, {
    method: 'POST',
    headers: h,
    body: JSON.stringify({ query: q, similarityThreshold: 0.5 }),
  }).then((r) => r.text());
  tt.push(performance.now() - a);
}
console.log('lexical p50', med(tl), 'vector p50', med(tv), 'http p50', med(tt));
await server.stop();
await database.drop();
