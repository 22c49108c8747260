import { addressBlockGenerator } from './address-block.js';
import { agreementTitleGenerator } from './agreement-title.js';
import { amountsGenerator } from './amounts.js';
import type { CandidateGenerator } from './candidate.js';
import { contractPartiesGenerator } from './contract-parties.js';
import { datesGenerator } from './dates.js';
import { documentTitleGenerator } from './document-title.js';
import { dueDatesGenerator } from './due-dates.js';
import { durationGenerator } from './durations.js';
import { financialTotals } from './financial-totals.js';
import { formHeadings } from './form-headings.js';
import { governingLawGenerator } from './governing-law.js';
import { issuerGenerator } from './issuer.js';
import { officeAddressStatements } from './office-address-statements.js';
import { organisationNameGenerator } from './organisation-name.js';
import { phonesGenerator } from './phones.js';
import { proseDateGenerator } from './prose-dates.js';
import { registeredNumbers } from './registered-numbers.js';
import { reportingPeriods } from './reporting-periods.js';
import { ukPostalAddresses } from './uk-postal-addresses.js';

/**
 * Every candidate generator, in one list. A new value kind or relation is one generator module
 * (with its tests) added here; ranking needs no change to use it.
 */
export const GENERATORS: readonly CandidateGenerator[] = [
  reportingPeriods,
  registeredNumbers,
  ukPostalAddresses,
  officeAddressStatements,
  financialTotals,
  formHeadings,
  agreementTitleGenerator,
  documentTitleGenerator,
  contractPartiesGenerator,
  durationGenerator,
  governingLawGenerator,
  proseDateGenerator,
  issuerGenerator,
  organisationNameGenerator,
  addressBlockGenerator,
  phonesGenerator,
  amountsGenerator,
  datesGenerator,
  dueDatesGenerator,
];
