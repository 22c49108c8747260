import { type ValidationResult, validateAgainstSchema } from '../json-schema/json-schema.js';

export type { ValidationResult };

/**
 * The extracted data checked against the type's schema, every error reported: the same
 * validator the document-types API uses, so a result validates the same way everywhere.
 */
export function validateExtraction(data: unknown, jsonSchema: Record<string, unknown>): ValidationResult {
  return validateAgainstSchema(jsonSchema, data);
}
