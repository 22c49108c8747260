import type { CandidateGenerator } from './candidate.js';

/**
 * Every candidate generator, in one list. A new value kind or relation is one generator module
 * (with its tests) added here; ranking needs no change to use it.
 */
export const GENERATORS: readonly CandidateGenerator[] = [];
