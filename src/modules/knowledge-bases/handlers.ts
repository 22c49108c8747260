import type { components } from '../../../generated/openapi.js';
import type { Config } from '../../config.js';
import type { Knex } from '../../db/knex.js';
import { pageRequest } from '../../db/pagination.js';
import { createEventStream, EVENT_STREAM_HEADERS } from '../../http/event-stream.js';
import { type HandlerContext, type HandlerMap, ok, principalOf } from '../../http/handler-types.js';
import { checkBulkUpload, runBulkUpload, trackBulkUpload } from './bulk-upload.js';
import * as documents from './documents-service.js';
import { type SearchInput, searchKnowledgeBase } from './search.js';
import * as service from './service.js';
import { getSync, type SyncRequest, startSync } from './sync.js';

type Schemas = components['schemas'];

/** Search parameters from the query string (GET) or the JSON body (POST); the contract filled the defaults. */
function searchInput(source: Record<string, unknown>): SearchInput {
  return {
    query: source.query as string,
    limit: Number(source.limit ?? 10),
    similarityThreshold: Number(source.similarityThreshold ?? 0.7),
    includeMetadata: source.includeMetadata !== false,
  };
}

export function knowledgeBaseHandlers(db: Knex, config: Config): HandlerMap {
  const id = (context: HandlerContext) => context.params.id as string;
  const documentKey = (context: HandlerContext) => context.params.documentId as string;
  return {
    syncKnowledgeBase: async (context) =>
      ok({ data: await startSync(db, principalOf(context), id(context), (context.body ?? {}) as SyncRequest) }, 202),
    getKnowledgeBaseSync: async (context) =>
      ok({ data: await getSync(db, principalOf(context), id(context), context.params.syncId as string) }),
    listKnowledgeBases: async (context) =>
      ok(
        await service.listKnowledgeBasesOf(
          db,
          principalOf(context),
          { isActive: context.query.isActive !== false, search: context.query.search as string | undefined },
          pageRequest(context.query),
        ),
      ),
    createKnowledgeBase: async (context) =>
      ok(
        {
          data: await service.createKnowledgeBase(
            db,
            config,
            principalOf(context),
            context.body as Schemas['KnowledgeBaseCreate'],
          ),
        },
        201,
      ),
    getKnowledgeBase: async (context) =>
      ok({ data: await service.getKnowledgeBase(db, principalOf(context), id(context)) }),
    updateKnowledgeBase: async (context) =>
      ok({
        data: await service.updateKnowledgeBaseById(
          db,
          config,
          principalOf(context),
          id(context),
          context.body as Schemas['KnowledgeBaseUpdate'],
        ),
      }),
    deleteKnowledgeBase: async (context) =>
      ok({ data: await service.deleteKnowledgeBaseById(db, principalOf(context), id(context)) }),

    listKnowledgeBaseDocuments: async (context) =>
      ok(
        await documents.listDocumentsOf(
          db,
          principalOf(context),
          id(context),
          {
            search: context.query.search as string | undefined,
            documentId: context.query.documentId as string | undefined,
          },
          pageRequest(context.query),
        ),
      ),
    uploadKnowledgeBaseDocument: async (context) =>
      ok(
        {
          data: await documents.createDocument(
            db,
            config,
            principalOf(context),
            id(context),
            context.body as Schemas['KnowledgeBaseDocumentCreate'],
          ),
        },
        201,
      ),
    getKnowledgeBaseDocument: async (context) =>
      ok({ data: await documents.getDocument(db, principalOf(context), id(context), documentKey(context)) }),
    updateKnowledgeBaseDocument: async (context) =>
      ok({
        data: await documents.updateDocumentByKey(
          db,
          config,
          principalOf(context),
          id(context),
          documentKey(context),
          context.body as Schemas['KnowledgeBaseDocumentUpdate'],
        ),
      }),
    deleteKnowledgeBaseDocument: async (context) =>
      ok({ data: await documents.deleteDocumentByKey(db, principalOf(context), id(context), documentKey(context)) }),

    bulkUploadKnowledgeBaseDocuments: async (context) => {
      const items = (context.body as { documents: Record<string, unknown>[] }).documents;
      const knowledgeBase = await checkBulkUpload(db, config, principalOf(context), id(context), items.length);
      const events = createEventStream(config.bulkUploadHeartbeatMs);
      events.send({
        type: 'connected',
        message: 'Connected to bulk upload stream',
        timestamp: new Date().toISOString(),
      });
      // Not awaited: the work belongs to the server, not to this response.
      trackBulkUpload(
        runBulkUpload(db, config, knowledgeBase, items, events.send, context.log).finally(() => events.close()),
      );
      return { status: 200, body: events.stream, headers: EVENT_STREAM_HEADERS };
    },

    searchKnowledgeBaseGet: async (context) =>
      ok(await searchKnowledgeBase(db, config, principalOf(context), id(context), searchInput(context.query))),
    searchKnowledgeBasePost: async (context) =>
      ok(
        await searchKnowledgeBase(
          db,
          config,
          principalOf(context),
          id(context),
          searchInput(context.body as Record<string, unknown>),
        ),
      ),
  };
}
