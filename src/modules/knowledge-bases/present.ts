import type { DocumentRow } from './documents-repository.js';
import type { KnowledgeBaseRow, ListedKnowledgeBaseRow } from './repository.js';

/** The create answer: id, name, description, schema, isActive and createdAt, nothing more. */
export function presentCreated(row: KnowledgeBaseRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    schema: row.schema,
    isActive: row.is_active,
    createdAt: row.created_at.toISOString(),
  };
}

/** A list entry: id, name, description, isActive, createdAt and documentCount, nothing more. */
export function presentListItem(row: ListedKnowledgeBaseRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.is_active,
    createdAt: row.created_at.toISOString(),
    documentCount: Number(row.document_count),
  };
}

/** A knowledge base read on its own or updated: the create answer plus updatedAt, documentCount and indexing preferences. */
export function presentKnowledgeBase(row: KnowledgeBaseRow, documentCount: number) {
  return {
    ...presentCreated(row),
    updatedAt: row.updated_at.toISOString(),
    documentCount,
    indexingPreferences: row.indexing_preferences,
  };
}

export function presentDocument(row: DocumentRow, options: { includeMetadata?: boolean } = {}) {
  return {
    id: row.id,
    documentId: row.document_id,
    content: row.content,
    ...(options.includeMetadata === false ? {} : { metadata: row.metadata }),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
