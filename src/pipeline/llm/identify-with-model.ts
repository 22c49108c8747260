import { effectiveSchema, isObject, type JsonObject } from '../extract/schema-fields.js';
import { PipelineError } from '../pipeline-error.js';
import type { CandidateType, ConvertedDocument, IdentificationResult, TypeMatch } from '../types.js';
import { askForJson } from './ask-for-json.js';
import type { ChatCompletionsClient, ChatMessage } from './chat-completions-client.js';
import { documentForPrompt } from './document-text.js';

/** The answer for "none of these types"; parentheses keep it apart from any real code. */
export const NONE_OF_THESE = '(none)';
/** Ceiling of every confidence when the model says the document is none of the candidates. */
export const NONE_CONFIDENCE_CAP = 0.2;
/** Confidence of a chosen type when the model gives none (or no number). */
const UNSTATED_CONFIDENCE = 0.5;
/** Identification reads the start of a document: the title and parties say what it is. */
export const IDENTIFY_MAX_INPUT_CHARS = 12_000;
const MAX_ALTERNATIVES = 5;
const MAX_FIELDS_PER_CANDIDATE = 40;

const SYSTEM_PROMPT = [
  'You classify a document into one of the given document types.',
  'Answer with one JSON object: `code` is the code of the type the document is,',
  `or "${NONE_OF_THESE}" when it is none of them; \`confidence\` is how sure you are, from 0 to 1;`,
  '`alternatives` lists other plausible types with their confidence, most likely first.',
  'Judge by the content of the document, not by its layout alone.',
].join('\n');

/** Property names and descriptions, nested ones by dotted path: what a type's document contains. */
function fieldsOf(schema: JsonObject, prefix = '', out: string[] = []): string[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [key, raw] of Object.entries(properties)) {
    if (!isObject(raw) || out.length >= MAX_FIELDS_PER_CANDIDATE) continue;
    const property = effectiveSchema(raw);
    const path = prefix ? `${prefix}.${key}` : key;
    out.push(typeof property.description === 'string' ? `${path}: ${property.description}` : path);
    if (isObject(property.properties)) fieldsOf(property, path, out);
    if (isObject(property.items)) fieldsOf(effectiveSchema(property.items), `${path}[]`, out);
  }
  return out;
}

function candidateListing(candidates: readonly CandidateType[]): string {
  return JSON.stringify(
    candidates.map((candidate) => ({
      code: candidate.code,
      name: candidate.name,
      ...(candidate.description ? { description: candidate.description } : {}),
      ...(candidate.identifyPromptHints ? { howToRecognise: candidate.identifyPromptHints } : {}),
      fields: fieldsOf(candidate.jsonSchema),
    })),
    null,
    2,
  );
}

function answerSchema(codes: readonly string[]): JsonObject {
  const code = { type: 'string', enum: [...codes, NONE_OF_THESE] };
  return {
    type: 'object',
    properties: {
      code,
      confidence: { type: 'number' },
      alternatives: {
        type: 'array',
        items: {
          type: 'object',
          properties: { code: { type: 'string', enum: [...codes] }, confidence: { type: 'number' } },
          required: ['code', 'confidence'],
          additionalProperties: false,
        },
      },
    },
    required: ['code', 'confidence', 'alternatives'],
    additionalProperties: false,
  };
}

const clamp = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? Math.min(1, Math.max(0, value > 1 && value <= 100 ? value / 100 : value))
    : null;
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The model's ranking as an IdentificationResult: codes it made up are discarded, the chosen
 * type comes first, a candidate it did not mention scores 0, no alternative scores above the
 * chosen type, and "none of these" caps every confidence at 0.2, so the document is not filed
 * under a type with a confidence it does not have.
 */
export function rankCandidates(
  candidates: readonly CandidateType[],
  answer: Record<string, unknown>,
): IdentificationResult {
  const scores = new Map<string, number>(candidates.map((candidate) => [candidate.code, 0]));
  const chosen = typeof answer.code === 'string' && scores.has(answer.code) ? answer.code : null;
  const chosenConfidence = chosen === null ? null : (clamp(answer.confidence) ?? UNSTATED_CONFIDENCE);
  const alternatives = Array.isArray(answer.alternatives) ? answer.alternatives : [];
  for (const alternative of alternatives) {
    if (!isObject(alternative) || typeof alternative.code !== 'string' || !scores.has(alternative.code)) continue;
    if (alternative.code === chosen) continue;
    const confidence = clamp(alternative.confidence) ?? 0;
    const capped = chosenConfidence === null ? confidence : Math.min(confidence, chosenConfidence);
    scores.set(alternative.code, Math.max(scores.get(alternative.code) ?? 0, capped));
  }
  if (chosen !== null) scores.set(chosen, chosenConfidence as number);
  else for (const [code, score] of scores) scores.set(code, Math.min(score, NONE_CONFIDENCE_CAP));
  const order = new Map(candidates.map((candidate, index) => [candidate.code, index]));
  const matches: TypeMatch[] = candidates
    .map((candidate) => ({
      code: candidate.code,
      name: candidate.name,
      confidence: round4(scores.get(candidate.code) ?? 0),
    }))
    .sort(
      (a, b) =>
        Number(b.code === chosen) - Number(a.code === chosen) ||
        b.confidence - a.confidence ||
        (order.get(a.code) ?? 0) - (order.get(b.code) ?? 0),
    );
  const [documentType, ...others] = matches as [TypeMatch, ...TypeMatch[]];
  return { documentType, alternatives: others.slice(0, MAX_ALTERNATIVES) };
}

/** One request listing the candidates (code, name, description, identifyPromptHints, fields) and the document's start. */
export async function identifyWithModel(
  client: ChatCompletionsClient,
  document: ConvertedDocument,
  candidates: readonly CandidateType[],
  options: { maxInputChars: number; maxCorrections: number },
): Promise<IdentificationResult> {
  if (candidates.length === 0) {
    throw new PipelineError('identification', 'There are no document types to identify the document against');
  }
  const codes = candidates.map((candidate) => candidate.code);
  const documentText = documentForPrompt(document, Math.min(options.maxInputChars, IDENTIFY_MAX_INPUT_CHARS));
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    {
      role: 'user',
      content: `The document types:\n${candidateListing(candidates)}\n\nThe document:\n${documentText}`,
    },
  ];
  const { value } = await askForJson({
    client,
    stage: 'identification',
    messages,
    schemaName: 'document_identification',
    schema: answerSchema(codes),
    maxCorrections: options.maxCorrections,
    check: (answer) => ({
      value: answer,
      problems:
        typeof answer.code === 'string' && (codes.includes(answer.code) || answer.code === NONE_OF_THESE)
          ? []
          : [`"code" must be one of ${JSON.stringify([...codes, NONE_OF_THESE])}, got ${JSON.stringify(answer.code)}`],
    }),
  });
  return rankCandidates(candidates, value);
}
