import { amountsGenerator } from './amounts.js';
import type { CandidateGenerator } from './candidate.js';
import { datesGenerator } from './dates.js';

/**
 * Every candidate generator, in one list. A new value kind or relation is one generator module
 * (with its tests) added here; ranking needs no change to use it.
 */
export const GENERATORS: readonly CandidateGenerator[] = [amountsGenerator, datesGenerator];
