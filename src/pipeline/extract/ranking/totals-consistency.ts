import type { Candidate, CandidateGenerator } from '../candidates/candidate.js';
import type { Leaf, LineSpan } from '../evidence.js';
import { type JsonObject, propertiesOf, valueType } from '../schema-fields.js';
import { profileOf } from './property-profile.js';

/**
 * Totals add up: net + tax = gross. When the three a schema asks for were read and do not add up,
 * the one the document prints elsewhere as the missing term wins: a tax equal to gross - net (the
 * "Tax total" line rather than one rate's row), else a gross equal to net + tax. A printed rounding
 * that brings net + tax to the gross is the missing term, and nothing is replaced.
 */

const TOLERANCE = 0.005;

type Role = 'subtotal' | 'tax_total' | 'grand_total';

function roleKeys(schema: JsonObject, generators: readonly CandidateGenerator[]): Map<Role, string> {
  const profiles = propertiesOf(schema)
    .filter(([, property]) => valueType(property) === 'number')
    .map(([key, property]) => ({ key, relations: profileOf(key, property, generators).relations }));
  const keys = new Map<Role, string>();
  const used = new Set<string>();
  // A property that asks for one role only is that role's; then the others, each key once.
  for (const exclusive of [true, false]) {
    for (const role of ['subtotal', 'tax_total', 'grand_total'] as const) {
      if (keys.has(role)) continue;
      const found = profiles.find(
        ({ key, relations }) => !used.has(key) && relations.has(role) && (!exclusive || relations.size === 1),
      );
      if (found) {
        keys.set(role, found.key);
        used.add(found.key);
      }
    }
  }
  return keys;
}

function near(a: number, b: number): boolean {
  return Math.abs(a - b) < TOLERANCE;
}

/** Replaces, in `data` and its evidence, a total that breaks net + tax = gross by the printed amount that restores it. */
export function reconcileTotals(
  data: Record<string, unknown>,
  schema: JsonObject,
  generators: readonly CandidateGenerator[],
  candidates: readonly Candidate[],
  leaves: Leaf[],
): void {
  const keys = roleKeys(schema, generators);
  const netKey = keys.get('subtotal');
  const taxKey = keys.get('tax_total');
  const grossKey = keys.get('grand_total');
  if (!netKey || !taxKey || !grossKey) return;
  const [net, tax, gross] = [data[netKey], data[taxKey], data[grossKey]];
  if (typeof net !== 'number' || typeof tax !== 'number' || typeof gross !== 'number') return;
  if (near(net + tax, gross)) return;
  // A rounding line printed between them ("Rounding Adj -0.01") is the term that makes them add up.
  const roundings = candidates.filter((candidate) => candidate.relations.includes('rounding'));
  if (roundings.some(({ value }) => typeof value === 'number' && value !== 0 && near(net + tax + value, gross))) return;
  // So is a tip or a service charge added to the bill ("Total 35.97" / "Tip 6.00" / "Total 41.97").
  const tips = candidates.filter((candidate) => candidate.relations.includes('tip'));
  if (tips.some(({ value }) => typeof value === 'number' && value > 0 && near(net + tax + value, gross))) return;
  // A net and a tax of nothing (a zero-rate row of a VAT summary read for them) say nothing of the total.
  if (net + tax <= 0) return;
  // Where the other terms were read: a gross is printed in a place of its own, not the net's
  // ("Subtotal: $310.00" is no total of 310 when tax is 0 and shipping follows).
  const at = (span: LineSpan | null | undefined) => (span ? `${span.line}:${span.start}` : '');
  const termPlaces = (key: string) =>
    new Set(leaves.filter((leaf) => leaf.path === `/${key}` && leaf.span).map((leaf) => at(leaf.span)));
  // (A tip or a service charge is never the tax or the gross, though it may be their difference.)
  const printed = (value: number, besides: ReadonlySet<string>) =>
    candidates.find(
      (candidate) =>
        candidate.kind === 'amount' &&
        typeof candidate.value === 'number' &&
        near(candidate.value, value) &&
        !candidate.relations.includes('tip') &&
        !besides.has(at(candidate.span)),
    );
  const fix = (key: string, value: number, besides: ReadonlySet<string>) => {
    const found = printed(value, besides);
    if (!found) return false;
    data[key] = Math.round(value * 100) / 100;
    const index = leaves.findIndex((leaf) => leaf.path === `/${key}`);
    const leaf: Leaf = { path: `/${key}`, confidence: 0.7, span: found.span };
    if (index >= 0) leaves[index] = leaf;
    else leaves.push(leaf);
    return true;
  };
  if (gross > net && fix(taxKey, gross - net, termPlaces(netKey))) return;
  if (gross > net && sumOfTaxLines(data, taxKey, gross - net, candidates, leaves)) return;
  fix(grossKey, net + tax, new Set([...termPlaces(netKey), ...termPlaces(taxKey)]));
}

/** Tax lines summed at most: a VAT summary prints one line per rate, seldom more than a few. */
const MAX_TAX_LINES = 5;

/**
 * The tax is the sum of the tax lines when no one line states it: one line per rate ("MwSt. 7 %"
 * and "MwSt. 19 %") or per authority ("CGST 2.5 %" and "SGST 2.5 %"). Of each line's tax amounts
 * (a line may print its base too, "7 % auf 387,00"), at most one counts, and two lines at least
 * must add up to gross - net.
 */
function sumOfTaxLines(
  data: Record<string, unknown>,
  taxKey: string,
  difference: number,
  candidates: readonly Candidate[],
  leaves: Leaf[],
): boolean {
  const byLine = new Map<number, Candidate[]>();
  for (const candidate of candidates) {
    if (candidate.kind !== 'amount' || typeof candidate.value !== 'number' || candidate.value <= 0) continue;
    if (!candidate.relations.includes('tax_total') || !candidate.span) continue;
    const line = byLine.get(candidate.span.line) ?? [];
    if (!line.some((other) => other.value === candidate.value)) line.push(candidate);
    byLine.set(candidate.span.line, line);
  }
  const lines = [...byLine.values()];
  if (lines.length < 2 || lines.length > MAX_TAX_LINES) return false;
  let found: Candidate[] | null = null;
  const search = (index: number, chosen: Candidate[], sum: number) => {
    if (found || sum > difference + TOLERANCE) return;
    if (index === lines.length) {
      if (chosen.length >= 2 && near(sum, difference)) found = chosen;
      return;
    }
    for (const candidate of lines[index] ?? [])
      search(index + 1, [...chosen, candidate], sum + (candidate.value as number));
    search(index + 1, chosen, sum);
  };
  search(0, [], 0);
  const first = (found as Candidate[] | null)?.[0];
  if (!first) return false;
  data[taxKey] = Math.round(difference * 100) / 100;
  const index = leaves.findIndex((leaf) => leaf.path === `/${taxKey}`);
  const leaf: Leaf = { path: `/${taxKey}`, confidence: 0.6, span: first.span };
  if (index >= 0) leaves[index] = leaf;
  else leaves.push(leaf);
  return true;
}
