import type { components } from '../../../generated/openapi.js';
import type { DocumentTypeRow, DocumentTypeVersionRow, ListedDocumentTypeRow as ListedRow } from './repository.js';

/** `status` is never stored: it is derived from isDraft, so the two cannot disagree. */
export function statusOf(isDraft: boolean): 'draft' | 'published' {
  return isDraft ? 'draft' : 'published';
}

/** The fields every document-type answer carries, list entries included. */
function presentSummary(row: ListedRow) {
  return {
    id: row.id,
    codeType: row.code_type,
    name: row.name,
    description: row.description,
    isPublic: row.is_public,
    isDraft: row.is_draft,
    status: statusOf(row.is_draft),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function presentListItem(row: ListedRow): components['schemas']['DocumentTypeListItem'] {
  return {
    ...presentSummary(row),
    source: row.source,
    promptHints: row.prompt_hints,
    identifyPromptHints: row.identify_prompt_hints,
    conversionMode: row.conversion_mode,
    keepPropertyOrdering: row.keep_property_ordering,
  };
}

export function presentDocumentType(row: DocumentTypeRow): components['schemas']['DocumentType'] {
  return { ...presentListItem(row), jsonSchema: row.json_schema, conversionSpec: row.conversion_spec };
}

export function presentVersion(row: DocumentTypeVersionRow): components['schemas']['DocumentTypeVersion'] {
  return {
    id: row.id,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    snapshot: row.snapshot,
  };
}
