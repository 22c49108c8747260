import { jsonrepair } from 'jsonrepair';
import { walkJsonBrackets } from '../json-brackets.js';

/** A model answer that holds no JSON object, even after repair; the message says why. */
export class ModelOutputError extends Error {}

export interface ParsedModelOutput {
  readonly value: Record<string, unknown>;
  /** The text needed mending (fences, trailing prose, a cut-off end...). */
  readonly repaired: boolean;
}

/**
 * The JSON object in a model's answer. Structured output usually makes this plain JSON, but
 * servers without it (and small models with it) wrap the object in code fences, add prose
 * before or after it, or stop mid-object at the token limit; jsonrepair closes what was left
 * open and fixes quoting, trailing commas and comments.
 */
export function parseModelOutput(content: string | null): ParsedModelOutput {
  if (content === null || content.trim() === '') throw new ModelOutputError('The answer was empty');
  const trimmed = content.trim();
  const direct = tryParse(trimmed);
  if (direct !== undefined) return objectOf(direct, false);
  const start = unfenced(trimmed).indexOf('{');
  if (start < 0) throw new ModelOutputError('The answer holds no JSON object');
  const candidate = objectText(unfenced(trimmed).slice(start));
  let repaired: string;
  try {
    repaired = jsonrepair(candidate);
  } catch (error) {
    throw new ModelOutputError(`The answer is not valid JSON: ${(error as Error).message}`);
  }
  return objectOf(tryParse(repaired), true);
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function objectOf(value: unknown, repaired: boolean): ParsedModelOutput {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ModelOutputError('The answer is JSON but not an object');
  }
  return { value: value as Record<string, unknown>, repaired };
}

/** The inside of the first code fence, or the text itself; an unclosed fence runs to the end. */
function unfenced(text: string): string {
  const inner = text.match(/```[\w-]*[ \t]*\n?([\s\S]*?)(?:```|$)/)?.[1];
  return inner?.includes('{') ? inner : text;
}

/** From the first `{` to its matching `}` (strings respected), so trailing prose is left out; all of it when unclosed. */
function objectText(text: string): string {
  const end = walkJsonBrackets(text, (depth) => depth === 0);
  return end < 0 ? text : text.slice(0, end + 1);
}
