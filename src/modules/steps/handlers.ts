import type { Knex } from '../../db/knex.js';
import { pageRequest } from '../../db/pagination.js';
import { created, type HandlerMap, ok, principalOf } from '../../http/handler-types.js';
import * as service from './service.js';

export function stepHandlers(db: Knex): HandlerMap {
  return {
    listSteps: async (context) =>
      ok(await service.listSteps(db, principalOf(context), context.query.search, pageRequest(context.query))),
    getStep: async (context) => ok({ data: await service.getStep(db, principalOf(context), context.params.id) }),
    createStep: async (context) => created({ data: await service.createStep(db, principalOf(context), context.body) }),
    updateStep: async (context) =>
      ok({ data: await service.updateStep(db, principalOf(context), context.params.id, context.body) }),
    deleteStep: async (context) =>
      ok({ data: await service.deleteStepById(db, principalOf(context), context.params.id) }),
  };
}
