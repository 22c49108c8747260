import t from 'tap';
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
