import { isUuid } from '../../db/ids.js';
import type { Db } from '../../db/knex.js';
import { NotFoundError } from '../../errors.js';
import type { Principal } from '../identity/principal.js';
import { findKnowledgeBase, findKnowledgeBaseWithQueryTerms, type KnowledgeBaseRow } from './repository.js';

export function knowledgeBaseNotFound(): NotFoundError {
  return new NotFoundError('Knowledge base not found');
}

/** The caller organization's knowledge base; a malformed id or another organization's base is a 404. */
export async function findOrNotFound(
  db: Db,
  principal: Principal,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<KnowledgeBaseRow> {
  if (!isUuid(id)) throw knowledgeBaseNotFound();
  const row = await findKnowledgeBase(db, principal.organizationId, id, options);
  if (!row) throw knowledgeBaseNotFound();
  return row;
}

/** findOrNotFound for a search: the base with the query's full-text terms, read in one statement. */
export async function findForSearchOrNotFound(
  db: Db,
  principal: Principal,
  id: string,
  query: string,
): Promise<{ knowledgeBase: KnowledgeBaseRow; terms: string[] }> {
  if (!isUuid(id)) throw knowledgeBaseNotFound();
  const found = await findKnowledgeBaseWithQueryTerms(db, principal.organizationId, id, query);
  if (!found) throw knowledgeBaseNotFound();
  return found;
}
