import t from 'tap';
import { amountsGenerator, roleOf } from '../../../src/pipeline/extract/candidates/amounts.js';
import type { Candidate } from '../../../src/pipeline/extract/candidates/candidate.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';
import { cpuMillis } from '../../helpers/cpu-time.js';

function amounts(text: string): Candidate[] {
  return amountsGenerator.generate(buildDocumentModel(text));
}

function withRelation(candidates: readonly Candidate[], relation: string): unknown[] {
  return candidates.filter((candidate) => candidate.relations.includes(relation)).map((candidate) => candidate.value);
}

t.test('the label says the role; the more specific phrase wins over a plain "total"', async (t) => {
  t.equal(roleOf('TOTAL :'), 'grand_total');
  t.equal(roleOf('Grand Total'), 'grand_total');
  t.equal(roleOf('Total after rounding'), 'grand_total');
  t.equal(roleOf('TOTAL INCLUSIVE GST:'), 'grand_total');
  t.equal(roleOf('Balance due'), 'grand_total');
  t.equal(roleOf('Sub Total'), 'subtotal');
  t.equal(roleOf('TOTAL SALES (EXCLUDING GST)'), 'subtotal');
  t.equal(roleOf('TOTAL GST @6%'), 'tax_total');
  t.equal(roleOf('Rounding Adj'), 'rounding');
  t.equal(roleOf('CASH TENDERED'), 'tendered');
  t.equal(roleOf('CHANGE DUE'), 'change');
  t.equal(roleOf('TOTAL QTY'), 'item_count');
  t.equal(roleOf('Savings total'), 'discount');
  t.equal(roleOf('1 GRILLED SALMON'), null);
});

t.test('a total on the line after its label, past a currency line: "TOTAL :" / "RM" / "39.80"', async (t) => {
  const found = amounts(
    ['ITEM   QTY   TOTAL', 'A4 PAPER   2   12.00', 'TOTAL :', 'RM', '39.80', 'CASH :', '50.00'].join('\n'),
  );
  t.same(withRelation(found, 'grand_total'), [39.8]);
  t.same(withRelation(found, 'tendered'), [50]);
  const total = found.find((candidate) => candidate.relations.includes('grand_total'));
  t.equal(total?.layout, 'below');
  t.same(total?.span, { line: 4, start: 0, endLine: 4, end: 5 });
});

t.test('thousands grouped by one space, as French and Nordic invoices print them', async (t) => {
  const found = amounts(
    [
      'Total HT              52 400,00 HUF',
      'TVA                   14 148,00 HUF',
      'Total TTC             66 548,00 HUF',
    ].join('\n'),
  );
  t.same(withRelation(found, 'subtotal'), [52400]);
  t.same(withRelation(found, 'tax_total'), [14148]);
  t.same(withRelation(found, 'grand_total'), [66548]);
  // Columns are set apart by two spaces or more: a count beside an amount stays a count.
  t.same(withRelation(amounts('TOTAL   2   150,00'), 'grand_total'), [150]);
});

t.test('a currency code inside a label says nothing of its role', async (t) => {
  t.equal(roleOf('Montant EUR HT'), 'subtotal');
  t.equal(roleOf('Montant EUR TTC'), 'grand_total');
  t.equal(roleOf('Total USD'), 'grand_total');
});

t.test('a totals row under captioned columns: each figure takes its column caption’s role', async (t) => {
  const found = amounts(
    [
      '                  Montant EUR HT     Montant TVA     Montant EUR TTC',
      'Forfaits              15.00            3.00             18.00',
      'Options                4.99            1.00              5.99',
      'Total facture         19.99            4.00             23.99',
    ].join('\n'),
  );
  const onTotalsRow = (relation: string) =>
    found
      .filter((candidate) => candidate.span?.line === 3 && candidate.relations.includes(relation))
      .map((candidate) => candidate.value);
  t.same(onTotalsRow('subtotal'), [19.99]);
  t.same(onTotalsRow('tax_total'), [4]);
  t.same(onTotalsRow('grand_total'), [23.99]);
});

t.test('the sum row of a summary table: unlabelled figures apart from the rows they add up', async (t) => {
  const found = amounts(
    [
      '  Goods   Freight        Nettobetrag    MwSt-Betrag     Endbetrag',
      '  -4,00    0,10             -3,90          -0,74          -4,64',
      '  -2,00    0,05             -1,95          -0,14          -2,09',
      '',
      '  -6,00    0,15             -5,85          -0,88   EUR    -6,73',
    ].join('\n'),
  );
  const onSumRow = (relation: string) =>
    found
      .filter((candidate) => candidate.span?.line === 4 && candidate.relations.includes(relation))
      .map((candidate) => candidate.value);
  t.same(onSumRow('subtotal'), [-5.85]);
  t.same(onSumRow('tax_total'), [-0.88]);
  t.same(onSumRow('grand_total'), [-6.73]);
  t.same(
    found.filter((candidate) => candidate.span?.line === 4 && [-6, 0.15].includes(candidate.value as number)),
    [],
    'figures under columns without a total’s caption are left out',
  );
  const joined = amounts(
    [
      '  Nettobetrag    MwSt-Betrag     Endbetrag',
      '     -3,90          -0,74          -4,64',
      '     -1,95          -0,14          -2,09',
    ].join('\n'),
  );
  t.same(
    joined.filter((candidate) => candidate.span?.line === 2),
    [],
    'a row right under another is one more row, not their sum',
  );
});

t.test('a discount amount beside a VAT rate is the discount: its own label is nearest', async (t) => {
  t.equal(roleOf('Rabattbetrag'), 'discount');
  t.equal(roleOf('Endbetrag'), 'grand_total');
});

t.test('a TOTAL column header over item lines is no total; item counts are not amounts', async (t) => {
  const found = amounts(['CODE    DESCRIPTION    TOTAL', 'X100    GLUE STICK      4.50', 'TOTAL QTY: 3.00'].join('\n'));
  t.same(withRelation(found, 'grand_total'), []);
  t.same(found.length, 0);
});

t.test('subtotal + tax = total and tendered - change = total support the total', async (t) => {
  const found = amounts(
    [
      'Subtotal        20.00',
      'GST 6%           1.20',
      'Total           21.20',
      'Cash            50.00',
      'Change          28.80',
    ].join('\n'),
  );
  const total = found.find((candidate) => candidate.relations.includes('grand_total'));
  t.equal(total?.value, 21.2);
  t.ok(total?.relations.includes('arithmetic_consistent'));
  t.ok((total?.support ?? 0) >= 0.5);
  t.same(withRelation(found, 'subtotal'), [20]);
  t.same(withRelation(found, 'tax_total'), [1.2]);
  t.same(withRelation(found, 'change'), [28.8]);
});

t.test('the amount before rounding is not the grand total; the rounded one is', async (t) => {
  const found = amounts(
    [
      'Total Incl GST      41.53',
      'Rounding Adj        0.02',
      'Total After Rounding   41.55',
      'Cash   50.00',
      'Change  8.45',
    ].join('\n'),
  );
  t.same(withRelation(found, 'grand_total'), [41.55]);
  t.same(withRelation(found, 'pre_rounding_total'), [41.53]);
  t.same(withRelation(found, 'rounding'), [0.02]);
  const before = found.find((candidate) => candidate.relations.includes('pre_rounding_total'));
  t.equal(before?.conflict, 1, 'the rounding line is evidence against it as the total, whatever its label');
});

t.test('amounts after one label share it, the last most surely; negative amounts keep their sign', async (t) => {
  const found = amounts(['GST @6%      17.40      1.04', 'Rounding     -0.02'].join('\n'));
  const taxes = found.filter((candidate) => candidate.relations.includes('tax_total'));
  t.same(
    taxes.map((candidate) => candidate.value),
    [17.4, 1.04],
  );
  t.ok((taxes[1]?.kindConfidence ?? 0) > (taxes[0]?.kindConfidence ?? 0));
  t.same(withRelation(found, 'rounding'), [-0.02]);
});

t.test('a long document stays fast', async (t) => {
  const text = Array.from({ length: 10_000 }, (_, index) => `ITEM ${index}    ${index}.50`).join('\n');
  const model = buildDocumentModel(`${text}\nTOTAL 12.00`);
  const { value: found, millis } = cpuMillis(() => amountsGenerator.generate(model));
  t.ok(millis < 5000, `linear: 10,000 lines took ${millis.toFixed(0)} ms of CPU`);
  t.same(withRelation(found, 'grand_total'), [12]);
});

t.test('a net total that the tax brings to another total is the subtotal', async (t) => {
  const found = amounts(['Net total 100,00', 'VAT 19,00', 'Gross total 119,00'].join('\n'));
  t.same(withRelation(found, 'subtotal'), [100]);
  t.same(withRelation(found, 'grand_total'), [119]);
  t.same(withRelation(amounts('NETT TOTAL  39.80\nCASH  50.00\nCHANGE  10.20'), 'grand_total'), [39.8]);
});

t.test('a total label OCR misspelt by one letter is still the total, less surely', async (t) => {
  const found = amounts(['SUBTOTAL   31.00', 'TAX   2.70', 'TOTAI   $33.70'].join('\n'));
  const total = found.find((candidate) => candidate.relations.includes('grand_total'));
  t.equal(total?.value, 33.7);
  t.ok((total?.kindConfidence ?? 1) < 0.8);
  t.same(withRelation(amounts('TOTEM POLE   12.00'), 'grand_total'), [], 'a word two letters away is not the label');
});

t.test('with no total printed and no change given, the amount paid is the total', async (t) => {
  t.same(withRelation(amounts(['Coffee   3.50', 'Muffin   2.87', 'VISA   6.37'].join('\n')), 'grand_total'), [6.37]);
  t.same(
    withRelation(amounts(['Coffee   3.50', 'Cash Tendered   10.00'].join('\n')), 'grand_total'),
    [],
    'round cash handed over was likely more than the total',
  );
  t.same(
    withRelation(amounts(['TOTAL   5.74', 'VISA   5.74'].join('\n')), 'grand_total'),
    [5.74],
    'a printed total is the only total',
  );
});

t.test('a figure followed by "%" is a rate, not an amount', async (t) => {
  t.same(withRelation(amounts('Total Staff Costs   187   £31,592.00   100.00%'), 'grand_total'), [31592]);
});

t.test('with no total printed, the amount the cash less the change equals is the total', async (t) => {
  const found = amounts(
    ['SUB TOTAL   8.49', 'GST 6%   0.51', 'Net Amount   9.00', 'CASH   10.00', 'CHANGE   1.00'].join('\n'),
  );
  t.same(withRelation(found, 'grand_total'), [9]);
});

t.test('a row of total labels over a row of their amounts, a sentence between', async (t) => {
  const found = amounts(
    [
      '                                          TOTAL HT        TOTAL TVA         TOTAL TTC',
      'Tout retard de paiement engendre une pénalité exigible à compter de la date',
      'Merci de rappeler le numéro de facture.    100,00           10,00               110,00',
    ].join('\n'),
  );
  t.same(withRelation(found, 'subtotal'), [100]);
  t.same(withRelation(found, 'tax_total'), [10]);
  t.same(withRelation(found, 'grand_total'), [110]);
});

t.test('the amount due is the total labelled as due when a deposit was paid, else the total', async (t) => {
  const deposit = amounts(
    [
      'Rechnungssumme ohne USt.   210,00',
      'Bruttosumme   249,90',
      'Erhaltene Anzahlungen   60,00',
      'Zahlbetrag   189,90',
    ].join('\n'),
  );
  t.same(withRelation(deposit, 'amount_due'), [189.9]);
  const due = deposit.find((candidate) => candidate.value === 189.9);
  t.equal(due?.conflict, 0, 'below the subtotal, after the deposit, is no evidence against it');
  t.same(withRelation(amounts('Subtotal 10.00\nTax 1.00\nTotal 11.00'), 'amount_due'), [11]);
});

t.test('a decimal point OCR spaced or read as a space still makes an amount with cents', async (t) => {
  t.same(withRelation(amounts('Total:   $13 45'), 'grand_total'), [13.45]);
  t.same(withRelation(amounts('SUBTOTAL        46. 30'), 'subtotal'), [46.3]);
  t.same(withRelation(amounts('TOTAL   $46 .30'), 'grand_total'), [46.3]);
  t.equal(amounts('Total:   $13 45')[0]?.raw, '$13.45', 'the figure as it should read, for a string');
  t.same(withRelation(amounts('TOTAL 2 15.00'), 'grand_total'), [15], 'a count before an amount is not its cents');
  t.same(withRelation(amounts('Tel 417 3 862 5504\nTOTAL 12.00'), 'grand_total'), [12]);
});

t.test('no change given back: the payment is the total; "Due" alone labels it', async (t) => {
  const found = amounts(
    [
      'Price               Total',
      'WASHER   684.50   684.50',
      'EFTPOS        684.50',
      'Change   0.00',
      'TOTAL SAVINGS   $215.50',
    ].join('\n'),
  );
  t.same(withRelation(found, 'grand_total'), [684.5]);
  t.same(withRelation(found, 'discount'), [215.5]);
  const changed = amounts(['VISA   50.00', 'Change   4.20'].join('\n'));
  t.same(withRelation(changed, 'grand_total'), [], 'with change given back the payment was more than the total');
  t.same(withRelation(amounts('Due: — 305.00'), 'grand_total'), [305]);
});

t.test('a one-cent rounding still makes the amount before it the pre-rounding total', async (t) => {
  const found = amounts(
    [
      'SubTotal: 28.40',
      'Svc Chg 10%: 2.84',
      'GST 6%: 1.87',
      'Total: 33.11',
      'Rounding: -0.01',
      'Grand Total: 33.10',
    ].join('\n'),
  );
  t.same(withRelation(found, 'grand_total'), [33.1]);
  t.same(withRelation(found, 'pre_rounding_total'), [33.11]);
});

t.test('a count of goods in the total’s label; a subtotal that adds the tax to another is the total', async (t) => {
  t.same(withRelation(amounts('Total (1 item) 23.80'), 'grand_total'), [23.8]);
  t.same(withRelation(amounts('TOTAL 2 ITEM(S) 4.00'), 'grand_total'), [4]);
  t.same(withRelation(amounts('TOTAL QTY: 3.00'), 'grand_total'), [], 'a count alone is still no amount');
  const net = amounts(['Sub Total 22.45', 'GST 6% 1.35', 'Net Amount 23.80'].join('\n'));
  t.same(withRelation(net, 'grand_total'), [23.8]);
});

t.test('a total label OCR printed with a digit for a letter ("T0TAL", "SUBT0TAL") keeps its role', async (t) => {
  const found = amounts(['SUBT0TAL :', '15.00', 'T0TAL :', '17.00', 'CASH :', '20.00', 'CHANGE:', '3.00'].join('\n'));
  t.same(withRelation(found, 'subtotal'), [15]);
  t.same(withRelation(found, 'grand_total'), [17]);
  t.equal(roleOf('1 GRILLED SALM0N'), null, 'an item with a digit in a word names no role');
});

t.test('an amount whose label OCR garbled is the total when the subtotal and tax add up to it', async (t) => {
  const found = amounts(
    [
      ' LEMONADE             $3.50',
      ' VEGGIE WRAP          $9.00',
      ' TOTAL',
      '',
      ' xkk RLL 6%',
      ' SUBTOTAL            $12.50',
      ' TAX1 AMT             $0.75',
      ' TE Ele              $13.25',
    ].join('\n'),
  );
  t.same(withRelation(found, 'grand_total'), [13.25]);
  const items = amounts([' COFFEE     2.50', ' BAGEL      3.00', ' SUBTOTAL   5.50', ' TAX        0.50'].join('\n'));
  t.same(withRelation(items, 'grand_total'), [], 'no item price is taken for a sum it does not make');
});

t.test('an unlabelled amount just above the change is the cash handed over', async (t) => {
  const found = amounts(
    [' SUBTOTAL     220', '              2.20', ' HS          10.00', ' CHANGE DUE   7.80'].join('\n'),
  );
  t.same(withRelation(found, 'tendered'), [10]);
  t.same(withRelation(found, 'grand_total'), [2.2], 'the cash less the change is the subtotal: the total');
  const vertical = amounts(['SUB TOTAL', '6.60', 'ii 8', '10.00', 'CHANGE', '3.40'].join('\n'));
  t.same(withRelation(vertical, 'tendered'), [10], 'past the change label standing alone over its figure');
});

t.test('total and payment words of other languages and of card slips', async (t) => {
  t.equal(roleOf('Totaal:'), 'grand_total', 'Dutch');
  t.equal(roleOf('Te betalen'), 'grand_total', 'Dutch');
  t.equal(roleOf('Saldo'), 'grand_total', 'German, Dutch, Spanish: the balance');
  t.equal(roleOf('Bar'), 'tendered', 'German: cash');
  t.equal(roleOf('SALE  AUD'), 'tendered', 'a card slip’s charge');
  t.equal(roleOf('TOTAL SALES'), 'grand_total', 'sales are not a card slip’s sale');
  const slip = amounts(['CARD EFTPOS', 'CUSTOMER COPY', 'SALE    AUD     $46.30', 'APPROVED   00'].join('\n'));
  t.same(withRelation(slip, 'grand_total'), [46.3], 'with no total printed, the card’s charge is the total');
  const german = amounts(['Bruschetta Mista     € 7,50', 'Bar                  € 27,90'].join('\n'));
  t.same(withRelation(german, 'grand_total'), [27.9], 'cash to the cent with no change: the total');
});

t.test('a label whose value is an identifier names no figure further on its line', async (t) => {
  const footer = amounts('VAT: FR12345678901 - Reg. 12345678900017 - share capital 120 000,00 €');
  t.same(withRelation(footer, 'tax_total'), [], 'the VAT number is the VAT label’s value');
  // A rate or a date before the figure is no identifier: the label still names it.
  t.same(withRelation(amounts('19,00% VAT:     412,60     78,39'), 'tax_total'), [412.6, 78.39]);
  t.same(withRelation(amounts('Total due 12/03/2024     Total   84.00'), 'grand_total'), [84]);
});
