import type { Knex } from '../../db/knex.js';
import { ServiceUnavailableError } from '../../errors.js';
import { loadContract } from '../../http/contract.js';
import { type HandlerMap, ok, principalOf } from '../../http/handler-types.js';
import type { Metrics } from '../../http/metrics.js';
import { DOCS_PAGE, docsAsset } from './docs.js';

export function systemHandlers(db: Knex, metrics: Metrics): HandlerMap {
  const contract = loadContract();
  return {
    getDocs: async () => ({ status: 200, body: DOCS_PAGE, headers: { 'content-type': 'text/html; charset=utf-8' } }),
    getDocsAsset: async (context) => {
      const asset = docsAsset(context.params.file);
      return {
        status: 200,
        body: asset.body,
        headers: { 'content-type': asset.contentType, 'cache-control': 'public, max-age=86400' },
      };
    },
    getMetrics: async () => ({
      status: 200,
      body: await metrics.registry.metrics(),
      headers: { 'content-type': metrics.registry.contentType },
    }),
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
