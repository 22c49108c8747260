import { randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { type FetchedDocument, fetchDocumentUrl } from '../../src/intake/fetch-document-url.js';
import * as addressPolicy from '../../src/outbound/address-policy.js';

/** A real server on 127.0.0.1: the downloads go through undici's real connection path. */
const documentBytes = randomBytes(200_000);

function route(path: string, res: ServerResponse): void {
  const redirect = /^\/redirect\/(\d+)$/.exec(path);
  if (redirect) {
    const left = Number(redirect[1]);
    res.writeHead(302, { location: left === 0 ? '/doc.pdf' : `/redirect/${left - 1}` }).end();
    return;
  }
  switch (path) {
    case '/doc.pdf':
      res.writeHead(200, {
        'content-type': 'Application/PDF; charset=binary',
        'content-disposition': 'attachment; filename="../report 2024.pdf"',
        'content-length': documentBytes.length,
      });
      res.end(documentBytes);
      return;
    case '/files/a%20b.txt':
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 5 }).end('hello');
      return;
    case '/encoded-name':
      res.writeHead(200, {
        'content-disposition': `attachment; filename="fallback.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`,
      });
      res.end('x');
      return;
    case '/missing':
      res.writeHead(404).end('no');
      return;
    case '/redirect-relative':
      res.writeHead(301, { location: 'files/a%20b.txt' }).end();
      return;
    case '/redirect-metadata':
      res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      return;
    case '/redirect-localhost':
      res.writeHead(302, { location: `http://localhost:${port}/doc.pdf` }).end();
      return;
    case '/redirect-ftp':
      res.writeHead(302, { location: 'ftp://example.com/doc.pdf' }).end();
      return;
    case '/big-declared':
      res.writeHead(200, { 'content-length': 5000 }).end(Buffer.alloc(5000));
      return;
    case '/big-chunked':
      // No Content-Length: only counting the bytes finds out.
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      for (let i = 0; i < 10; i++) res.write(Buffer.alloc(500));
      res.end();
      return;
    case '/stall-body':
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first bytes, then nothing');
      return; // never ends
    case '/stall-headers':
      return; // never answers
    default:
      res.writeHead(500).end();
  }
}

const server: Server = createServer((req, res) => route(req.url ?? '/', res));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;
t.teardown(() => {
  // The stalling routes hold their sockets open on purpose.
  server.closeAllConnections();
  server.close();
});
const base = `http://127.0.0.1:${port}`;

const local = { maxBytes: 1024 * 1024, allowPrivate: true };

async function readAll(document: FetchedDocument): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of document.body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

t.test('200: bytes, normalised content type, filename from Content-Disposition, length', async (t) => {
  const document = await fetchDocumentUrl(new URL(`${base}/doc.pdf`), local);
  t.equal(document.contentType, 'application/pdf');
  t.equal(document.filename, 'report 2024.pdf', 'a base name only');
  t.equal(document.contentLength, documentBytes.length);
  t.ok((await readAll(document)).equals(documentBytes));

  const plain = await fetchDocumentUrl(new URL(`${base}/files/a%20b.txt`), local);
  t.same([plain.filename, plain.contentType, plain.contentLength], ['a b.txt', 'text/plain', 5]);
  t.equal((await readAll(plain)).toString(), 'hello');

  const encoded = await fetchDocumentUrl(new URL(`${base}/encoded-name`), local);
  t.equal(encoded.filename, 'résumé.pdf', 'filename* wins over filename');
  t.equal(encoded.contentType, null);
  await readAll(encoded);
});

t.test('non-2xx: 400 with status and reason', async (t) => {
  t.match(await errorOf(fetchDocumentUrl(new URL(`${base}/missing`), local)), {
    status: 400,
    message: 'Error accessing URL: 404 Not Found',
  });
});

t.test('redirects: followed up to 5, relative locations resolved, more refused', async (t) => {
  const five = await fetchDocumentUrl(new URL(`${base}/redirect/4`), local);
  t.equal(five.filename, 'report 2024.pdf');
  t.ok((await readAll(five)).equals(documentBytes));
  t.match(await errorOf(fetchDocumentUrl(new URL(`${base}/redirect/5`), local)), {
    status: 400,
    message: 'Error accessing URL: more than 5 redirects',
  });
  const relative = await fetchDocumentUrl(new URL(`${base}/redirect-relative`), local);
  t.equal(relative.filename, 'a b.txt');
  await readAll(relative);
  t.match(await errorOf(fetchDocumentUrl(new URL(`${base}/redirect-ftp`), local)), {
    status: 400,
    message: 'Error accessing URL: only http and https URLs can be fetched, got ftp',
  });
});

t.test('over maxBytes: by Content-Length before reading, by counting without it', async (t) => {
  t.match(await errorOf(fetchDocumentUrl(new URL(`${base}/big-declared`), { ...local, maxBytes: 1000 })), {
    status: 413,
    message: 'File exceeds maximum allowed size (1000 bytes)',
  });
  const chunked = await fetchDocumentUrl(new URL(`${base}/big-chunked`), { ...local, maxBytes: 1000 });
  t.equal(chunked.contentLength, null);
  t.match(await errorOf(readAll(chunked)), { status: 413, message: 'File exceeds maximum allowed size (1000 bytes)' });
  const exactly = await fetchDocumentUrl(new URL(`${base}/big-chunked`), { ...local, maxBytes: 5000 });
  t.equal((await readAll(exactly)).length, 5000);
});

t.test('the deadline covers the body: a server that stalls mid-body ends with the timeout error', async (t) => {
  const document = await fetchDocumentUrl(new URL(`${base}/stall-body`), { ...local, timeoutMs: 300 });
  const chunks: Uint8Array[] = [];
  const error = await errorOf(
    (async () => {
      for await (const chunk of document.body) chunks.push(chunk);
    })(),
  );
  t.ok(chunks.length > 0, 'the first bytes arrived before the deadline');
  t.match(error, { status: 400, message: 'URL download timeout (300ms)' });
  t.match(await errorOf(fetchDocumentUrl(new URL(`${base}/stall-headers`), { ...local, timeoutMs: 300 })), {
    status: 400,
    message: 'URL download timeout (300ms)',
  });
});

t.test('connection errors: 400 with a short reason', async (t) => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  t.match(await errorOf(fetchDocumentUrl(new URL(`http://127.0.0.1:${closedPort}/`), local)), {
    status: 400,
    message: 'Error accessing URL: connection refused',
  });
});

const PRIVATE_MESSAGE =
  /^Error accessing URL: the address resolves to a private or local network address \(.+\); set URL_FETCH_ALLOW_PRIVATE_TARGETS=true to allow it$/;

t.test('private targets are refused by default, before any connection', async (t) => {
  const refused = {
    [`${base}/doc.pdf`]: '127.0.0.1: loopback',
    'http://[::1]/': '::1: loopback',
    'http://169.254.169.254/latest/meta-data/': '169.254.169.254: linkLocal',
    'http://10.0.0.1/': '10.0.0.1: private',
    'http://[::ffff:127.0.0.1]/': 'loopback',
    'http://2130706433/': '127.0.0.1: loopback',
    [`http://localhost:${port}/doc.pdf`]: 'localhost: loopback',
  };
  for (const [url, detail] of Object.entries(refused)) {
    const error = await errorOf(fetchDocumentUrl(new URL(url), { maxBytes: 1000, allowPrivate: false }));
    t.match(error, { status: 400, message: PRIVATE_MESSAGE }, url);
    t.match((error as Error).message, detail, url);
  }
  t.match(await errorOf(fetchDocumentUrl(new URL('file:///etc/passwd'), { maxBytes: 1000, allowPrivate: false })), {
    status: 400,
    message: 'Error accessing URL: only http and https URLs can be fetched, got file',
  });
});

t.test('every redirect hop is checked again (127.0.0.1 treated as public to reach the test server)', async (t) => {
  // The only server a test can reach is private, so the policy is loosened for exactly that
  // address; the hops after it meet the real policy.
  const { fetchDocumentUrl: fetchWithLoopbackAllowed } = await t.mockImport<
    typeof import('../../src/intake/fetch-document-url.js')
  >('../../src/intake/fetch-document-url.js', {
    '../../src/outbound/address-policy.ts': {
      ...addressPolicy,
      privateAddressRange: (address: string) =>
        address === '127.0.0.1' ? null : addressPolicy.privateAddressRange(address),
    },
  });
  const strict = { maxBytes: 1e6, allowPrivate: false };
  const direct = await fetchWithLoopbackAllowed(new URL(`${base}/doc.pdf`), strict);
  await readAll(direct);
  // A literal private address in a redirect: refused before connecting.
  t.match(await errorOf(fetchWithLoopbackAllowed(new URL(`${base}/redirect-metadata`), strict)), {
    status: 400,
    message: /\(169\.254\.169\.254: linkLocal\)/,
  });
  // A name in a redirect: refused at connect time by the lookup.
  t.match(await errorOf(fetchWithLoopbackAllowed(new URL(`${base}/redirect-localhost`), strict)), {
    status: 400,
    message: /\(localhost: loopback\)/,
  });
});

t.test('cancel() frees an unread download', async (t) => {
  const document = await fetchDocumentUrl(new URL(`${base}/stall-body`), local);
  document.cancel();
  t.match(await errorOf(readAll(document)), { status: 400, message: /^Error accessing URL/ });
});
