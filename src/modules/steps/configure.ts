import type { Knex } from '../../db/knex.js';
import { BadRequestError } from '../../errors.js';
import { usablePublishedCodes } from '../document-types/repository.js';
import type { IdentificationConfig } from './identification.js';
import { configOf, findStepById, findStepView, updateStepGuarded } from './repository.js';
import { assertStepId, stepNotFound } from './service.js';

/** What `quire step configure` may set: the two states the HTTP API cannot reach (identification off, a fixed type). */
export type OperatorIdentificationChange = { fixedDocumentTypeCode: string } | { autoIdentify: boolean };

function nextConfig(current: IdentificationConfig, change: OperatorIdentificationChange): IdentificationConfig {
  if ('fixedDocumentTypeCode' in change) {
    // A fixed type replaces automatic identification; the list is kept for a later switch back.
    return { autoIdentify: false, fixedDocumentTypeCode: change.fixedDocumentTypeCode, types: current.types };
  }
  return change.autoIdentify
    ? { autoIdentify: true, fixedDocumentTypeCode: null, types: current.types }
    : { ...current, autoIdentify: false };
}

/**
 * Sets a step's fixed document type or switches automatic identification, for the operator
 * (any organization's step). The row is locked, so the version-guarded write cannot lose, and
 * the change bumps the version so a concurrent API write re-checks against it.
 */
export async function configureStepIdentification(knex: Knex, id: string, change: OperatorIdentificationChange) {
  assertStepId(id);
  return knex.transaction(async (trx) => {
    const step = await findStepById(trx, id, { forUpdate: true });
    if (!step) throw stepNotFound();
    if ('fixedDocumentTypeCode' in change) {
      const code = change.fixedDocumentTypeCode;
      const usable = await usablePublishedCodes(trx, step.organization_id, [code]);
      if (!usable.has(code)) {
        throw new BadRequestError(`"${code}" is not a published document type the step's organization can access`);
      }
    }
    const config = nextConfig(configOf(step), change);
    await updateStepGuarded(trx, id, step.config_version, {}, config);
    const view = await findStepView(trx, step.organization_id, id);
    if (!view) throw stepNotFound();
    return {
      id: view.id,
      name: view.name,
      organizationId: view.organization_id,
      autoIdentify: view.auto_identify,
      fixedDocumentTypeCode: view.fixed_document_type_code,
      configuredTypes: view.identification_types,
      identification: { types: view.visible_types },
    };
  });
}
