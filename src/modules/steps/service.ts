import { setTimeout as sleep } from 'node:timers/promises';
import type { components } from '../../../generated/openapi.js';
import { isLockTimeout } from '../../db/errors.js';
import { isUuid } from '../../db/ids.js';
import type { Db, Knex } from '../../db/knex.js';
import type { Page, PageRequest } from '../../db/pagination.js';
import { BadRequestError, ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { usablePublishedCodes } from '../document-types/repository.js';
import { countActiveStepExecutions } from '../executions/repository.js';
import type { Principal } from '../identity/principal.js';
import {
  ALL_ACCESSIBLE_TYPES,
  codesToCheck,
  collapseDuplicates,
  type IdentificationConfig,
  replaceTypes,
} from './identification.js';
import { presentStep } from './present.js';
import {
  configOf,
  deleteStep,
  findStep,
  findStepView,
  insertStep,
  listStepViews,
  lockStepForDelete,
  type StepDetails,
  type StepView,
  updateStepDetails,
  updateStepGuarded,
} from './repository.js';

type CreateInput = components['schemas']['StepCreate'];
type UpdateInput = components['schemas']['StepUpdate'];

const MAX_NAME_LENGTH = 255;
/** Attempts of a version-guarded write before contention is reported as 409. */
export const GUARDED_WRITE_ATTEMPTS = 8;
/** How long a delete waits for executions being created right now before answering 409. */
const DELETE_LOCK_TIMEOUT = '5s';

export function stepNotFound(): NotFoundError {
  return new NotFoundError('Step not found');
}

export function assertStepId(id: string): void {
  // A malformed id cannot name any step; answer like any other unknown id.
  if (!isUuid(id)) throw stepNotFound();
}

/** Spec 2.4: surrounding whitespace is stripped before storing; 1-255 characters after that. */
function trimmedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw new ValidationError(['name: must not be empty or only whitespace']);
  if (trimmed.length > MAX_NAME_LENGTH) {
    throw new ValidationError([`name: must have at most ${MAX_NAME_LENGTH} characters after trimming`]);
  }
  return trimmed;
}

/** 400 with `inaccessibleTypes` unless every code is a published type the organization may use. */
async function assertUsable(db: Db, organizationId: string, codes: readonly string[]): Promise<void> {
  const usable = await usablePublishedCodes(db, organizationId, codes);
  const inaccessible = codes.filter((code) => !usable.has(code));
  if (inaccessible.length === 0) return;
  const message = `identification.types: not a published document type this organization can access: ${inaccessible.join(', ')}`;
  throw new BadRequestError('Inaccessible document types', [message], { inaccessibleTypes: inaccessible });
}

function present(view: StepView | undefined) {
  if (!view) throw stepNotFound();
  return presentStep(view);
}

export async function listSteps(
  db: Db,
  principal: Principal,
  search: string | undefined,
  page: PageRequest,
): Promise<Page<ReturnType<typeof presentStep>>> {
  const { rows, total } = await listStepViews(db, principal.organizationId, search, page);
  return { data: rows.map(presentStep), pagination: { total, page: page.page, limit: page.limit } };
}

export async function getStep(db: Db, principal: Principal, id: string) {
  assertStepId(id);
  return present(await findStepView(db, principal.organizationId, id));
}

export async function createStep(knex: Knex, principal: Principal, input: CreateInput) {
  const name = trimmedName(input.name);
  const types = collapseDuplicates(input.identification?.types ?? []);
  // Checked before the insert: a rejected code means nothing is created.
  await assertUsable(knex, principal.organizationId, types);
  const config: IdentificationConfig = { ...ALL_ACCESSIBLE_TYPES, types };
  return knex.transaction(async (trx) => {
    const id = await insertStep(
      trx,
      {
        organization_id: principal.organizationId,
        created_by: principal.userId,
        name,
        description: input.description ?? null,
        is_active: input.isActive ?? true,
      },
      config,
    );
    return present(await findStepView(trx, principal.organizationId, id));
  });
}

const DETAIL_FIELDS = ['name', 'description', 'isActive'] as const;

function detailsFrom(input: UpdateInput): StepDetails {
  const details: StepDetails = {};
  if (input.name !== undefined) details.name = trimmedName(input.name);
  if (input.description !== undefined) details.description = input.description;
  if (input.isActive !== undefined) details.is_active = input.isActive;
  return details;
}

/**
 * Partial update, all or nothing: a rejected field leaves every field as it was. Name, description and isActive alone are written
 * last-write-wins. A write that includes identification.types is checked against the step as
 * read and applied only if the step's configuration has not changed since (version guard); on
 * a lost race it is re-read, re-checked and retried, and after GUARDED_WRITE_ATTEMPTS answers 409.
 */
export async function updateStep(knex: Knex, principal: Principal, id: string, input: UpdateInput) {
  const types = input.identification?.types;
  // `identification` without `types` changes nothing, so it does not count as a recognised field.
  if (types === undefined && !DETAIL_FIELDS.some((field) => input[field] !== undefined)) {
    throw new ValidationError(['body: send at least one of name, description, isActive, identification.types']);
  }
  const details = detailsFrom(input);
  assertStepId(id);
  const organizationId = principal.organizationId;

  if (types === undefined) {
    return knex.transaction(async (trx) => {
      if (!(await updateStepDetails(trx, organizationId, id, details))) throw stepNotFound();
      return present(await findStepView(trx, organizationId, id));
    });
  }

  for (let attempt = 1; attempt <= GUARDED_WRITE_ATTEMPTS; attempt++) {
    const current = await findStep(knex, organizationId, id);
    if (!current) throw stepNotFound();
    const config = replaceTypes(configOf(current), types);
    await assertUsable(knex, organizationId, codesToCheck(configOf(current), config.types));
    const view = await knex.transaction(async (trx) => {
      if (!(await updateStepGuarded(trx, id, current.config_version, details, config))) return undefined;
      // Same transaction, row still locked by the update: this is exactly what was written.
      return findStepView(trx, organizationId, id);
    });
    if (view) return presentStep(view);
    // Someone else changed the configuration first: back off with growing jitter (10 ms to
    // 640 ms, about 0.6 s in all on average) so the racers spread out; none after the last try.
    if (attempt < GUARDED_WRITE_ATTEMPTS) await sleep(Math.random() * 5 * 2 ** attempt);
  }
  throw new ConflictError('The step was changed by other requests at the same time; retry the request');
}

/**
 * Deletes the step and its whole execution history in one transaction, unless executions are
 * in flight (409 with their count). The step row is locked first, so no execution can be
 * created between the count and the delete (see createStepExecution).
 */
export async function deleteStepById(knex: Knex, principal: Principal, id: string) {
  assertStepId(id);
  try {
    return await knex.transaction(async (trx) => {
      await trx.raw(`set local lock_timeout = '${DELETE_LOCK_TIMEOUT}'`);
      if (!(await lockStepForDelete(trx, principal.organizationId, id))) throw stepNotFound();
      const activeExecutions = await countActiveStepExecutions(trx, id);
      if (activeExecutions > 0) {
        throw new ConflictError(
          `The step has ${activeExecutions} execution(s) enqueued, processing or uploading; delete it when they have finished`,
          { activeExecutions },
        );
      }
      await deleteStep(trx, id);
      return { id, deleted: true as const };
    });
  } catch (error) {
    // Executions kept the step locked for the whole timeout: a 409 that cannot say how many are running.
    if (isLockTimeout(error)) throw new ConflictError('Executions of this step are being created; retry the delete');
    throw error;
  }
}
