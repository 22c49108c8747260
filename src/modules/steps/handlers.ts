import type { components } from '../../../generated/openapi.js';
import type { Knex } from '../../db/knex.js';
import { pageRequest } from '../../db/pagination.js';
import { type HandlerMap, ok, principalOf } from '../../http/handler-types.js';
import * as service from './service.js';

export function stepHandlers(db: Knex): HandlerMap {
  return {
    listSteps: async (context) =>
      ok(
        await service.listSteps(
          db,
          principalOf(context),
          context.query.search as string | undefined,
          pageRequest(context.query),
        ),
      ),
    getStep: async (context) =>
      ok({ data: await service.getStep(db, principalOf(context), context.params.id as string) }),
    createStep: async (context) =>
      ok(
        {
          data: await service.createStep(db, principalOf(context), context.body as components['schemas']['StepCreate']),
        },
        201,
      ),
    updateStep: async (context) =>
      ok({
        data: await service.updateStep(
          db,
          principalOf(context),
          context.params.id as string,
          context.body as components['schemas']['StepUpdate'],
        ),
      }),
    deleteStep: async (context) =>
      ok({ data: await service.deleteStepById(db, principalOf(context), context.params.id as string) }),
  };
}
