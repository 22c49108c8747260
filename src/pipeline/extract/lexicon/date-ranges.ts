/** How a period is printed as a range of two dates, and the words of a property asking for its start or its end. */

/** What stands between the two dates of a range (lower case): "1 April - 30 April", "from 1 April to 30 April". */
export const RANGE_CONNECTORS: readonly string[] = [
  '-',
  '–',
  '—',
  'to',
  'through',
  'thru',
  'until',
  'till',
  'bis',
  'au',
  'al',
  'tot',
];

/** Words of a property asking for the last day of a period. */
export const RANGE_END_WORDS: ReadonlySet<string> = new Set([
  'end',
  'ending',
  'to',
  'until',
  'through',
  'last',
  'closing',
  'finish',
]);
/** Words of a property asking for the first day of a period. */
export const RANGE_START_WORDS: ReadonlySet<string> = new Set([
  'start',
  'starting',
  'from',
  'begin',
  'beginning',
  'first',
  'opening',
]);
