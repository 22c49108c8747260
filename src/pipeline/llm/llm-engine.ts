import { isObject, type JsonObject } from '../extract/schema-fields.js';
import type { ConvertedDocument, ExtractionResult, ExtractionType, UnderstandingEngine } from '../types.js';
import { validateExtraction } from '../validate.js';
import { askForJson, DEFAULT_MAX_CORRECTIONS } from './ask-for-json.js';
import { type ChatCompletionsClient, createChatCompletionsClient } from './chat-completions-client.js';
import { coerceToSchema } from './coerce-to-schema.js';
import { DEFAULT_LLM_MAX_INPUT_CHARS, documentForPrompt } from './document-text.js';
import { extractionMessages, propertyGroups, subSchema } from './extraction-prompts.js';
import { identifyWithModel } from './identify-with-model.js';
import { locateValues } from './locate-values.js';
import { strictSchema } from './strict-schema.js';

export interface LlmEngineOptions {
  readonly baseUrl: string;
  readonly apiKey: string | null;
  readonly model: string;
  /** Per request attempt (LLM_TIMEOUT_MS). */
  readonly timeoutMs?: number;
  /** Document characters per request (LLM_MAX_INPUT_CHARS); longer documents keep their start and end. */
  readonly maxInputChars?: number;
  /** Attempts per request for 429/5xx/connection errors, the first included. */
  readonly maxAttempts?: number;
  readonly retryBaseDelayMs?: number;
  readonly maxRetryDelayMs?: number;
  /** Follow-up requests after an unreadable or schema-breaking answer. */
  readonly maxCorrections?: number;
  /** Replaces the HTTP client (tests of the engine's logic alone). */
  readonly client?: ChatCompletionsClient;
}

/** OpenAI names a response format with at most 64 of [A-Za-z0-9_-]. */
function schemaNameFor(code: string): string {
  const name = code.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 64);
  return name === '' ? 'extraction' : name;
}

interface GroupResult {
  readonly data: JsonObject;
  readonly coerced: ReadonlySet<string>;
}

/**
 * The model-backed UnderstandingEngine (LLM_BASE_URL): identification and extraction by an
 * OpenAI-compatible chat endpoint with structured output. Nothing is sent anywhere unless it
 * is created, and it is created only when LLM_BASE_URL is set.
 */
export function createLlmEngine(options: LlmEngineOptions): UnderstandingEngine {
  const client =
    options.client ??
    createChatCompletionsClient({
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      model: options.model,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
      ...(options.retryBaseDelayMs === undefined ? {} : { retryBaseDelayMs: options.retryBaseDelayMs }),
      ...(options.maxRetryDelayMs === undefined ? {} : { maxRetryDelayMs: options.maxRetryDelayMs }),
    });
  const maxInputChars = options.maxInputChars ?? DEFAULT_LLM_MAX_INPUT_CHARS;
  const maxCorrections = options.maxCorrections ?? DEFAULT_MAX_CORRECTIONS;

  async function extractGroup(
    type: ExtractionType,
    schema: JsonObject,
    documentText: string,
    groupNote: string | null,
  ): Promise<GroupResult> {
    const { value } = await askForJson({
      client,
      stage: 'extraction',
      messages: extractionMessages(type, schema, documentText, groupNote),
      schemaName: schemaNameFor(type.code),
      schema: strictSchema(schema),
      maxCorrections,
      check: (answer) => {
        const fitted = coerceToSchema(answer, schema, type.keepPropertyOrdering);
        const data = fitted.value as JsonObject;
        return { value: { data, coerced: fitted.coerced }, problems: validateExtraction(data, schema).errors.messages };
      },
    });
    return value;
  }

  async function extract(document: ConvertedDocument, type: ExtractionType): Promise<ExtractionResult> {
    const schema = type.jsonSchema;
    const documentText = documentForPrompt(document, maxInputChars);
    const groups = type.conversionMode === 'multi_prompt' ? propertyGroups(schema) : [];
    let data: JsonObject;
    const coerced = new Set<string>();
    if (groups.length <= 1) {
      const result = await extractGroup(type, schema, documentText, null);
      data = result.data;
      for (const path of result.coerced) coerced.add(path);
    } else {
      // One at a time: local servers usually run one request at once anyway, and a rate limit
      // is shared by all of them.
      const parts: JsonObject[] = [];
      for (const [index, keys] of groups.entries()) {
        const note = `This request asks for only some of the fields (part ${index + 1} of ${groups.length}): ${keys.join(', ')}.`;
        const result = await extractGroup(type, subSchema(schema, keys), documentText, note);
        parts.push(result.data);
        for (const path of result.coerced) coerced.add(path);
      }
      data = mergeInSchemaOrder(schema, parts);
    }
    const valid = validateExtraction(data, schema).valid;
    return { data, fields: locateValues(document.pages, data, coerced, valid) };
  }

  return {
    name: 'llm',
    identify: (document, candidates) =>
      identifyWithModel(client, document, candidates, { maxInputChars, maxCorrections }),
    extract,
  };
}

/** The groups' answers as one object, keys in the schema's order. */
function mergeInSchemaOrder(schema: JsonObject, parts: readonly JsonObject[]): JsonObject {
  const merged: JsonObject = {};
  const keys = Object.keys(isObject(schema.properties) ? schema.properties : {});
  for (const key of keys) {
    const part = parts.find((candidate) => key in candidate);
    if (part) merged[key] = part[key];
  }
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) if (!(key in merged)) merged[key] = value;
  }
  return merged;
}
