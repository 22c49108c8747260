// The same-stack floor of `GET /api/document-types`: a bare hapi + pg server that does the least
// the operation needs (no openapi-backend, knex, pino or metrics): the same key lookup query, the
// same page query with its total, the same JSON. `scripts/bench-http.ts` runs it as its own
// process beside quire and prints quire / floor from one run.
//
// Settings (environment): DATABASE_URL (the database quire is using), PORT, DB_POOL_MAX (default 10,
// quire's default pool size).
import Hapi from '@hapi/hapi';
import pg from 'pg';
import { presentListItem } from '../src/modules/document-types/present.js';
import { LIST_COLUMNS } from '../src/modules/document-types/repository.js';
import { parseToken, tokenMatches } from '../src/modules/identity/api-key-token.js';
import { bearerToken, FIND_KEY_SQL } from '../src/modules/identity/authenticate.js';

const PAGE_SQL = `
  select ${LIST_COLUMNS.map((column) => `"${column}"`).join(', ')}, count(*) over () as total_count
    from document_types
   where deleted_at is null and (organization_id = $1 or is_public = true)
   order by created_at desc, id desc
   limit $2 offset $3`;

/** The key lookup written for pg's numbered placeholders. */
const KEY_SQL = FIND_KEY_SQL.replace('?', '$1');

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_MAX ?? 10) });
const server = Hapi.server({ port: Number(process.env.PORT ?? 3001), host: '127.0.0.1' });

server.route({
  method: 'GET',
  path: '/api/document-types',
  handler: async (request, h) => {
    const token = bearerToken(request.headers.authorization as string | undefined);
    const lookupId = token === null ? null : parseToken(token);
    if (token === null || lookupId === null) return h.response({ error: 'Unauthorized' }).code(401);
    const key = (await pool.query(KEY_SQL, [lookupId])).rows[0];
    if (!key || !tokenMatches(token, key.token_hash)) return h.response({ error: 'Unauthorized' }).code(401);
    if (key.organization_id === null || key.role === null) return h.response({ error: 'Forbidden' }).code(403);
    const page = Number(request.query.page ?? 1);
    const limit = Number(request.query.limit ?? 20);
    const { rows } = await pool.query(PAGE_SQL, [key.organization_id, limit, (page - 1) * limit]);
    const total = rows.length > 0 ? Number(rows[0].total_count) : 0;
    return { data: rows.map(presentListItem), pagination: { total, page, limit } };
  },
});
server.route({ method: 'GET', path: '/healthz', handler: () => ({ status: 'ok' }) });

await server.start();
process.stdout.write(`floor listening on ${server.info.uri}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    await server.stop({ timeout: 1000 });
    await pool.end();
    process.exit(0);
  });
}
