import type { AddressInfo } from 'node:net';
import t from 'tap';
import { waitForBulkUploads } from '../../src/modules/knowledge-bases/bulk-upload.js';
import { EMBEDDINGS_BASE_URL, mockEmbeddingsEndpoint } from '../helpers/embeddings-endpoint.js';
import { createActor } from '../helpers/factories.js';
import { article, createKnowledgeBase, parseEventStream } from '../helpers/knowledge-bases.js';
import { buildTestApp } from '../helpers/server.js';

/**
 * The bulk-upload stream over a real connection: heartbeats while a stage is busy, and an
 * upload that survives its client. The embeddings endpoint is held
 * until the test says so, which makes "while work continues" a fact rather than a timing.
 */

const endpoint = mockEmbeddingsEndpoint();
t.teardown(() => endpoint.close());
const app = await buildTestApp(t, { EMBEDDINGS_BASE_URL, BULK_UPLOAD_HEARTBEAT_MS: '20' });
await app.server.start();
const baseUrl = `http://127.0.0.1:${(app.server.listener.address() as AddressInfo).port}`;
const owner = await createActor(app.db, { slug: 'acme' });

/** Holds every embeddings request until `open()`. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  endpoint.setResponder(async (request) => {
    await opened;
    return endpoint.defaultResponse(request);
  });
  return { open };
}

function upload(knowledgeBaseId: string, documents: unknown[], signal?: AbortSignal) {
  return fetch(`${baseUrl}/api/knowledge-bases/${knowledgeBaseId}/documents/bulk-upload`, {
    method: 'POST',
    headers: { ...owner.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ documents }),
    signal,
  });
}

/** Reads the body until `done(text so far)` holds; answers the text read. */
async function readUntil(response: Response, done: (text: string) => boolean): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!done(text)) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return text;
}

async function openConnections(): Promise<number> {
  return new Promise((resolve, reject) =>
    app.server.listener.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}

t.test('heartbeat comments arrive while a stage is busy; the stream then completes', async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  const { open } = gate();
  const response = await upload(kb.id, [article('h1', 'Heart', 'beat')]);
  t.equal(response.status, 200);
  t.match(response.headers.get('content-type'), /^text\/event-stream/);
  const early = await readUntil(response, (text) => text.includes(': heartbeat'));
  open();
  const rest = await readUntil(response, (text) => text.includes('"type":"complete"'));
  const messages = parseEventStream(early + rest);
  t.equal(messages[0]?.data?.type, 'connected', 'connected first');
  const heartbeat = messages.findIndex((message) => message.comments.includes(': heartbeat'));
  const embedding = messages.findIndex((message) => message.data?.stage === 'embedding');
  t.ok(heartbeat > 0 && heartbeat < embedding, 'a heartbeat came while the embedding stage was running');
  t.match(messages.at(-1)?.data, { type: 'complete', created: 1 });
});

t.test('a client that disconnects does not stop accepted work', async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  const { open } = gate();
  const documents = Array.from({ length: 1200 }, (_, i) => article(`left-${i}`, `Title ${i}`, `Text ${i}`));
  const controller = new AbortController();
  const response = await upload(kb.id, documents, controller.signal);
  await readUntil(response, (text) => text.includes('"type":"connected"'));
  controller.abort();
  // The server has seen the client go before the work may go on.
  while ((await openConnections()) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  open();
  await waitForBulkUploads();
  const [row] = await app.db('knowledge_base_documents').where('knowledge_base_id', kb.id).count({ n: '*' });
  t.equal(Number(row?.n), 1200, 'every accepted document was stored');
  t.ok(endpoint.requests.length > 0);
});
