import type { Knex } from '../../db/knex.js';
import { pageRequest } from '../../db/pagination.js';
import { accepted, created, type HandlerMap, ok, principalOf } from '../../http/handler-types.js';
import { listDeliveries, redeliver } from './deliveries-service.js';
import { getEndpoint, putEndpoint, removeEndpoint, rotateEndpointSecret } from './endpoint-service.js';

export function webhookHandlers(db: Knex): HandlerMap {
  return {
    getWebhookEndpoint: async (context) => ok({ data: await getEndpoint(db, principalOf(context)) }),
    putWebhookEndpoint: async (context) => {
      const put = await putEndpoint(db, principalOf(context).organizationId, context.body.url);
      return put.created ? created({ data: put.endpoint }) : ok({ data: put.endpoint });
    },
    deleteWebhookEndpoint: async (context) => ok({ data: await removeEndpoint(db, principalOf(context)) }),
    rotateWebhookSecret: async (context) => ok({ data: await rotateEndpointSecret(db, principalOf(context)) }),
    listWebhookDeliveries: async (context) =>
      ok(
        await listDeliveries(
          db,
          principalOf(context),
          { event: context.query.event, status: context.query.status, executionId: context.query.executionId },
          pageRequest(context.query),
        ),
      ),
    redeliverWebhook: async (context) =>
      accepted({ data: await redeliver(db, principalOf(context), context.params.id) }),
  };
}
