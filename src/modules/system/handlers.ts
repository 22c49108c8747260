import type { Knex } from '../../db/knex.js';
import { ServiceUnavailableError } from '../../errors.js';
import { loadContract } from '../../http/contract.js';
import { type HandlerMap, ok, principalOf } from '../../http/handler-types.js';

export function systemHandlers(db: Knex): HandlerMap {
  const contract = loadContract();
  return {
    getHealth: async () => ok({ status: 'ok' }),
    getReadiness: async (context) => {
      try {
        await db.raw('select 1');
      } catch (error) {
        context.log.warn({ err: error }, 'readiness check failed');
        throw new ServiceUnavailableError('Database unavailable');
      }
      return ok({ status: 'ready', database: 'ok' });
    },
    getOpenApiDocument: async () => ok(contract),
    checkAuth: async (context) => {
      const principal = principalOf(context);
      return ok({
        ok: true,
        user: { id: principal.userId, email: principal.email, isPlatformAdmin: principal.isPlatformAdmin },
        organization: {
          id: principal.organizationId,
          slug: principal.organizationSlug,
          name: principal.organizationName,
        },
        role: principal.role,
      });
    },
  };
}
