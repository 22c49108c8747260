import { addressBlockGenerator } from './address-block.js';
import { agreementTitleGenerator } from './agreement-title.js';
import { amountsGenerator } from './amounts.js';
import type { CandidateGenerator, CandidateKind } from './candidate.js';
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

/**
 * What each generator can propose, so that extraction runs only the generators whose candidates
 * some property of the schema can take (see `extract/generators-for-schema.ts`):
 * - `kinds`: every kind of candidate it proposes;
 * - `lists`: it proposes array values (a list relation: the parties), which a list property takes whatever their kind;
 * - `asked`: it proposes candidates a property takes only by asking for the generator's own relations
 *   (a document's title, a cover's name marked `onlyWhenAsked`).
 * A generator missing here always runs. test/pipeline/candidates/generator-kinds.test.ts checks the table.
 */
export interface GeneratorOutput {
  readonly kinds: readonly CandidateKind[];
  readonly lists?: boolean;
  readonly asked?: boolean;
}

export const GENERATOR_OUTPUTS: ReadonlyMap<CandidateGenerator, GeneratorOutput> = new Map<
  CandidateGenerator,
  GeneratorOutput
>([
  [reportingPeriods, { kinds: ['date'] }],
  [registeredNumbers, { kinds: ['identifier'] }],
  [ukPostalAddresses, { kinds: ['place', 'address'] }],
  [officeAddressStatements, { kinds: ['place', 'address'] }],
  [financialTotals, { kinds: ['amount'] }],
  [formHeadings, { kinds: ['text'], lists: true }],
  [agreementTitleGenerator, { kinds: ['text'] }],
  [documentTitleGenerator, { kinds: ['title', 'identifier', 'date'], asked: true }],
  [contractPartiesGenerator, { kinds: ['organization'], lists: true }],
  [durationGenerator, { kinds: ['duration'] }],
  [governingLawGenerator, { kinds: ['place'] }],
  [proseDateGenerator, { kinds: ['date', 'duration', 'text'] }],
  [issuerGenerator, { kinds: ['organization'] }],
  [organisationNameGenerator, { kinds: ['organization'], asked: true }],
  [addressBlockGenerator, { kinds: ['address'] }],
  [phonesGenerator, { kinds: ['phone'] }],
  [amountsGenerator, { kinds: ['amount'] }],
  [datesGenerator, { kinds: ['date', 'time'] }],
  [dueDatesGenerator, { kinds: ['date'] }],
]);
