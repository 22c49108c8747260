import type { components } from '../../../generated/openapi.js';
import type { Db } from '../../db/knex.js';
import { containsPattern, type PageRequest, selectPage } from '../../db/pagination.js';
import { touchUpdatedAt } from '../../db/timestamps.js';
import { runStatement, statement } from '../../jobs/sql.js';

type Schemas = components['schemas'];

export interface DocumentTypeRow {
  id: string;
  organization_id: string;
  created_by: string | null;
  code_type: string;
  name: string;
  description: string;
  is_public: boolean;
  is_draft: boolean;
  source: 'USER' | 'ADMIN';
  json_schema: Record<string, unknown>;
  prompt_hints: string | null;
  identify_prompt_hints: string | null;
  conversion_mode: 'json' | 'toon' | 'multi_prompt';
  keep_property_ordering: boolean;
  /** As the contract validated it when it was written. */
  conversion_spec: Schemas['ConversionSpec'] | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

export type DocumentTypeInsert = Omit<DocumentTypeRow, 'id' | 'created_at' | 'updated_at' | 'deleted_at'>;
/** A listed row: everything but the two JSON documents and the deletion mark. */
export type ListedDocumentTypeRow = Omit<DocumentTypeRow, 'json_schema' | 'conversion_spec' | 'deleted_at'>;
export type DocumentTypeChanges = Partial<
  Pick<
    DocumentTypeRow,
    | 'name'
    | 'description'
    | 'json_schema'
    | 'is_draft'
    | 'is_public'
    | 'prompt_hints'
    | 'identify_prompt_hints'
    | 'conversion_mode'
    | 'keep_property_ordering'
    | 'conversion_spec'
  >
>;

export const DOCUMENT_TYPE_CODE_UNIQUE = 'document_types_code_type_unique';

export const LIST_COLUMNS = [
  'id',
  'organization_id',
  'created_by',
  'code_type',
  'name',
  'description',
  'is_public',
  'is_draft',
  'source',
  'prompt_hints',
  'identify_prompt_hints',
  'conversion_mode',
  'keep_property_ordering',
  'created_at',
  'updated_at',
] as const;

/** Types an organization can see: its own and every public one, never deleted ones. */
function visibleTo(db: Db, organizationId: string) {
  return db('document_types')
    .whereNull('deleted_at')
    .andWhere((visible) => visible.where('organization_id', organizationId).orWhere('is_public', true));
}

export async function insertDocumentType(db: Db, row: DocumentTypeInsert): Promise<DocumentTypeRow> {
  const [created] = await db('document_types').insert(row).returning('*');
  return created as DocumentTypeRow;
}

export async function findVisibleDocumentType(
  db: Db,
  organizationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<DocumentTypeRow | undefined> {
  const query = visibleTo(db, organizationId).where('id', id).first();
  return (options.forUpdate ? query.forUpdate() : query) as Promise<DocumentTypeRow | undefined>;
}

export async function listVisibleDocumentTypes(
  db: Db,
  organizationId: string,
  search: string | undefined,
  page: PageRequest,
): Promise<{ rows: ListedDocumentTypeRow[]; total: number }> {
  const filtered = () => {
    const query = visibleTo(db, organizationId);
    if (search) {
      const pattern = containsPattern(search);
      query.andWhere((match) =>
        match
          .whereRaw(`name ilike ? escape '\\'`, [pattern])
          .orWhereRaw(`code_type ilike ? escape '\\'`, [pattern])
          .orWhereRaw(`description ilike ? escape '\\'`, [pattern]),
      );
    }
    return query;
  };
  return selectPage<ListedDocumentTypeRow>(
    db,
    filtered,
    (query) =>
      query.select(LIST_COLUMNS).orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]),
    page,
  );
}

export async function updateDocumentType(db: Db, id: string, changes: DocumentTypeChanges): Promise<DocumentTypeRow> {
  const [updated] = await db('document_types')
    .where('id', id)
    .update({ ...changes, updated_at: touchUpdatedAt(db) })
    .returning('*');
  return updated as DocumentTypeRow;
}

export async function softDeleteDocumentType(db: Db, id: string): Promise<void> {
  await db('document_types').where('id', id).update({ deleted_at: db.fn.now(), updated_at: db.fn.now() });
}

export interface DocumentTypeVersionRow {
  id: string;
  document_type_id: string;
  version: number;
  /** The type as the API presented it before the update. */
  snapshot: Schemas['DocumentType'];
  created_by: string | null;
  created_at: Date;
}

/** Appends the next snapshot; the caller holds the type's row lock, so numbering cannot race. */
export async function insertDocumentTypeVersion(
  db: Db,
  documentTypeId: string,
  snapshot: Schemas['DocumentType'],
  createdBy: string,
): Promise<void> {
  await db.raw(
    `insert into document_type_versions (document_type_id, version, snapshot, created_by, created_at)
     select ?, coalesce(max(version), 0) + 1, ?::jsonb, ?, clock_timestamp()
       from document_type_versions where document_type_id = ?`,
    [documentTypeId, JSON.stringify(snapshot), createdBy, documentTypeId],
  );
}

export async function listDocumentTypeVersions(
  db: Db,
  documentTypeId: string,
  page: PageRequest,
): Promise<{ rows: DocumentTypeVersionRow[]; total: number }> {
  return selectPage<DocumentTypeVersionRow>(
    db,
    () => db('document_type_versions').where('document_type_id', documentTypeId),
    (query) => query.select('*').orderBy('version', 'desc'),
    page,
  );
}

/**
 * Which of `codes` name a published type the organization may use for identification (its own
 * or a public one, not deleted). Drafts are excluded whoever owns them: a draft is never identified.
 */
export async function usablePublishedCodes(
  db: Db,
  organizationId: string,
  codes: readonly string[],
): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows: { code_type: string }[] = await visibleTo(db, organizationId)
    .where('is_draft', false)
    .whereIn('code_type', [...codes])
    .select('code_type');
  return new Set(rows.map((row) => row.code_type));
}

/**
 * The condition of usablePublishedTypes on `document_types` (or an alias of it), for SQL
 * expressions of the organization and of the codes (a `text[]`, null: all).
 */
export function usablePublishedTypesSql(organizationId: string, codes: string, table = 'document_types'): string {
  return `${table}.deleted_at is null and (${table}.organization_id = ${organizationId} or ${table}.is_public = true)
      and ${table}.is_draft = false and (${codes} is null or ${table}.code_type = any(${codes}))`;
}

/** What a run reads of a type to identify or extract with. */
export type TypeToRunWith = Pick<
  DocumentTypeRow,
  | 'code_type'
  | 'name'
  | 'description'
  | 'identify_prompt_hints'
  | 'json_schema'
  | 'prompt_hints'
  | 'keep_property_ordering'
  | 'conversion_mode'
>;

/** TypeToRunWith's columns, for a query that reads them alone. */
export const TYPE_TO_RUN_WITH_COLUMNS = [
  'code_type',
  'name',
  'description',
  'identify_prompt_hints',
  'json_schema',
  'prompt_hints',
  'keep_property_ordering',
  'conversion_mode',
] as const satisfies readonly (keyof TypeToRunWith)[];

/** Every run that identifies reads them: prepared once per connection. */
const USABLE_PUBLISHED_TYPES = statement(
  'quire_document_types_usable_published',
  `select * from document_types where ${usablePublishedTypesSql('$1', '$2::text[]')} order by code_type`,
);

/**
 * Full rows of the published types the organization may use (its own or public, not deleted):
 * those of `codes`, or all of them when `codes` is null. Ordered by code, so identification
 * ties break the same way every time.
 */
export async function usablePublishedTypes(
  db: Db,
  organizationId: string,
  codes: readonly string[] | null,
): Promise<DocumentTypeRow[]> {
  return runStatement<DocumentTypeRow>(db, USABLE_PUBLISHED_TYPES, [
    organizationId,
    codes === null ? null : [...codes],
  ]);
}

/** Whether the organization may use any published type at all (identification needs one). */
export async function hasUsablePublishedType(db: Db, organizationId: string): Promise<boolean> {
  return (await visibleTo(db, organizationId).where('is_draft', false).first('id')) !== undefined;
}

/**
 * The type a conversion extracts with: a published type the organization may use, or one of its
 * own drafts (so a type can be tried before it is published).
 */
export async function findConvertibleType(
  db: Db,
  organizationId: string,
  code: string,
): Promise<DocumentTypeRow | undefined> {
  return visibleTo(db, organizationId)
    .where('code_type', code)
    .andWhere((usable) => usable.where('is_draft', false).orWhere('organization_id', organizationId))
    .first();
}
