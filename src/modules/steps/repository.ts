import type { Db, Knex } from '../../db/knex.js';
import { containsPattern, type PageRequest, selectPage } from '../../db/pagination.js';
import { touchUpdatedAt } from '../../db/timestamps.js';
import type { IdentificationConfig } from './identification.js';

export interface StepRow {
  id: string;
  organization_id: string;
  created_by: string | null;
  name: string;
  description: string | null;
  is_active: boolean;
  auto_identify: boolean;
  fixed_document_type_code: string | null;
  identification_types: string[];
  config_version: number;
  created_at: Date;
  updated_at: Date;
}

/** A step as read through the API: the row plus what is computed from types and executions. */
export interface StepView extends StepRow {
  /** identification.types as reads answer it: [] for a fixed type, deleted codes dropped. */
  visible_types: string[];
  executions_30d: number;
  last_run_at: Date | null;
}

export interface StepDetails {
  name?: string;
  description?: string | null;
  is_active?: boolean;
}

/**
 * The columns of a StepView, computed in the same query as the row. Executions are counted
 * by request time ("started"), which `executions_step_created_idx` covers.
 */
function viewColumns(db: Db): Knex.Raw {
  return db.raw(`
    steps.*,
    case when steps.fixed_document_type_code is not null then '{}'::text[]
         else array(
           select configured.code
             from unnest(steps.identification_types) with ordinality as configured (code, position)
            where exists (select 1 from document_types
                           where document_types.code_type = configured.code and document_types.deleted_at is null)
            order by configured.position)
    end as visible_types,
    (select count(*) from executions
      where executions.step_id = steps.id and executions.created_at > now() - interval '30 days') as executions_30d,
    (select max(executions.created_at) from executions where executions.step_id = steps.id) as last_run_at`);
}

function configColumns(config: IdentificationConfig) {
  return {
    auto_identify: config.autoIdentify,
    fixed_document_type_code: config.fixedDocumentTypeCode,
    identification_types: [...config.types],
  };
}

export function configOf(row: StepRow): IdentificationConfig {
  return {
    autoIdentify: row.auto_identify,
    fixedDocumentTypeCode: row.fixed_document_type_code,
    types: row.identification_types,
  };
}

export async function findStepView(db: Db, organizationId: string, id: string): Promise<StepView | undefined> {
  return db('steps').select(viewColumns(db)).where({ 'steps.organization_id': organizationId, 'steps.id': id }).first();
}

/** Any organization's step: the operator CLI acts across organizations. */
export async function findStepById(
  db: Db,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<StepRow | undefined> {
  const query = db('steps').where('id', id).first();
  return options.forUpdate ? query.forUpdate() : query;
}

export async function listStepViews(
  db: Db,
  organizationId: string,
  search: string | undefined,
  page: PageRequest,
): Promise<{ rows: StepView[]; total: number }> {
  const filtered = () => {
    const query = db('steps').where('steps.organization_id', organizationId);
    if (search) {
      const pattern = containsPattern(search);
      query.andWhere((match) =>
        match
          .whereRaw(`steps.name ilike ? escape '\\'`, [pattern])
          .orWhereRaw(`steps.description ilike ? escape '\\'`, [pattern]),
      );
    }
    return query;
  };
  return selectPage<StepView>(
    db,
    filtered,
    (query) =>
      query.select(viewColumns(db)).orderBy([
        { column: 'steps.created_at', order: 'desc' },
        { column: 'steps.id', order: 'desc' },
      ]),
    page,
  );
}

export async function insertStep(
  db: Db,
  row: { organization_id: string; created_by: string; name: string; description: string | null; is_active: boolean },
  config: IdentificationConfig,
): Promise<string> {
  const [created] = await db('steps')
    .insert({ ...row, ...configColumns(config) })
    .returning('id');
  return (created as { id: string }).id;
}

/** Last-write-wins update of name, description and isActive. False when the step does not exist. */
export async function updateStepDetails(
  db: Db,
  organizationId: string,
  id: string,
  details: StepDetails,
): Promise<boolean> {
  const updated = await db('steps')
    .where({ organization_id: organizationId, id })
    .update({ ...details, updated_at: touchUpdatedAt(db) });
  return updated > 0;
}

/**
 * The version-guarded write: applies only if the step is still at `expectedVersion`,
 * i.e. nobody changed its configuration since the caller read and checked it. False otherwise.
 */
export async function updateStepGuarded(
  db: Db,
  id: string,
  expectedVersion: number,
  details: StepDetails,
  config: IdentificationConfig,
): Promise<boolean> {
  const updated = await db('steps')
    .where({ id, config_version: expectedVersion })
    .update({
      ...details,
      ...configColumns(config),
      config_version: db.raw('config_version + 1'),
      updated_at: touchUpdatedAt(db),
    });
  return updated > 0;
}

/**
 * Locks the step against new executions for the rest of the transaction: FOR UPDATE conflicts
 * with the KEY SHARE lock an execution insert takes through its foreign key.
 */
export async function lockStepForDelete(db: Db, organizationId: string, id: string): Promise<boolean> {
  const row = await db('steps').where({ organization_id: organizationId, id }).forUpdate().first('id');
  return row !== undefined;
}

/** Deletes the step; its executions go with it (ON DELETE CASCADE), in the same statement. */
export async function deleteStep(db: Db, id: string): Promise<void> {
  await db('steps').where('id', id).del();
}

export async function findStep(db: Db, organizationId: string, id: string): Promise<StepRow | undefined> {
  return db('steps').where({ organization_id: organizationId, id }).first();
}
