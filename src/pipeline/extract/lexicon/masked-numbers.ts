/**
 * How a property asks for the last digits of a card or account number ("card_last_four_digits",
 * "last4", "Last 4 digits of the card"), and the marks a printed number is masked with.
 */

/** Words that, with a count of digits, ask for a number's last digits. */
export const LAST_WORDS: ReadonlySet<string> = new Set(['last', 'final', 'ending', 'trailing']);
/** Words naming the digits themselves. */
export const DIGIT_WORDS: ReadonlySet<string> = new Set(['digit', 'digits', 'numbers']);
/** The marks a card or account number is masked with on a receipt or statement: "************4821", "XXXX XXXX 4821", "•••• 4821". */
export const MASK_MARKS = '*xX•#';
