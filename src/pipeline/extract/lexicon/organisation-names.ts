/**
 * Words around an organisation's own name on a report's cover: the nouns organisations are named
 * with, the words that begin the report's title after the name ("Brookfield Reading Circle Trustees'
 * report for 2014"), and how a property asks for the organisation's name. Lower case, accents folded.
 */

/** Nouns that end or head the name of a charity, club, society or public body. */
export const ORGANISATION_NOUNS: ReadonlySet<string> = new Set([
  'trust',
  'foundation',
  'charity',
  'charities',
  'society',
  'association',
  'club',
  'clubs',
  'choir',
  'group',
  'church',
  'fund',
  'institute',
  'institution',
  'council',
  'board',
  'federation',
  'league',
  'centre',
  'center',
  'school',
  'college',
  'academy',
  'hospice',
  'mission',
  'union',
  'committee',
  'network',
  'partnership',
  'alliance',
  'orchestra',
  'theatre',
  'concern',
  'appeal',
  'scouts',
  'guides',
  'ministries',
  'fellowship',
  'aid',
]);

/** Words that start a report's or statement's title: the name stands before them. */
export const REPORT_TITLE_WORDS: ReadonlySet<string> = new Set([
  'report',
  'reports',
  'accounts',
  'statements',
  'statement',
  'trustees',
  'trustee',
  'directors',
  'annual',
  'financial',
  'unaudited',
  'audited',
  'review',
  'contents',
  'minutes',
  'registered',
  'company',
  'number',
  'page',
  'year',
  'notes',
  'independent',
  'balance',
]);

/** Phrases of a property's name or description that ask for an organisation's own name. */
export const ORGANISATION_NAME_PROPERTY_PHRASES: readonly string[] = [
  'charity',
  'charity name',
  'name of the charity',
  'organisation',
  'organization',
  'organisation name',
  'organization name',
  'association',
  'society',
  'club',
  'foundation',
  'registered name',
  'entity name',
];

/** Small words a name may hold in lower case ("Fund for the Blind", "Friends of the Earth"). */
export const NAME_CONNECTORS: ReadonlySet<string> = new Set(['of', 'and', 'the', 'for', 'in', 'on', 'at', '&']);
