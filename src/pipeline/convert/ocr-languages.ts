import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** English and Spanish ship with quire; more come from installed `@tesseract.js-data/<code>` packages. */
export const DEFAULT_OCR_LANGUAGES: readonly string[] = Object.freeze(['eng', 'spa']);

const require = createRequire(import.meta.url);

/**
 * The gzipped LSTM ("best_int") model of one language, from its `@tesseract.js-data/<code>`
 * package. Null when that package is not installed: the caller names the setting to fix.
 */
export function languageDataFile(code: string): string | null {
  if (!/^[a-z][a-z0-9_]*$/.test(code)) return null;
  let packageJson: string;
  try {
    packageJson = require.resolve(`@tesseract.js-data/${code}/package.json`);
  } catch {
    return null;
  }
  const file = path.join(path.dirname(packageJson), '4.0.0_best_int', `${code}.traineddata.gz`);
  return fs.existsSync(file) ? file : null;
}

/**
 * `eng+spa+fra` as a list of language codes, each checked to have its data installed. Throws an
 * Error whose message is one line naming `variable` and what to install.
 */
export function parseOcrLanguages(raw: string | undefined, variable = 'OCR_LANGUAGES'): readonly string[] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_OCR_LANGUAGES;
  const codes = [...new Set(raw.split('+').map((code) => code.trim()))];
  if (codes.some((code) => !/^[a-z][a-z0-9_]*$/.test(code))) {
    throw new Error(`${variable} must be tesseract language codes joined by +, like eng+spa, got "${raw}"`);
  }
  const missing = codes.filter((code) => languageDataFile(code) === null);
  if (missing.length > 0) {
    throw new Error(
      `${variable} names ${missing.join(', ')}, whose OCR data is not installed: ` +
        `npm install ${missing.map((code) => `@tesseract.js-data/${code}`).join(' ')}`,
    );
  }
  return Object.freeze(codes);
}
