import type { Knex } from '../../src/db/knex.js';
import type { Actor } from './factories.js';
import type { InjectedResponse, TestApp } from './server.js';

/** The exact keys of a step in every step response. */
export const STEP_KEYS = [
  'createdAt',
  'createdBy',
  'description',
  'executions30d',
  'id',
  'identification',
  'isActive',
  'lastRunAt',
  'name',
  'updatedAt',
];

type Headers = Actor['headers'] | Record<string, string>;

/** Thin wrappers over the step endpoints, all through `app.inject` (contract-checked). */
export function stepsApi(app: TestApp) {
  return {
    create: (headers: Headers, payload: unknown): Promise<InjectedResponse> =>
      app.inject({ method: 'POST', url: '/api/steps', headers, payload: payload as object }),
    list: (headers: Headers, query = ''): Promise<InjectedResponse> =>
      app.inject({ method: 'GET', url: `/api/steps${query ? `?${query}` : ''}`, headers }),
    get: (headers: Headers, id: string): Promise<InjectedResponse> =>
      app.inject({ method: 'GET', url: `/api/steps/${encodeURIComponent(id)}`, headers }),
    update: (headers: Headers, id: string, payload: unknown): Promise<InjectedResponse> =>
      app.inject({ method: 'PATCH', url: `/api/steps/${encodeURIComponent(id)}`, headers, payload: payload as object }),
    remove: (headers: Headers, id: string): Promise<InjectedResponse> =>
      app.inject({ method: 'DELETE', url: `/api/steps/${encodeURIComponent(id)}`, headers }),
  };
}

export interface StepBody {
  id: string;
  name: string;
  description: string | null;
  isActive: boolean;
  identification: { types: string[] };
  executions30d: number;
  lastRunAt: string | null;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
}

/** Creates a step as `actor` and returns it; fails loudly on anything but 201. */
export async function createStep(app: TestApp, actor: Actor, body: Record<string, unknown> = {}): Promise<StepBody> {
  const res = await stepsApi(app).create(actor.headers, { name: 'Invoices', ...body });
  if (res.statusCode !== 201) throw new Error(`creating a step answered ${res.statusCode}: ${res.payload}`);
  return res.body.data as StepBody;
}

/** An execution of `stepId` written straight to the table, in any state and at any time. */
export async function insertExecution(
  db: Knex,
  step: { id: string; organizationId: string },
  fields: { status?: string; createdAt?: Date; uploadingSince?: Date | null } = {},
): Promise<string> {
  const [row] = await db('executions')
    .insert({
      organization_id: step.organizationId,
      kind: 'step',
      step_id: step.id,
      status: fields.status ?? 'SUCCESS',
      created_at: fields.createdAt ?? new Date(),
      uploading_since: fields.uploadingSince ?? null,
    })
    .returning('id');
  return (row as { id: string }).id;
}

export async function executionCount(db: Knex, stepId: string): Promise<number> {
  const [row] = await db('executions').where('step_id', stepId).count<{ count: number }[]>({ count: '*' });
  return Number(row?.count);
}
