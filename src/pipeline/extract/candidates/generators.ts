import { addressBlockGenerator } from './address-block.js';
import { amountsGenerator } from './amounts.js';
import type { CandidateGenerator } from './candidate.js';
import { datesGenerator } from './dates.js';
import { issuerGenerator } from './issuer.js';
import { phonesGenerator } from './phones.js';

/**
 * Every candidate generator, in one list. A new value kind or relation is one generator module
 * (with its tests) added here; ranking needs no change to use it.
 */
export const GENERATORS: readonly CandidateGenerator[] = [
  issuerGenerator,
  addressBlockGenerator,
  phonesGenerator,
  amountsGenerator,
  datesGenerator,
];
