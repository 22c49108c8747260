import type { Actor } from './factories.js';
import { documentTypeBody } from './factories.js';
import type { InjectedResponse, TestApp } from './server.js';

/** The exact keys create and update answer with. */
export const SUMMARY_KEYS = [
  'codeType',
  'createdAt',
  'description',
  'id',
  'isDraft',
  'isPublic',
  'name',
  'status',
  'updatedAt',
];

/** The keys of a listed type: everything but the schema. */
export const LIST_ITEM_KEYS = [
  ...SUMMARY_KEYS,
  'conversionMode',
  'identifyPromptHints',
  'keepPropertyOrdering',
  'promptHints',
  'source',
].sort();

/** The keys of a type read on its own: a listed type plus its full schema. */
export const FULL_KEYS = [...LIST_ITEM_KEYS, 'conversionSpec', 'jsonSchema'].sort();

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** A well-formed uuid that names no document type. */
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

type Headers = Actor['headers'] | Record<string, string>;

/** Thin wrappers over the document-type endpoints, all through `app.inject` (contract-checked). */
export function documentTypesApi(app: TestApp) {
  return {
    create: (headers: Headers, payload: unknown): Promise<InjectedResponse> =>
      app.inject({ method: 'POST', url: '/api/document-types', headers, payload: payload as object }),
    list: (headers: Headers, query = ''): Promise<InjectedResponse> =>
      app.inject({ method: 'GET', url: `/api/document-types${query ? `?${query}` : ''}`, headers }),
    get: (headers: Headers, id: string): Promise<InjectedResponse> =>
      app.inject({ method: 'GET', url: `/api/document-types/${encodeURIComponent(id)}`, headers }),
    update: (headers: Headers, id: string, payload: unknown, method: 'PUT' | 'PATCH' = 'PATCH') =>
      app.inject({ method, url: `/api/document-types/${encodeURIComponent(id)}`, headers, payload: payload as object }),
    remove: (headers: Headers, id: string): Promise<InjectedResponse> =>
      app.inject({ method: 'DELETE', url: `/api/document-types/${encodeURIComponent(id)}`, headers }),
    versions: (headers: Headers, id: string, query = ''): Promise<InjectedResponse> =>
      app.inject({
        method: 'GET',
        url: `/api/document-types/${encodeURIComponent(id)}/versions${query ? `?${query}` : ''}`,
        headers,
      }),
    validate: (headers: Headers, id: string, payload?: unknown): Promise<InjectedResponse> =>
      app.inject({
        method: 'POST',
        url: `/api/document-types/${encodeURIComponent(id)}/validate`,
        headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      }),
  };
}

export interface CreatedType {
  id: string;
  codeType: string;
  name: string;
  description: string;
  isPublic: boolean;
  isDraft: boolean;
  status: 'draft' | 'published';
  createdAt: string;
  updatedAt: string;
}

/** Creates a type as `actor` (non-admin defaults from documentTypeBody) and returns its summary. */
export async function createType(
  app: TestApp,
  actor: Actor,
  overrides: Record<string, unknown> = {},
): Promise<CreatedType> {
  const res = await documentTypesApi(app).create(actor.headers, documentTypeBody(actor.organization.slug, overrides));
  if (res.statusCode !== 201) throw new Error(`creating a document type answered ${res.statusCode}: ${res.payload}`);
  return res.body.data as CreatedType;
}

/** Ids of every type `actor` sees in the list (one large page). */
export async function visibleIds(app: TestApp, actor: Actor, query = 'limit=100'): Promise<string[]> {
  const res = await documentTypesApi(app).list(actor.headers, query);
  if (res.statusCode !== 200) throw new Error(`listing document types answered ${res.statusCode}: ${res.payload}`);
  return (res.body.data as { id: string }[]).map((item) => item.id);
}
