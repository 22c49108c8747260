import type { components } from '../../../generated/openapi.js';
import type { Config } from '../../config.js';
import type { Knex } from '../../db/knex.js';
import { pageRequest } from '../../db/pagination.js';
import { createEventStream, EVENT_STREAM_HEADERS } from '../../http/event-stream.js';
import { accepted, created, type HandlerMap, ok, principalOf } from '../../http/handler-types.js';
import type { Principal } from '../identity/principal.js';
import { checkBulkUpload, runBulkUpload, trackBulkUpload } from './bulk-upload.js';
import * as documents from './documents-service.js';
import { type SearchIndexes, type SearchInput, searchKnowledgeBase } from './search.js';
import * as service from './service.js';
import { getSync, startSync } from './sync.js';

/** Search parameters from the query string (GET) or the JSON body (POST); the contract filled the defaults. */
function searchInput(source: components['schemas']['KnowledgeBaseSearchRequest']): SearchInput {
  return {
    query: source.query,
    limit: Number(source.limit ?? 10),
    similarityThreshold: Number(source.similarityThreshold ?? 0.7),
    includeMetadata: source.includeMetadata !== false,
  };
}

export function knowledgeBaseHandlers(db: Knex, config: Config, indexes: SearchIndexes): HandlerMap {
  const search = (principal: Principal, id: string, input: SearchInput) =>
    searchKnowledgeBase(db, config, indexes, principal, id, input);
  return {
    syncKnowledgeBase: async (context) =>
      accepted({ data: await startSync(db, principalOf(context), context.params.id, context.body ?? {}) }),
    getKnowledgeBaseSync: async (context) =>
      ok({ data: await getSync(db, principalOf(context), context.params.id, context.params.syncId) }),
    listKnowledgeBases: async (context) =>
      ok(
        await service.listKnowledgeBasesOf(
          db,
          principalOf(context),
          { isActive: context.query.isActive !== false, search: context.query.search },
          pageRequest(context.query),
        ),
      ),
    createKnowledgeBase: async (context) =>
      created({ data: await service.createKnowledgeBase(db, config, principalOf(context), context.body) }),
    getKnowledgeBase: async (context) =>
      ok({ data: await service.getKnowledgeBase(db, principalOf(context), context.params.id) }),
    updateKnowledgeBase: async (context) =>
      ok({
        data: await service.updateKnowledgeBaseById(db, config, principalOf(context), context.params.id, context.body),
      }),
    deleteKnowledgeBase: async (context) =>
      ok({ data: await service.deleteKnowledgeBaseById(db, principalOf(context), context.params.id) }),

    listKnowledgeBaseDocuments: async (context) =>
      ok(
        await documents.listDocumentsOf(
          db,
          principalOf(context),
          context.params.id,
          { search: context.query.search, documentId: context.query.documentId },
          pageRequest(context.query),
        ),
      ),
    uploadKnowledgeBaseDocument: async (context) =>
      created({
        data: await documents.createDocument(db, config, principalOf(context), context.params.id, context.body),
      }),
    getKnowledgeBaseDocument: async (context) =>
      ok({ data: await documents.getDocument(db, principalOf(context), context.params.id, context.params.documentId) }),
    updateKnowledgeBaseDocument: async (context) =>
      ok({
        data: await documents.updateDocumentByKey(
          db,
          config,
          principalOf(context),
          context.params.id,
          context.params.documentId,
          context.body,
        ),
      }),
    deleteKnowledgeBaseDocument: async (context) =>
      ok({
        data: await documents.deleteDocumentByKey(
          db,
          principalOf(context),
          context.params.id,
          context.params.documentId,
        ),
      }),

    bulkUploadKnowledgeBaseDocuments: async (context) => {
      const items = context.body.documents;
      const knowledgeBase = await checkBulkUpload(db, config, principalOf(context), context.params.id, items.length);
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
      ok(await search(principalOf(context), context.params.id, searchInput(context.query))),
    searchKnowledgeBasePost: async (context) =>
      ok(await search(principalOf(context), context.params.id, searchInput(context.body))),
  };
}
