import type { Knex } from '../../db/knex.js';
import { pageRequest } from '../../db/pagination.js';
import { type HandlerMap, ok, principalOf } from '../../http/handler-types.js';
import { listDeliveries, redeliver } from './deliveries-service.js';
import { getEndpoint, putEndpoint, removeEndpoint, rotateEndpointSecret } from './endpoint-service.js';

export function webhookHandlers(db: Knex): HandlerMap {
  return {
    getWebhookEndpoint: async (context) => ok({ data: await getEndpoint(db, principalOf(context)) }),
    putWebhookEndpoint: async (context) => {
      const { url } = context.body as { url: string };
      const { endpoint, created } = await putEndpoint(db, principalOf(context).organizationId, url);
      return ok({ data: endpoint }, created ? 201 : 200);
    },
    deleteWebhookEndpoint: async (context) => ok({ data: await removeEndpoint(db, principalOf(context)) }),
    rotateWebhookSecret: async (context) => ok({ data: await rotateEndpointSecret(db, principalOf(context)) }),
    listWebhookDeliveries: async (context) =>
      ok(
        await listDeliveries(
          db,
          principalOf(context),
          {
            event: context.query.event as string | undefined,
            status: context.query.status as string | undefined,
            executionId: context.query.executionId as string | undefined,
          },
          pageRequest(context.query),
        ),
      ),
    redeliverWebhook: async (context) =>
      ok({ data: await redeliver(db, principalOf(context), context.params.id as string) }, 202),
  };
}
