/**
 * The words of English annual reports and financial statements: how the end of the reporting
 * period is introduced, the labels of the year's total income and total expenditure, the section
 * headings a bare "Total" row belongs to, and how a table says its figures are in thousands.
 */

/** Words before the last day of a reporting period: "for the year ended 30 June 2016". */
export const PERIOD_END_PHRASES: readonly string[] = [
  'year ended',
  'year ending',
  'years ended',
  'period ended',
  'period ending',
  'months ended',
  'months ending',
  'weeks ended',
  'year to',
  'period to',
  'year end',
];

/** Labels of the year's total income (lower case). */
export const INCOME_TOTAL_LABELS: readonly string[] = [
  'total income',
  'total incoming resources',
  'total income and endowments',
  'total receipts',
  'total revenue',
  'total revenues',
  'income total',
  'total turnover',
];

/** Labels of the year's total expenditure (lower case). */
export const EXPENDITURE_TOTAL_LABELS: readonly string[] = [
  'total expenditure',
  'total resources expended',
  'total payments',
  'total expenses',
  'total outgoing resources',
  'total outgoings',
  'total spending',
  'expenditure total',
];

/** Section headings whose bare "Total" row is the total income. */
export const INCOME_SECTIONS: readonly string[] = [
  'income',
  'incoming resources',
  'income and endowments',
  'income and endowments from',
  'income from',
  'incoming',
  'receipts',
  'revenue',
];

/** Section headings whose bare "Total" row is the total expenditure. */
export const EXPENDITURE_SECTIONS: readonly string[] = [
  'expenditure',
  'expenditure on',
  'resources expended',
  'payments',
  'expenses',
  'outgoing resources',
  'outgoing',
];

/**
 * The label of a statement's net result for the year, the total income less the total expenditure:
 * "Net income/(expenditure) for the year", "Net incoming/(outgoing) resources", "Surplus/(deficit)",
 * "Net receipts". Not "Net movement in funds", which takes in gains and transfers too.
 */
export const NET_RESULT_LABEL =
  /^\s*(?:\d{1,2}\s+)?(?:net\s+(?:[(/]*\s*(?:income|expenditure|incoming|outgoing|resources|receipts|payments|surplus|deficit)\s*[)/]*\s*)+|(?:[(/]*\s*(?:surplus|deficit)\s*[)/]*\s*)+)(?:for\s+the\s+(?:year|period)\b)?[\s:]*/i;

/** A bare total row: "Total", "Totals" ("Total funds" is the balance sheet's, not a year's flow). */
export const BARE_TOTAL = /^(?:\d{1,2}\s+)?totals?\s*:?$/i;

/** A table that prints its figures in thousands of pounds: "£'000", "£000", "£ 000s", "£k". */
export const THOUSANDS_MARKER = /£\s*['’‘]?\s*000s?\b|£k\b|\(£000\)|\bin thousands\b/i;

/**
 * Headings of the statement whose totals are the year's income and expenditure, at the start of
 * their line: "Statement of Financial Activities", "Consolidated statement of financial activities",
 * "Income and Expenditure Account", "Receipts and Payments Account".
 */
export const STATEMENT_HEADING =
  /^\s*(?:(?:consolidated|detailed|combined|group|charity)\s+)?(?:statement\s+of\s+financial\s+activit(?:ies|y)|income\s+and\s+expenditure\s+account|receipts\s+and\s+payments\s+account|statement\s+of\s+receipts\s+and\s+payments)\b/i;
