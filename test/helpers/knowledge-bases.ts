import type { Actor } from './factories.js';
import type { InjectedResponse, TestApp } from './server.js';

type Headers = Actor['headers'] | Record<string, string>;

/** A knowledge base body with the hosted service's upload shape (title, text, category). */
export function knowledgeBaseBody(overrides: Record<string, unknown> = {}) {
  return {
    name: `Support articles ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Answers for the support team',
    schema: {
      type: 'object',
      required: ['title', 'text'],
      properties: { title: { type: 'string' }, text: { type: 'string' }, category: { type: 'string' } },
    },
    ...overrides,
  };
}

/** One message of an event stream: its `data:` JSON, or null for a comment-only block. */
export interface StreamMessage {
  readonly data: any;
  readonly comments: string[];
}

/** Splits a `text/event-stream` body into messages (blocks separated by a blank line). */
export function parseEventStream(payload: string): StreamMessage[] {
  return payload
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const data = lines.filter((line) => line.startsWith('data: ')).map((line) => line.slice('data: '.length));
      return {
        data: data.length ? JSON.parse(data.join('\n')) : null,
        comments: lines.filter((line) => line.startsWith(':')),
      };
    });
}

/** The JSON messages of a stream, comments left out. */
export function dataMessages(payload: string): any[] {
  return parseEventStream(payload).flatMap((message) => (message.data === null ? [] : [message.data]));
}

const base = (id: string) => `/api/knowledge-bases/${encodeURIComponent(id)}`;
const withQuery = (url: string, query: string) => (query ? `${url}?${query}` : url);

/** Thin wrappers over the knowledge-base endpoints, all through `app.inject` (contract-checked). */
export function knowledgeBasesApi(app: TestApp) {
  const json = (method: string, url: string, headers: Headers, payload: unknown) =>
    app.inject({ method, url, headers, payload: payload as object });
  return {
    create: (headers: Headers, payload: unknown) => json('POST', '/api/knowledge-bases', headers, payload),
    list: (headers: Headers, query = '') =>
      app.inject({ method: 'GET', url: withQuery('/api/knowledge-bases', query), headers }),
    get: (headers: Headers, id: string) => app.inject({ method: 'GET', url: base(id), headers }),
    update: (headers: Headers, id: string, payload: unknown) => json('PUT', base(id), headers, payload),
    remove: (headers: Headers, id: string) => app.inject({ method: 'DELETE', url: base(id), headers }),
    listDocuments: (headers: Headers, id: string, query = '') =>
      app.inject({ method: 'GET', url: withQuery(`${base(id)}/documents`, query), headers }),
    createDocument: (headers: Headers, id: string, payload: unknown) =>
      json('POST', `${base(id)}/documents`, headers, payload),
    getDocument: (headers: Headers, id: string, documentId: string) =>
      app.inject({ method: 'GET', url: `${base(id)}/documents/${encodeURIComponent(documentId)}`, headers }),
    updateDocument: (headers: Headers, id: string, documentId: string, payload: unknown) =>
      json('PUT', `${base(id)}/documents/${encodeURIComponent(documentId)}`, headers, payload),
    removeDocument: (headers: Headers, id: string, documentId: string) =>
      app.inject({ method: 'DELETE', url: `${base(id)}/documents/${encodeURIComponent(documentId)}`, headers }),
    bulkUpload: (headers: Headers, id: string, payload: unknown): Promise<InjectedResponse> =>
      json('POST', `${base(id)}/documents/bulk-upload`, headers, payload),
    search: (headers: Headers, id: string, query: string) =>
      app.inject({ method: 'GET', url: withQuery(`${base(id)}/search`, query), headers }),
    searchPost: (headers: Headers, id: string, payload: unknown) =>
      json('POST', `${base(id)}/search`, headers, payload),
  };
}

/** Creates a knowledge base as `actor` and returns its create answer. */
export async function createKnowledgeBase(app: TestApp, actor: Actor, overrides: Record<string, unknown> = {}) {
  const res = await knowledgeBasesApi(app).create(actor.headers, knowledgeBaseBody(overrides));
  if (res.statusCode !== 201) throw new Error(`creating a knowledge base answered ${res.statusCode}: ${res.payload}`);
  return res.body.data as { id: string; name: string };
}

/** An article document of the upload shape. */
export function article(documentId: string, title: string, text: string, extra: Record<string, unknown> = {}) {
  return { documentId, content: { title, text, category: 'general' }, ...extra };
}
