/** Month names and abbreviations, folded (no accents), in the languages of the label vocabulary, with their numbers. */
export const MONTHS: Record<string, number> = {};
for (const [names, month] of [
  ['january jan enero ene janvier janv januar januari janeiro gennaio', 1],
  ['february feb febrero fevrier fevr fev februar februari fevereiro febbraio', 2],
  ['march mar marzo mars marz maerz maart marco mac', 3],
  ['april apr abril abr avril avr aprile', 4],
  ['may mayo mai mei maio maggio', 5],
  ['june jun junio juin juni junho giugno', 6],
  ['july jul julio juillet juil juli julai julho luglio', 7],
  ['august aug agosto ago aout augustus ogos', 8],
  ['september sep sept septiembre setiembre sepbre septembre setembro settembre', 9],
  ['october oct octubre octobre oktober okt outubro ottobre', 10],
  ['november nov noviembre novembre novembro', 11],
  ['december dec diciembre dic decembre dezember dez dezembro dicembre disember dis', 12],
] as const) {
  for (const name of names.split(' ')) MONTHS[name] = month;
}
/** Any month name (longest first), optionally abbreviated with a dot, as a regular-expression group. */
export const MONTH_NAME = `(${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;
