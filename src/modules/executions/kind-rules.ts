import { isUuid } from '../../db/ids.js';
import type { Db } from '../../db/knex.js';
import { BadRequestError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.js';
import { parseCodeOptions } from '../../intake/document-fields.js';
import { findConvertibleType, hasUsablePublishedType, usablePublishedCodes } from '../document-types/repository.js';
import type { Principal } from '../identity/principal.js';
import type { IntakeRules } from './intake.js';
import { createExecution, createStepExecution, createSubmittedExecution, type ExecutionKind } from './repository.js';

/** IntakeRules.createSubmitted for an execution of `kind` (and `stepId`, a step run's step). */
function createSubmitted(
  principal: Principal,
  kind: ExecutionKind,
  stepId: string | null,
): IntakeRules['createSubmitted'] {
  return (db, fields, callerWaits, document) =>
    createSubmittedExecution(
      db,
      { organizationId: principal.organizationId, kind, stepId, createdBy: principal.userId, fields },
      callerWaits,
      document,
    );
}

/** POST /api/steps-async/{stepId}: the step must be an active step of the organization (404). */
export function stepRules(principal: Principal, stepId: string): IntakeRules {
  return {
    create: (db) => {
      if (!isUuid(stepId)) throw new NotFoundError('Step not found');
      return createStepExecution(db, {
        organizationId: principal.organizationId,
        stepId,
        createdBy: principal.userId,
        uploading: true,
      });
    },
    createSubmitted: (db, fields, callerWaits, document) => {
      if (!isUuid(stepId)) throw new NotFoundError('Step not found');
      return createSubmitted(principal, 'step', stepId)(db, fields, callerWaits, document);
    },
    check: async () => ({}),
  };
}

/**
 * Identify: the candidates are `document_type_code_options`, each a published type the
 * organization may use (others are 403, named, as the hosted service answers); none or an
 * empty list means every such type, of which there must be at least one.
 */
export function identifyRules(db: Db, principal: Principal): IntakeRules {
  return {
    create: (target) =>
      createExecution(target, {
        organizationId: principal.organizationId,
        kind: 'identify',
        createdBy: principal.userId,
      }),
    createSubmitted: createSubmitted(principal, 'identify', null),
    check: async (fields) => {
      const options = parseCodeOptions(fields.document_type_code_options, 'document_type_code_options') ?? [];
      if (options.length === 0) {
        if (!(await hasUsablePublishedType(db, principal.organizationId))) {
          throw new BadRequestError(
            'No document type to identify among: this organization can use no published document type',
          );
        }
        return { documentTypeCodeOptions: [] };
      }
      const usable = await usablePublishedCodes(db, principal.organizationId, options);
      const refused = options.filter((code) => !usable.has(code));
      if (refused.length) {
        throw new ForbiddenError(
          `You do not have permission to use the following document types: ${refused.join(', ')}`,
        );
      }
      return { documentTypeCodeOptions: options };
    },
  };
}

/** Convert: `document_type_code` is required and must name a type the organization may convert with (404). */
export function convertRules(db: Db, principal: Principal): IntakeRules {
  return {
    create: (target) =>
      createExecution(target, {
        organizationId: principal.organizationId,
        kind: 'convert',
        createdBy: principal.userId,
      }),
    createSubmitted: createSubmitted(principal, 'convert', null),
    check: async (fields) => {
      const code = fields.document_type_code;
      if (typeof code !== 'string' || code.trim() === '') {
        throw new ValidationError(['document_type_code: is required (the code of the document type to extract)']);
      }
      const type = await findConvertibleType(db, principal.organizationId, code.trim());
      if (!type) throw new NotFoundError(`Document type not found: ${code.trim()}`);
      return { documentTypeCode: type.code_type };
    },
  };
}
