import type { components } from '../../../generated/openapi.js';
import { translateUniqueViolation } from '../../db/errors.js';
import { isUuid } from '../../db/ids.js';
import type { Db, Knex } from '../../db/knex.js';
import type { Page, PageRequest } from '../../db/pagination.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.js';
import { assertValidTypeSchema, type ValidationResult, validateAgainstSchema } from '../../json-schema/json-schema.js';
import type { Principal } from '../identity/principal.js';
import { presentDocumentType, presentListItem, presentVersion } from './present.js';
import {
  DOCUMENT_TYPE_CODE_UNIQUE,
  type DocumentTypeChanges,
  type DocumentTypeRow,
  findVisibleDocumentType,
  insertDocumentType,
  insertDocumentTypeVersion,
  listDocumentTypeVersions,
  listVisibleDocumentTypes,
  softDeleteDocumentType,
  updateDocumentType,
} from './repository.js';

type CreateInput = components['schemas']['DocumentTypeCreate'];
type UpdateInput = components['schemas']['DocumentTypeUpdate'];

const MIN_CODE_LENGTH_AFTER_PREFIX = 3;

function notFound(): NotFoundError {
  return new NotFoundError('Document type not found');
}

/** The codeType prefix a non-admin must use: the organization slug with `-` as `_`, then `_`. */
export function codeTypePrefix(organizationSlug: string): string {
  return `${organizationSlug.replace(/-/g, '_')}_`;
}

function trimmedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length < 2) throw new ValidationError(['name: must have at least 2 characters after trimming']);
  return trimmed;
}

async function findOrNotFound(db: Db, principal: Principal, id: string, forUpdate = false): Promise<DocumentTypeRow> {
  // A malformed id cannot name any type; answer like any other unknown id.
  if (!isUuid(id)) throw notFound();
  const row = await findVisibleDocumentType(db, principal.organizationId, id, { forUpdate });
  if (!row) throw notFound();
  return row;
}

/** Non-admins may change or delete only what they created; platform admins any type. */
function assertMayModify(principal: Principal, row: DocumentTypeRow, action: 'update' | 'delete'): void {
  if (principal.isPlatformAdmin || row.created_by === principal.userId) return;
  throw new ForbiddenError(`Only the user who created this document type or a platform admin can ${action} it`);
}

export async function createDocumentType(db: Db, principal: Principal, input: CreateInput) {
  const name = trimmedName(input.name);
  const codeType = input.codeType;
  if (!principal.isPlatformAdmin) {
    const prefix = codeTypePrefix(principal.organizationSlug);
    if (!codeType.startsWith(prefix) || codeType.length - prefix.length < MIN_CODE_LENGTH_AFTER_PREFIX) {
      throw new ValidationError([
        `codeType: must start with "${prefix}" followed by at least ${MIN_CODE_LENGTH_AFTER_PREFIX} characters`,
      ]);
    }
  }
  assertValidTypeSchema(input.jsonSchema);
  const row = await translateUniqueViolation(
    () =>
      insertDocumentType(db, {
        organization_id: principal.organizationId,
        created_by: principal.userId,
        code_type: codeType,
        name,
        description: input.description,
        is_public: principal.isPlatformAdmin ? (input.isPublic ?? false) : false,
        is_draft: input.isDraft ?? true,
        source: principal.isPlatformAdmin ? (input.source ?? 'ADMIN') : 'USER',
        json_schema: input.jsonSchema,
        prompt_hints: input.promptHints ?? null,
        identify_prompt_hints: input.identifyPromptHints ?? null,
        conversion_mode: input.conversionMode ?? 'json',
        keep_property_ordering: input.keepPropertyOrdering ?? false,
        conversion_spec: input.conversionSpec ?? null,
      }),
    DOCUMENT_TYPE_CODE_UNIQUE,
    `codeType "${codeType}" already exists`,
  );
  return presentDocumentType(row);
}

export async function listDocumentTypes(
  db: Db,
  principal: Principal,
  search: string | undefined,
  page: PageRequest,
): Promise<Page<ReturnType<typeof presentListItem>>> {
  const { rows, total } = await listVisibleDocumentTypes(db, principal.organizationId, search, page);
  return { data: rows.map(presentListItem), pagination: { total, page: page.page, limit: page.limit } };
}

export async function getDocumentType(db: Db, principal: Principal, id: string) {
  return presentDocumentType(await findOrNotFound(db, principal, id));
}

const UPDATABLE_FIELDS = [
  'name',
  'description',
  'jsonSchema',
  'isDraft',
  'isPublic',
  'promptHints',
  'identifyPromptHints',
  'conversionMode',
  'keepPropertyOrdering',
  'conversionSpec',
] as const;

function changesFrom(input: UpdateInput): DocumentTypeChanges {
  const changes: DocumentTypeChanges = {};
  if (input.name !== undefined) changes.name = trimmedName(input.name);
  if (input.description !== undefined) changes.description = input.description;
  if (input.jsonSchema !== undefined) {
    assertValidTypeSchema(input.jsonSchema);
    changes.json_schema = input.jsonSchema;
  }
  if (input.isDraft !== undefined) changes.is_draft = input.isDraft;
  if (input.isPublic !== undefined) changes.is_public = input.isPublic;
  if (input.promptHints !== undefined) changes.prompt_hints = input.promptHints;
  if (input.identifyPromptHints !== undefined) changes.identify_prompt_hints = input.identifyPromptHints;
  if (input.conversionMode !== undefined) changes.conversion_mode = input.conversionMode;
  if (input.keepPropertyOrdering !== undefined) changes.keep_property_ordering = input.keepPropertyOrdering;
  if (input.conversionSpec !== undefined) changes.conversion_spec = input.conversionSpec;
  return changes;
}

/**
 * Partial update. The snapshot of the type as it was is written first, in the same
 * transaction and under the row lock, so versions are gap-free and never lost.
 */
export async function updateDocumentTypeById(knex: Knex, principal: Principal, id: string, input: UpdateInput) {
  if (!UPDATABLE_FIELDS.some((field) => input[field] !== undefined)) {
    throw new ValidationError([`body: send at least one of ${UPDATABLE_FIELDS.join(', ')}`]);
  }
  const changes = changesFrom(input);
  return knex.transaction(async (trx) => {
    const current = await findOrNotFound(trx, principal, id, true);
    assertMayModify(principal, current, 'update');
    if (changes.is_public === true && !principal.isPlatformAdmin) {
      throw new ForbiddenError('Only a platform admin can make a document type public');
    }
    await insertDocumentTypeVersion(trx, current.id, presentDocumentType(current), principal.userId);
    return presentDocumentType(await updateDocumentType(trx, current.id, changes));
  });
}

export async function deleteDocumentTypeById(knex: Knex, principal: Principal, id: string) {
  return knex.transaction(async (trx) => {
    const current = await findOrNotFound(trx, principal, id, true);
    assertMayModify(principal, current, 'delete');
    await softDeleteDocumentType(trx, current.id);
    return { id: current.id, deleted: true as const };
  });
}

export async function listVersions(db: Db, principal: Principal, id: string, page: PageRequest) {
  const type = await findOrNotFound(db, principal, id);
  const { rows, total } = await listDocumentTypeVersions(db, type.id, page);
  return { data: rows.map(presentVersion), pagination: { total, page: page.page, limit: page.limit } };
}

export async function validateDocumentTypeData(
  db: Db,
  principal: Principal,
  id: string,
  data: unknown,
): Promise<ValidationResult> {
  const type = await findOrNotFound(db, principal, id);
  return validateAgainstSchema(type.json_schema, data);
}
