import { isUuid } from '../../db/ids.js';
import type { Db } from '../../db/knex.js';
import { NotFoundError } from '../../errors.js';
import type { Principal } from '../identity/principal.js';
import { findKnowledgeBase, type KnowledgeBaseRow } from './repository.js';

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
