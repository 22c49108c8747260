import type { Db } from '../../db/knex.js';
import { ForbiddenError, NotFoundError } from '../../errors.js';
import { canManage, type Principal } from '../identity/principal.js';
import { findKnowledgeBase, type KnowledgeBaseRow } from './repository.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  if (!UUID_PATTERN.test(id)) throw knowledgeBaseNotFound();
  const row = await findKnowledgeBase(db, principal.organizationId, id, options);
  if (!row) throw knowledgeBaseNotFound();
  return row;
}

/**
 * Knowledge bases are organization resources: any member reads and searches them; writing
 * (the bases and their documents) takes an owner or admin, as for steps (PRODUCT.md section 3).
 */
export function assertMayWrite(principal: Principal): void {
  if (!canManage(principal)) {
    throw new ForbiddenError('Only an organization owner or admin can change knowledge bases and their documents');
  }
}
