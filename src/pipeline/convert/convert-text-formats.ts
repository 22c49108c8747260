import { parse as parseCsv } from 'csv-parse/sync';
import { type HtmlToTextOptions, convert as htmlToText } from 'html-to-text';
import { walkJsonBrackets } from '../json-brackets.js';
import { PipelineError } from '../pipeline-error.js';
import { detectDelimiter } from './detect-format.js';

/**
 * Renderers from the text formats to the plain text the readers work on. They all share one
 * convention with the PDF layout: columns are separated by at least three spaces, labels are
 * followed by `: value`, so one label finder and one table reader serve every format.
 */

const COLUMN_GAP = '   ';
/** A cell wider than this does not widen its whole column; the row just runs longer. */
const MAX_COLUMN_WIDTH = 60;
/** `header: value` blocks for the first rows only: enough for a one-record export, bounded for a big one. */
const MAX_RECORD_BLOCKS = 100;
/** Deeper JSON is not a record anyone fills in by hand or by export; refused before it is walked. */
export const MAX_JSON_DEPTH = 1000;

/**
 * Runs a renderer that walks the document recursively. Running out of stack there is the
 * document's nesting (thousands of levels), not a fault that a retry could mend: it ends the
 * document with a conversion error.
 */
function withinStack<T>(format: string, render: () => T): T {
  try {
    return render();
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw new PipelineError('conversion', `The ${format} document is nested too deeply to be read`);
    }
    throw error;
  }
}

/** How deep arrays and objects nest in JSON text (brackets inside strings do not count). */
function jsonDepth(text: string): number {
  let deepest = 0;
  walkJsonBrackets(text, (depth) => {
    deepest = Math.max(deepest, depth);
    return false;
  });
  return deepest;
}

/** Tabs expanded to 8-column stops, as a terminal shows them, so tab-aligned columns stay aligned. */
export function renderPlainText(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      if (!line.includes('\t')) return line.trimEnd();
      let expanded = '';
      for (const char of line) expanded += char === '\t' ? ' '.repeat(8 - (expanded.length % 8)) : char;
      return expanded.trimEnd();
    })
    .join('\n');
}

const HTML_OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    // Link targets and images are noise to a reader looking for labels and values.
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    // Tables keep their rows and aligned columns, like a PDF's layout text.
    {
      selector: 'table',
      format: 'dataTable',
      options: { uppercaseHeaderCells: false, colSpacing: COLUMN_GAP.length, maxColumnWidth: MAX_COLUMN_WIDTH },
    },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
};

export function renderHtml(html: string): string {
  return withinStack('HTML', () => renderPlainText(htmlToText(html, HTML_OPTIONS)));
}

/** Rows as aligned columns, as in a PDF's layout text; cells lose their inner line breaks. */
export function alignTable(rows: readonly (readonly string[])[]): string[] {
  const cells = rows.map((row) => row.map((cell) => cell.replace(/\s+/g, ' ').trim()));
  const widths: number[] = [];
  for (const row of cells) {
    row.forEach((cell, index) => {
      widths[index] = Math.min(MAX_COLUMN_WIDTH, Math.max(widths[index] ?? 0, cell.length));
    });
  }
  return cells.map((row) => {
    let line = '';
    row.forEach((cell, index) => {
      if (index > 0) line = line.padEnd(Math.max(line.length + COLUMN_GAP.length, columnStart(widths, index)));
      line += cell;
    });
    return line.trimEnd();
  });
}

function columnStart(widths: readonly number[], index: number): number {
  let start = 0;
  for (let column = 0; column < index; column++) start += (widths[column] ?? 0) + COLUMN_GAP.length;
  return start;
}

/**
 * CSV as an aligned table (header row first, so the table reader finds items by their column
 * names), then each of the first rows as `header: value` lines, so a one-record export reads like
 * a form to the label finder. The first row is taken as the header, as nearly every export has one.
 */
export function renderCsv(text: string, filename: string | null): string {
  const delimiter = filename?.toLowerCase().endsWith('.tsv') ? '\t' : (detectDelimiter(text) ?? ',');
  let rows: string[][];
  try {
    rows = parseCsv(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      bom: true,
    });
  } catch (error) {
    throw new PipelineError('conversion', `The file is not valid CSV: ${(error as Error).message}`);
  }
  const nonEmpty = rows.filter((row) => row.some((cell) => cell.trim() !== ''));
  const [header, ...records] = nonEmpty;
  if (!header) return '';
  const blocks = records.slice(0, MAX_RECORD_BLOCKS).map((record) =>
    header
      .map((name, index) => [name.trim(), (record[index] ?? '').replace(/\s+/g, ' ').trim()] as const)
      .filter(([name, value]) => name !== '' && value !== '')
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n'),
  );
  return [alignTable(nonEmpty).join('\n'), ...blocks].join('\n\n');
}

/**
 * JSON pretty-printed (the document as sent), then one `path: value` line per scalar so labels
 * are found by the same label finder as in any form, then every array of flat objects as an
 * aligned table so the table reader finds its items.
 */
export function renderJson(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PipelineError('conversion', `The file is not valid JSON: ${(error as Error).message}`);
  }
  const depth = jsonDepth(text);
  if (depth > MAX_JSON_DEPTH) {
    throw new PipelineError(
      'conversion',
      `The JSON document nests ${depth} levels deep; at most ${MAX_JSON_DEPTH} levels can be read`,
    );
  }
  return withinStack('JSON', () => {
    const flattened: string[] = [];
    const tables: string[] = [];
    flatten(value, '', flattened, tables);
    return [JSON.stringify(value, null, 2), flattened.join('\n'), ...tables].filter((part) => part !== '').join('\n\n');
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function scalarText(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : String(value);
}

function flatten(value: unknown, path: string, lines: string[], tables: string[]): void {
  if (Array.isArray(value)) {
    const table = tableOf(value);
    if (table) tables.push(`${path}:\n${alignTable(table).join('\n')}`);
    value.forEach((item, index) => {
      flatten(item, `${path}[${index}]`, lines, tables);
    });
  } else if (isPlainObject(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, path ? `${path}.${key}` : key, lines, tables);
  } else if (value !== null && value !== undefined && path !== '') {
    lines.push(`${path}: ${scalarText(value)}`);
  }
}

/** Header and rows when every item is an object of scalars; null otherwise. */
function tableOf(items: readonly unknown[]): string[][] | null {
  if (items.length === 0 || !items.every(isPlainObject)) return null;
  const objects = items as Record<string, unknown>[];
  if (objects.some((item) => Object.values(item).some((cell) => typeof cell === 'object' && cell !== null)))
    return null;
  const columns = [...new Set(objects.flatMap((item) => Object.keys(item)))];
  return [
    columns,
    ...objects.map((item) => columns.map((column) => (item[column] == null ? '' : scalarText(item[column])))),
  ];
}
