import type { Knex } from '../../db/knex.js';
import { pageRequest } from '../../db/pagination.js';
import { created, type Handler, type HandlerMap, ok, principalOf } from '../../http/handler-types.js';
import * as service from './service.js';

export function documentTypeHandlers(db: Knex): HandlerMap {
  // PUT and PATCH take the same partial body (DocumentTypeUpdate) and answer the same way.
  const update: Handler<'updateDocumentType'> & Handler<'patchDocumentType'> = async (context) =>
    ok({ data: await service.updateDocumentTypeById(db, principalOf(context), context.params.id, context.body) });

  return {
    listDocumentTypes: async (context) =>
      ok(await service.listDocumentTypes(db, principalOf(context), context.query.search, pageRequest(context.query))),
    createDocumentType: async (context) =>
      created({ data: await service.createDocumentType(db, principalOf(context), context.body) }),
    getDocumentType: async (context) =>
      ok({ data: await service.getDocumentType(db, principalOf(context), context.params.id) }),
    updateDocumentType: update,
    patchDocumentType: update,
    deleteDocumentType: async (context) =>
      ok({ data: await service.deleteDocumentTypeById(db, principalOf(context), context.params.id) }),
    listDocumentTypeVersions: async (context) =>
      ok(await service.listVersions(db, principalOf(context), context.params.id, pageRequest(context.query))),
    validateDocumentTypeData: async (context) =>
      ok(
        await service.validateDocumentTypeData(
          db,
          principalOf(context),
          context.params.id,
          // An empty body validates `{}` (the Node SDK sends none); a literal `null` is validated as null.
          context.body === undefined ? {} : context.body,
        ),
      ),
  };
}
