import type { CandidateGenerator, CandidateKind, Relation } from '../candidates/candidate.js';
import { rememberedBy } from '../remembered.js';
import { type JsonObject, type ValueType, valueType } from '../schema-fields.js';
import { foldText } from '../text-tokens.js';
import { stringKind } from '../typed-value.js';

/**
 * What a schema property asks for, read from its name, description, format and type: the kinds of
 * candidate that can be its value, the relations whose words it uses ("governing law" asks for
 * the governing_law relation), and its words, for label matching.
 */
export interface PropertyProfile {
  readonly key: string;
  readonly type: ValueType | null;
  readonly kinds: ReadonlySet<CandidateKind>;
  readonly relations: ReadonlySet<Relation>;
  /** The property's name and description as lower-case words separated by single spaces, padded. */
  readonly phrase: string;
  /** True when the relations were named by a phrase of several words ("governing law"), not one word ("date"). */
  readonly relationsNamed: boolean;
  /** Relations the property's name rules out ("buyer name" is not the issuer's name, "seller country" not its name either). */
  readonly excludedRelations: ReadonlySet<Relation>;
  /** True for an array of strings: a list relation (parties) answers it. */
  readonly list: boolean;
}

/** "effectiveDate" / "effective_date" -> " effective date ", then the description's words. */
function phraseOf(key: string, schema: JsonObject): string {
  const name = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\-.]+/g, ' ');
  const extra = [schema.title, schema.description].filter((value) => typeof value === 'string').join(' ');
  return ` ${foldText(`${name} ${extra}`)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

function hasPhrase(phrase: string, wanted: string): boolean {
  return phrase.includes(` ${wanted} `);
}

const TEXT_KINDS: readonly CandidateKind[] = ['organization', 'person', 'address', 'place', 'duration', 'text'];

function kindsOf(key: string, schema: JsonObject, type: ValueType | null): CandidateKind[] {
  if (type === 'number' || type === 'integer') return ['amount'];
  if (type !== 'string' && type !== null) return [];
  switch (stringKind(schema, key)) {
    case 'date':
      return ['date'];
    case 'email':
      return ['email'];
    case 'phone':
      return ['phone'];
    case 'identifier':
      return ['identifier'];
    case 'time':
      return ['time'];
    case 'amount':
      return ['amount'];
    case 'uri':
    case 'iban':
    case 'bic':
    case 'currency':
      return [];
    default:
      // A date written as a plain string ("expiration date, or perpetual") is still a date.
      return /\bdate\b/.test(phraseOf(key, {})) ? ['date', ...TEXT_KINDS] : [...TEXT_KINDS];
  }
}

/**
 * The profile of property `key`; `parents` are the names of the objects it sits in ("seller" for
 * seller.name), which count as part of its name. Profiles are remembered per generator list, by
 * the property's name, parents and schema (extraction asks for the same ones for every document
 * of a type); the memory is cleared when full. A profile is shared: callers never change it.
 */
export function profileOf(
  key: string,
  schema: JsonObject,
  generators: readonly CandidateGenerator[],
  parents = '',
): PropertyProfile {
  let remembered = rememberedProfiles.get(generators);
  if (!remembered) {
    remembered = rememberedBy<PropertyProfile>(REMEMBERED_PROFILES);
    rememberedProfiles.set(generators, remembered);
  }
  return remembered(`${parents}\n${key}\n${JSON.stringify(schema)}`, () =>
    computeProfile(key, schema, generators, parents),
  );
}

const rememberedProfiles = new WeakMap<
  readonly CandidateGenerator[],
  (key: string, compute: () => PropertyProfile) => PropertyProfile
>();
/** Profiles remembered per generator list: a few types' worth of properties. */
const REMEMBERED_PROFILES = 2048;

function computeProfile(
  key: string,
  schema: JsonObject,
  generators: readonly CandidateGenerator[],
  parents: string,
): PropertyProfile {
  const type = valueType(schema);
  const phrase = phraseOf(`${parents} ${key}`, schema);
  const namePhrase = phraseOf(`${parents} ${key}`, {});
  const specific = new Set<Relation>();
  const describedSpecific = new Set<Relation>();
  const generic = new Set<Relation>();
  const excludedRelations = new Set<Relation>();
  for (const generator of generators) {
    for (const spec of generator.relations) {
      const askedBy = spec.propertyPhrases.filter((wanted) => hasPhrase(namePhrase, wanted));
      const describedBy = spec.propertyPhrases.filter((wanted) => hasPhrase(phrase, wanted));
      const excluded = (spec.excludedBy ?? []).some((unwanted) => hasPhrase(namePhrase, unwanted));
      if (excluded) excludedRelations.add(spec.relation);
      if (excluded || (askedBy.length === 0 && describedBy.length === 0)) continue;
      // A relation the description alone names is ruled out by the description's words too
      // ("Total amount including VAT" names the VAT, and asks for no tax).
      if (askedBy.length === 0 && (spec.excludedBy ?? []).some((unwanted) => hasPhrase(phrase, unwanted))) continue;
      // "expiration date" asks for an expiration date, not for any date: a relation asked by a
      // phrase of several words outranks one asked by a single word.
      if (askedBy.some((wanted) => wanted.includes(' '))) specific.add(spec.relation);
      else if (describedBy.some((wanted) => wanted.includes(' '))) describedSpecific.add(spec.relation);
      else generic.add(spec.relation);
    }
  }
  // The name decides when it names a relation in several words; then a description that does
  // ("report_date": "End date of the reporting period" asks for the period's end, not any date;
  // "income": "Total income for the year" for the total income, not any total); then single words.
  const relations = specific.size > 0 ? specific : describedSpecific.size > 0 ? describedSpecific : generic;
  const items =
    type === 'array' && typeof schema.items === 'object' && schema.items !== null ? (schema.items as JsonObject) : null;
  const list = items !== null && valueType(items) === 'string';
  return {
    key,
    type,
    kinds: new Set(list ? TEXT_KINDS : kindsOf(key, schema, type)),
    relations,
    relationsNamed: specific.size > 0,
    // A relation both asked and ruled out by different generators stays asked.
    excludedRelations: new Set([...excludedRelations].filter((relation) => !relations.has(relation))),
    phrase,
    list,
  };
}
