import t from 'tap';
import { COMPRESSION_MIN_BYTES } from '../../src/http/server.js';
import { buildTestApp } from '../helpers/server.js';

const app = await buildTestApp(t);

t.test('/docs serves the reference page and its own assets, no key needed', async (t) => {
  const page = await app.inject({ method: 'GET', url: '/docs' });
  t.equal(page.statusCode, 200);
  t.match(page.headers['content-type'], /^text\/html/);
  t.match(page.payload, /SwaggerUIBundle\(\{ url: '\/openapi.json'/);
  for (const [file, type] of [
    ['swagger-ui.css', /^text\/css/],
    ['swagger-ui-bundle.js', /^text\/javascript/],
    ['favicon-32x32.png', /^image\/png/],
  ] as const) {
    const asset = await app.inject({ method: 'GET', url: `/docs/assets/${file}` });
    t.equal(asset.statusCode, 200, file);
    t.match(asset.headers['content-type'], type);
    t.ok(asset.payload.length > 100, `${file} has content`);
  }
  const unknown = await app.inject({ method: 'GET', url: '/docs/assets/..%2Fpackage.json' });
  t.equal(unknown.statusCode, 400, 'only the listed files are served');
});

t.test('/metrics exposes request durations by operation and the database pool', async (t) => {
  await app.inject({ method: 'GET', url: '/readyz' });
  await app.inject({ method: 'GET', url: '/api/document-types' });
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^text\/plain/);
  t.match(
    res.payload,
    /quire_http_request_duration_seconds_count\{operation="getReadiness",method="GET",status="200"\} 1/,
  );
  t.match(
    res.payload,
    /quire_http_request_duration_seconds_count\{operation="listDocumentTypes",method="GET",status="401"\} 1/,
  );
  t.match(res.payload, /quire_db_pool_connections\{state="used"\}/);
  t.match(res.payload, /quire_nodejs_eventloop_lag_seconds/);
});

t.test('answers under a few kilobytes go uncompressed, larger ones gzipped when the client accepts it', async (t) => {
  const headers = { 'accept-encoding': 'gzip' };
  // A 404 that names its path: about 1.6 KB, over hapi's default threshold (1 KiB), under ours.
  const small = await app.inject({ method: 'GET', url: `/nowhere/${'a'.repeat(1500)}`, headers });
  t.equal(small.statusCode, 404);
  t.ok(small.payload.length > 1024 && small.payload.length < COMPRESSION_MIN_BYTES, `${small.payload.length} bytes`);
  t.equal(small.headers['content-encoding'], undefined);
  const large = await app.server.inject({ method: 'GET', url: '/openapi.json', headers });
  t.equal(large.statusCode, 200);
  t.equal(large.headers['content-encoding'], 'gzip');
});
