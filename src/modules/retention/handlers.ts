import type { Knex } from '../../db/knex.js';
import { type HandlerMap, ok, principalOf } from '../../http/handler-types.js';
import { getRetentionPolicy, setRetentionPolicy } from './policy.js';

export function retentionHandlers(db: Knex): HandlerMap {
  return {
    getRetentionPolicy: async (context) =>
      ok({ data: await getRetentionPolicy(db, principalOf(context).organizationId) }),
    putRetentionPolicy: async (context) =>
      ok({ data: await setRetentionPolicy(db, principalOf(context).organizationId, context.body) }),
  };
}
