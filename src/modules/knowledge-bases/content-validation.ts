import { validateAgainstSchema } from '../../json-schema/json-schema.js';

/**
 * The schema violations of a document's `content`, each naming its field under `content`
 * (`content.title: is required`). Fields the schema does not declare are allowed: only
 * `additionalProperties: false` in the schema refuses them.
 */
export function contentErrors(schema: Record<string, unknown>, content: unknown): string[] {
  return validateAgainstSchema(schema, content).errors.messages.map((message) =>
    message.startsWith('(root)') ? `content${message.slice('(root)'.length)}` : `content.${message}`,
  );
}
