/**
 * Labels of the numbers a UK register gives an organisation, as a reader expects them printed:
 * "Registered charity number 1048273", "Charity No. 1074318", "Company number 05731962".
 */

/** Label phrases of a registered charity number (lower case; "no" stands for "no." and "number"). */
export const CHARITY_NUMBER_LABELS: readonly string[] = [
  'registered charity number',
  'registered charity no',
  'registered charity',
  'regd charity no',
  'reg charity no',
  'charity registration number',
  'charity registration no',
  'charity reg no',
  'charity number',
  'charity no',
];

/** Label phrases of a registered company number. */
export const COMPANY_NUMBER_LABELS: readonly string[] = [
  'registered company number',
  'company registration number',
  'company registration no',
  'registered in england and wales no',
  'registered in england no',
  'company number',
  'company no',
];
