/** The words a form answers a yes/no question with, folded (no accents), lower case. */
export const YES_WORDS: readonly string[] = ['yes', 'y', 'true', 'si', 'oui', 'ja', 'sim'];
export const NO_WORDS: readonly string[] = ['no', 'n', 'false', 'non', 'nein', 'nao'];
