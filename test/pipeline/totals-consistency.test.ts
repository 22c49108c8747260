import t from 'tap';
import type { Candidate } from '../../src/pipeline/extract/candidates/candidate.js';
import { GENERATORS } from '../../src/pipeline/extract/candidates/generators.js';
import type { Leaf } from '../../src/pipeline/extract/evidence.js';
import { reconcileTotals } from '../../src/pipeline/extract/ranking/totals-consistency.js';

const schema = {
  type: 'object',
  properties: {
    total_net: { type: 'number', description: 'Total amount without VAT (tax basis)' },
    total_tax: { type: 'number', description: 'Total VAT amount' },
    total_gross: { type: 'number', description: 'Total amount including VAT' },
  },
};

function amount(value: number, line: number): Candidate {
  return {
    kind: 'amount',
    value,
    raw: String(value),
    span: { line, start: 0, endLine: line, end: 5 },
    kindConfidence: 0.8,
    layout: 'same-line',
    relations: [],
    labelWords: [],
  };
}

t.test('a tax that breaks net + tax = gross gives way to the printed amount that restores it', async (t) => {
  const data: Record<string, unknown> = { total_net: 496, total_tax: 11.2, total_gross: 571.04 };
  const leaves: Leaf[] = [{ path: '/total_tax', confidence: 0.8, span: { line: 3, start: 0, endLine: 3, end: 5 } }];
  reconcileTotals(data, schema, GENERATORS, [amount(11.2, 3), amount(75.04, 5)], leaves);
  t.equal(data.total_tax, 75.04);
  t.equal(leaves[0]?.span?.line, 5, 'the evidence follows the value');
});

t.test('totals that add up, or a missing term never printed, are left alone', async (t) => {
  const right: Record<string, unknown> = { total_net: 100, total_tax: 10, total_gross: 110 };
  reconcileTotals(right, schema, GENERATORS, [amount(1, 0)], []);
  t.same(right, { total_net: 100, total_tax: 10, total_gross: 110 });
  const unprinted: Record<string, unknown> = { total_net: 100, total_tax: 19, total_gross: 110 };
  reconcileTotals(unprinted, schema, GENERATORS, [amount(5, 0)], []);
  t.same(unprinted, { total_net: 100, total_tax: 19, total_gross: 110 });
});

t.test('a gross is not replaced by the amount the net was read from (tax 0, a charge between)', async (t) => {
  // "Subtotal: $310.00" / "Tax: $0.00" / "Shipping: $15.00" / "Amount Due: $325.00"
  const data: Record<string, unknown> = { total_net: 310, total_tax: 0, total_gross: 325 };
  const leaves: Leaf[] = [
    { path: '/total_net', confidence: 0.8, span: { line: 1, start: 0, endLine: 1, end: 5 } },
    { path: '/total_tax', confidence: 0.8, span: { line: 2, start: 0, endLine: 2, end: 5 } },
    { path: '/total_gross', confidence: 0.8, span: { line: 4, start: 0, endLine: 4, end: 5 } },
  ];
  reconcileTotals(data, schema, GENERATORS, [amount(310, 1), amount(0, 2), amount(325, 4)], leaves);
  t.same(data, { total_net: 310, total_tax: 0, total_gross: 325 });
  // Printed in a place of its own, the same amount does restore the sum.
  reconcileTotals(data, schema, GENERATORS, [amount(310, 1), amount(0, 2), amount(310, 3)], leaves);
  t.equal(data.total_gross, 310);
});

t.test('a net and a tax of nothing (a zero-rate row read for them) do not replace the total', async (t) => {
  const data: Record<string, unknown> = { total_net: 0, total_tax: 0, total_gross: 99.33 };
  reconcileTotals(data, schema, GENERATORS, [amount(0, 2), amount(99.33, 1)], []);
  t.same(data, { total_net: 0, total_tax: 0, total_gross: 99.33 }, 'nor the tax by the whole total');
});

t.test('a tip printed between the total before it and the total paid is the missing term', async (t) => {
  // "Subtotal 33.00" / "Tax 2.97" / "Total 35.97" / "Tip 6.00" / "Total 41.97": the total paid stays.
  const data: Record<string, unknown> = { total_net: 33, total_tax: 2.97, total_gross: 41.97 };
  const tip = { ...amount(6, 4), relations: ['tip'] };
  reconcileTotals(
    data,
    schema,
    GENERATORS,
    [amount(33, 1), amount(2.97, 2), amount(35.97, 3), tip, amount(41.97, 5)],
    [],
  );
  t.equal(data.total_gross, 41.97);
});
