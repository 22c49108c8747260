import type { CandidateGenerator, CandidateKind } from './candidates/candidate.js';
import { GENERATOR_OUTPUTS, GENERATORS } from './candidates/generators.js';
import { pointerToken } from './evidence.js';
import { type PropertyProfile, profileOf } from './ranking/property-profile.js';
import { rememberedBy } from './remembered.js';
import { itemsOf, type JsonObject, propertiesOf, valueType } from './schema-fields.js';

/**
 * The generators whose candidates some property of the schema can take; extraction runs only
 * those. A property takes a candidate of a kind its profile accepts, an array value when it is a
 * list, and a title or an `onlyWhenAsked` candidate only when it asks for one of its relations
 * (ranking/rank.ts, `accepts`). Skipping the others leaves every ranking as it was: a candidate
 * no property accepts is never scored, counted or grouped.
 */
export function generatorsForSchema(schema: JsonObject): readonly CandidateGenerator[] {
  return rememberedGenerators(JSON.stringify(schema), () => chooseGenerators(schema));
}

/** The choice for a few types' schemas, remembered: it is the same for every document of a type. */
const REMEMBERED_SCHEMAS = 64;
const rememberedGenerators = rememberedBy<readonly CandidateGenerator[]>(REMEMBERED_SCHEMAS);

function chooseGenerators(schema: JsonObject): CandidateGenerator[] {
  const profiles: PropertyProfile[] = [];
  collectProfiles(schema, '', profiles);
  const kinds = new Set<CandidateKind>(ALWAYS_KINDS);
  const relations = new Set<string>();
  let lists = false;
  for (const profile of profiles) {
    for (const kind of profile.kinds) kinds.add(kind);
    for (const relation of profile.relations) relations.add(relation);
    lists ||= profile.list;
  }
  return GENERATORS.filter((generator) => {
    const output = GENERATOR_OUTPUTS.get(generator);
    if (!output) return true;
    if (output.kinds.some((kind) => kinds.has(kind))) return true;
    if (output.lists && lists) return true;
    return output.asked === true && generator.relations.some((spec) => relations.has(spec.relation));
  });
}

/** A credit note's title turns the extracted amounts positive (ranking/credit-note-signs.ts), whatever the schema. */
const ALWAYS_KINDS: readonly CandidateKind[] = ['title'];

/**
 * Every property's profile, with the parent names extraction gives it; a superset of the profiles
 * extract.ts ranks candidates for (object and table properties too, and each array as a list, as
 * an array of named objects is ranked).
 */
function collectProfiles(schema: JsonObject, path: string, profiles: PropertyProfile[]): void {
  for (const [key, property] of propertiesOf(schema)) {
    const at = `${path}/${pointerToken(key)}`;
    profiles.push(profileOf(key, property, GENERATORS, parentWords(at)));
    const type = valueType(property);
    if (type === 'object') collectProfiles(property, at, profiles);
    const items = type === 'array' ? itemsOf(property) : null;
    if (items && valueType(items) === 'object') {
      const asList = { ...property, items: { type: 'string' } };
      profiles.push(profileOf(key, asList, GENERATORS, parentWords(at)));
      collectProfiles(items, `${at}/0`, profiles);
    }
  }
}

/** The names of the objects a property sits in ("seller" for /seller/name), as words for its profile. */
export function parentWords(path: string): string {
  return path
    .split('/')
    .slice(1, -1)
    .filter((token) => !/^\d+$/.test(token))
    .join(' ');
}
