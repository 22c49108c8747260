import type { components } from '../../../generated/openapi.js';
import type { Knex } from '../../db/knex.js';
import { pageRequest } from '../../db/pagination.js';
import { type Handler, type HandlerMap, ok, principalOf } from '../../http/handler-types.js';
import * as service from './service.js';

export function documentTypeHandlers(db: Knex): HandlerMap {
  const update: Handler = async (context) =>
    ok({
      data: await service.updateDocumentTypeById(
        db,
        principalOf(context),
        context.params.id as string,
        context.body as components['schemas']['DocumentTypeUpdate'],
      ),
    });

  return {
    listDocumentTypes: async (context) =>
      ok(
        await service.listDocumentTypes(
          db,
          principalOf(context),
          context.query.search as string | undefined,
          pageRequest(context.query),
        ),
      ),
    createDocumentType: async (context) =>
      ok(
        {
          data: await service.createDocumentType(
            db,
            principalOf(context),
            context.body as components['schemas']['DocumentTypeCreate'],
          ),
        },
        201,
      ),
    getDocumentType: async (context) =>
      ok({ data: await service.getDocumentType(db, principalOf(context), context.params.id as string) }),
    updateDocumentType: update,
    patchDocumentType: update,
    deleteDocumentType: async (context) =>
      ok({ data: await service.deleteDocumentTypeById(db, principalOf(context), context.params.id as string) }),
    listDocumentTypeVersions: async (context) =>
      ok(await service.listVersions(db, principalOf(context), context.params.id as string, pageRequest(context.query))),
    validateDocumentTypeData: async (context) =>
      ok(
        await service.validateDocumentTypeData(
          db,
          principalOf(context),
          context.params.id as string,
          // An empty body validates `{}` (the Node SDK sends none); a literal `null` is validated as null.
          context.body === undefined ? {} : context.body,
        ),
      ),
  };
}
