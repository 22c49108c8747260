import { PARTY_ROLE_LABELS } from '../lexicon/contract-words.js';
import { escapeRegExp } from '../lexicon/escape-regexp.js';
import type { DocumentModel } from '../model/document-model.js';
import type { Candidate } from './candidate.js';
import { cellUnder, partiesListCandidate } from './parties-list.js';

/**
 * Parties named under their roles' labels ("Disclosing Party: Acme Ltd" / "Receiving Party: Beta
 * LLC"), as forms and short agreements print them: two or more roles naming different parties.
 */

/** Parties are labelled in an agreement's first lines. */
const SEARCH_LINES = 150;
const ROLE_LABEL = new RegExp(
  `^\\s*(?:name\\s+of\\s+)?(?:the\\s+)?(?:${[...PARTY_ROLE_LABELS]
    .sort((a, b) => b.length - a.length)
    .map((label) => escapeRegExp(label).replace(/ /g, '\\s+'))
    .join('|')})(?:\\s+name)?\\s*:\\s*(.*)$`,
  'i',
);

const ROLE_HEADER = new RegExp(
  `^\\s*(?:the\\s+)?(?:${[...PARTY_ROLE_LABELS]
    .sort((a, b) => b.length - a.length)
    .map((label) => escapeRegExp(label).replace(/ /g, '\\s+'))
    .join('|')})\\s*:?\\s*$`,
  'i',
);

/**
 * Roles printed as the headers of side-by-side columns ("Disclosing Party      Receiving Party"),
 * each party's name on the next line under its header.
 */
function columnParties(model: DocumentModel, nameOf: (text: string) => string | null): Candidate[] {
  const limit = Math.min(model.lines.length, SEARCH_LINES);
  for (let index = 0; index < limit; index++) {
    const cells = model.lines[index]?.cells ?? [];
    if (cells.length < 2 || !cells.every((cell) => ROLE_HEADER.test(cell.text))) continue;
    const under = cells.map((header) => cellUnder(model, index, header.start));
    const names = under.flatMap(({ cell }) => {
      const name = cell ? nameOf(cell.text) : null;
      return name ? [name] : [];
    });
    const last = under[0]?.line ?? index;
    if (names.length === cells.length) return partiesListCandidate(model, names, { first: index, last }, 0.85, 'below');
  }
  return [];
}

/** The candidate of labelled parties; `nameOf` reads a party's name from the text after its label. */
export function labelledPartiesCandidate(model: DocumentModel, nameOf: (text: string) => string | null): Candidate[] {
  const names: string[] = [];
  let first = -1;
  let last = -1;
  const limit = Math.min(model.lines.length, SEARCH_LINES);
  for (let index = 0; index < limit; index++) {
    const line = model.lines[index];
    const label = ROLE_LABEL.exec(line?.text ?? '');
    // A table's row: the role alone in its first cell, the name in the next ("Supplier      Acme Ltd (company number 123)").
    const cells = line?.cells ?? [];
    const row =
      !label && cells.length >= 2 && ROLE_HEADER.test(cells[0]?.text ?? '') && !ROLE_HEADER.test(cells[1]?.text ?? '')
        ? (cells[1]?.text ?? '')
        : null;
    if (!label && row === null) continue;
    // The name beside the label, or on the next line when the label stands alone.
    let valueLine = index;
    let value = (label?.[1] ?? row ?? '').trim();
    if (value === '') {
      valueLine = index + 1;
      value = model.lines[valueLine]?.text.trim() ?? '';
    }
    const name = nameOf(value);
    if (!name || names.some((known) => known.toLowerCase() === name.toLowerCase())) continue;
    names.push(name);
    if (first < 0) first = index;
    last = valueLine;
  }
  const labelled = partiesListCandidate(model, names, { first: first, last: last }, 0.85, 'same-line');
  return labelled.length > 0 ? labelled : columnParties(model, nameOf);
}
