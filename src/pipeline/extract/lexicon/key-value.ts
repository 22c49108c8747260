import { normalizeWord } from '../text-tokens.js';

/**
 * Words that name the two halves of a key-value pair in a schema's item properties: the label
 * printed on the document ("key", "label", "question") and what is written beside it ("value",
 * "answer"). Normalised as text-tokens does.
 */
export const KEY_WORDS: ReadonlySet<string> = new Set(
  ['key', 'label', 'name', 'field', 'question', 'caption', 'attribute', 'property', 'prompt', 'term'].map(
    normalizeWord,
  ),
);

export const VALUE_WORDS: ReadonlySet<string> = new Set(
  ['value', 'answer', 'response', 'content', 'entry', 'filled', 'written', 'reply', 'data'].map(normalizeWord),
);
