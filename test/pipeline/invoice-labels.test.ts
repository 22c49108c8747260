import t from 'tap';
import { extractData, INVOICE_SCHEMA, NAMED_LINES_SCHEMA } from './fixtures.js';

const extract = (text: string, properties: Record<string, unknown>) =>
  extractData(text, { type: 'object', properties });

/** The three totals of an invoice, as a user describes them. */
const INVOICE_TOTALS = {
  amount: { type: 'number', description: 'Total amount to pay, taxes included (grand total)' },
  amount_untaxed: { type: 'number', description: 'Total before tax (net amount, subtotal)' },
  amount_tax: { type: 'number', description: 'Total tax amount (VAT)' },
};

t.test('the buyer’s order reference under the labels invoices print for it', async (t) => {
  const order = { order_reference: { type: 'string', description: "Buyer's purchase order number" } };
  t.same(extract('Invoice No.   12\nYour order    PO-123', order), { order_reference: 'PO-123' });
  t.same(extract('Rechnungsnummer  12\nIhre Bestellung  4711', order), { order_reference: '4711' });
  t.same(extract('Bestellung      : 2019-583204', order), { order_reference: '2019-583204' });
  t.same(extract('Date de facture   02/03/2021\nVotre référence   CMD-88', order), { order_reference: 'CMD-88' });
  t.same(extract('Fattura n. 7\nNumero ordine: 5521', order), { order_reference: '5521' });
});

t.test('a party named after the label ("N° TVA client") and a role word ending a value’s label', async (t) => {
  const party = {
    type: 'object',
    properties: { name: { type: 'string' }, vat_id: { type: 'string', description: 'VAT identification number' } },
  };
  const invoice = [
    'Fromagerie Durand SARL - 3 rue des Lilas - 01990 Villebois',
    'TVA : FR00111222333',
    '',
    'Facture F-12',
    ' Date de facture         04/02/2021',
    ' N° TVA client           FR00999888777',
    ' Incoterms               FRANCO',
  ].join('\n');
  const data = extract(invoice, { seller: party, buyer: party });
  t.equal((data.buyer as Record<string, unknown>)?.vat_id, 'FR00999888777');
  t.not((data.buyer as Record<string, unknown>)?.name, 'Incoterms', 'the line under a value’s label is no party block');
  t.equal((data.seller as Record<string, unknown>)?.vat_id, 'FR00111222333');
});

t.test('line-item columns captioned Gesamt, Nettopreis, Nettobetrag', async (t) => {
  const items = { lineItems: INVOICE_SCHEMA.properties.lineItems };
  const table = [
    'Bezeichnung        Menge    Nettopreis    Gesamt',
    'Laptop             2        100,00        200,00',
  ];
  t.same(extract(table.join('\n'), items).lineItems, [
    { description: 'Laptop', quantity: 2, unitPrice: 100, amount: 200 },
  ]);
});

t.test('a label naming another invoice (the one a credit note corrects) is not this invoice’s', async (t) => {
  const invoice = [
    'FACTURE N° :   F2020-27',
    'Date :         16/01/2020',
    '',
    'N° DE FACTURE ASSOCIÉE :    F2020-03',
    'DATE DE FACTURE ASSOCIÉE :  28/11/2019',
  ].join('\n');
  const issue = { type: 'string', format: 'date', description: 'Invoice date' };
  t.same(extract(invoice, { issue_date: issue }), { issue_date: '2020-01-16' });
  const credit = ['Credit note no.: CN-4', 'Date: 2020-01-16', 'Preceding invoice date: 2019-11-28'].join('\n');
  t.same(extract(credit, { date: issue }), { date: '2020-01-16' });
  const preceding = { type: 'string', format: 'date', description: 'Date of the preceding invoice' };
  t.same(
    extract(credit, { preceding_invoice_date: preceding }),
    { preceding_invoice_date: '2019-11-28' },
    'when asked',
  );
});

t.test('a value right-aligned on the line under a label alone on its line', async (t) => {
  const invoice = [
    '      Brunnwerk GmbH                                           RECHNUNG',
    '                                                               Rechnungsnummer',
    '      81671 Haidorf                                                                     583214',
    '                                                               Rechnungsdatum',
    '      Deutschland                                                                    07.03.2013',
  ].join('\n');
  const schema = {
    invoice_number: { type: 'string', description: 'Invoice number' },
    issue_date: { type: 'string', format: 'date', description: 'Invoice date' },
  };
  t.same(extract(invoice, schema), { invoice_number: '583214', issue_date: '2013-03-07' });
  const receipt = ['       TOTAL', '', '              xkk RLL 4%', '      SUBTOTAL     $12.50'].join('\n');
  t.notOk(extract(receipt, { total: { type: 'number' } }).total === 4, 'not across a blank line');
});

t.test('numbers joined by a spaced slash are one invoice number', async (t) => {
  const number = { invoice_number: { type: 'string', description: 'Invoice number' } };
  t.same(extract('CREDIT NOTE\nInvoice No.      027415 / 31976\nInvoice date     17 Oct 2018', number), {
    invoice_number: '027415 / 31976',
  });
  t.same(extract('Invoice No.      027415 of 17 Oct 2018', number), { invoice_number: '027415' });
});

t.test('what is left to pay after a deposit, as French and English invoices label it', async (t) => {
  const totals = {
    total_gross: { type: 'number', description: 'Total amount including VAT' },
    amount_due: { type: 'number', description: 'Amount due for payment' },
  };
  const french = ['Total TTC        612,40 €', 'Acompte versé    150,00 €', 'Solde à payer    462,40 €'];
  t.same(extract(french.join('\n'), totals), { total_gross: 612.4, amount_due: 462.4 });
  const english = ['Total            612.40', 'Deposit paid     150.00', 'Balance owing    462.40'];
  t.same(extract(english.join('\n'), totals), { total_gross: 612.4, amount_due: 462.4 });
});

t.test('a total before tax is never the tax, and its figure is the net column of a totals row', async (t) => {
  const totals = INVOICE_TOTALS;
  const summary = [
    'Summary',
    '   Service charges        $6.27',
    '   Credits                $0.00',
    '   Tax *                  $0.00',
    'Total for this invoice    $6.27',
  ];
  t.same(extract(summary.join('\n'), totals), { amount: 6.27, amount_untaxed: 6.27, amount_tax: 0 });
  const columns = [
    '                  Montant EUR HT     Montant TVA     Montant EUR TTC',
    'Forfaits              15.00            3.00             18.00',
    'Options                4.99            1.00              5.99',
    'Total facture         19.99            4.00             23.99',
    'TVA 20% payée sur les encaissements    4.00',
  ];
  t.same(extract(columns.join('\n'), totals), { amount: 23.99, amount_untaxed: 19.99, amount_tax: 4 });
});

t.test('an IBAN wrapped in its narrow column is read from both lines when together they pass the check', async (t) => {
  const invoice = [
    'Invoice 2024-17',
    '',
    'Bank                 IBAN                        BIC',
    'Example Bank         DE89 3704 0044 0532          COBADEFFXXX',
    '                     0130 00',
    '',
    'Total: 120.00',
  ];
  const schema = { type: 'object', properties: { iban: { type: 'string' } } };
  t.same(extractData(invoice.join('\n'), schema), { iban: 'DE89370400440532013000' });
  // A line under it that does not complete a valid IBAN is not joined: the IBAN stays as printed.
  const other = invoice.map((line) => line.replace('0130 00', '7777 77'));
  t.same(extractData(other.join('\n'), schema), { iban: 'DE89370400440532' });
});

t.test(
  'totals labelled including or excluding VAT in German and Dutch, and what is left to pay after them',
  async (t) => {
    const totals = {
      total_net: { type: 'number', description: 'Total amount without VAT (tax basis)' },
      total_tax: { type: 'number', description: 'Total VAT amount' },
      total_gross: { type: 'number', description: 'Total amount including VAT' },
      amount_due: { type: 'number', description: 'Amount left to pay once prepayments are deducted' },
    };
    const german = ['Summe netto: 200,00 €', 'Zuzügl. USt: 38,00 €', '', 'Summe inkl. USt: 238,00 €'].join('\n');
    t.match(extract(german, totals), { total_net: 200, total_tax: 38, total_gross: 238 });
    const dutch = ['Totaal excl. btw   120,00', 'Btw 21%            25,20', 'Totaal incl. btw   145,20'].join('\n');
    t.match(extract(dutch, totals), { total_net: 120, total_gross: 145.2 });
    // What is left to pay equals the net (the buyer pays the tax to the state) and is printed
    // after the gross total: it is the amount due, not a subtotal the tax brings to that total.
    const split = [
      '        Nettobetrag      500,00 EUR',
      '        Umsatzsteuer     110,00 EUR',
      '        Bruttobetrag     610,00 EUR',
      '        Zahlbetrag       500,00 EUR',
    ].join('\n');
    t.match(extract(split, totals), { total_gross: 610, amount_due: 500 });
  },
);

t.test('German order-number labels: Auftragsnummer, Bestellnr.', async (t) => {
  const order = { order_reference: { type: 'string', description: "Buyer's purchase order number" } };
  t.same(extract('Rechnungsnummer: 12\nAuftragsnummer: A-9001', order), { order_reference: 'A-9001' });
  t.same(extract('Rechnungsnummer: 12\nBestellnr.: 77-12', order), { order_reference: '77-12' });
});

t.test('a row of captions printed under the row of their values', async (t) => {
  const header = {
    invoice_number: { type: 'string', description: 'Invoice number' },
    issue_date: { type: 'string', format: 'date', description: 'Invoice date' },
    customer_number: { type: 'string', description: 'Customer number' },
  };
  const invoice = [
    'Rechnung',
    '',
    '   ZX-3301          04.11.2022        KD-515',
    '   Rechnungsnummer  Rechnungsdatum    Kundennummer',
    '',
    'Wir berechnen Ihnen:',
  ].join('\n');
  t.same(extract(invoice, header), { invoice_number: 'ZX-3301', issue_date: '2022-11-04', customer_number: 'KD-515' });
  // A header row over its values keeps reading the values under it.
  const under = ['   Rechnungsnummer  Rechnungsdatum    Kundennummer', '   ZX-3301          04.11.2022        KD-515'];
  t.same(extract(under.join('\n'), header), {
    invoice_number: 'ZX-3301',
    issue_date: '2022-11-04',
    customer_number: 'KD-515',
  });
});

t.test('a party name wrapped over two lines, its label beside the second', async (t) => {
  const party = { type: 'object', properties: { name: { type: 'string', description: 'Company name' } } };
  const invoice = [
    'Lieferant',
    '   Nummer:        4410',
    '                  Nordhafen Kontor',
    '   Name:          Handelsgesellschaft Elbblick mbH',
    '   Anschrift:     Kaistr. 4',
  ].join('\n');
  t.same(extract(invoice, { seller: party }), {
    seller: { name: 'Nordhafen Kontor Handelsgesellschaft Elbblick mbH' },
  });
  const person = ['Kunde', '   Nummer:        77', '                  Frau', '   Name:          Erika Beispiel'];
  t.same(extract(person.join('\n'), { buyer: party }), { buyer: { name: 'Frau Erika Beispiel' } });
});

t.test('a credit note printing its amounts negative states them as magnitudes', async (t) => {
  const properties = {
    document_type: { type: 'string', enum: ['invoice', 'credit_note'] },
    total_net: { type: 'number', description: 'Total without VAT' },
    total_gross: { type: 'number', description: 'Total with VAT' },
  };
  const note = ['GUTSCHRIFT', 'Nr. G-17', '', 'Summe netto          -80,00 EUR', 'Gutschriftsbetrag    -95,20 EUR'];
  t.same(extract(note.join('\n'), properties), { document_type: 'credit_note', total_net: 80, total_gross: 95.2 });
  const invoice = ['RECHNUNG', 'Nr. R-17', '', 'Summe netto          -80,00 EUR', 'Gesamtbetrag         -95,20 EUR'];
  t.same(extract(invoice.join('\n'), properties), { document_type: 'invoice', total_net: -80, total_gross: -95.2 });
});

t.test('labels after a middle dot in a one-line footer', async (t) => {
  const properties = {
    seller: { type: 'object', properties: { vat_id: { type: 'string', description: 'VAT identification number' } } },
    iban: { type: 'string', description: 'IBAN' },
  };
  const footer = 'Rechnung R-4\n\nKontor Süd GmbH · USt-IdNr. DE111222333 · IBAN DE89370400440532013000';
  t.same(extract(footer, properties), { seller: { vat_id: 'DE111222333' }, iban: 'DE89370400440532013000' });
});

t.test('the recipient block under a letterhead block, without a sender line or heading', async (t) => {
  const party = {
    type: 'object',
    properties: {
      name: { type: 'string', description: 'Company name' },
      address: {
        type: 'object',
        properties: { street: { type: 'string' }, postcode: { type: 'string' }, city: { type: 'string' } },
      },
    },
  };
  const invoice = [
    'Kontor Süd GmbH',
    'Lindenallee 8',
    '70111 Bergstadt',
    '',
    'An',
    'Werkstatt Ost KG',
    'Feldweg 21',
    '04222 Talheim',
    '',
    'Rechnung Nr. R-4',
  ].join('\n');
  const data = extract(invoice, { seller: party, buyer: party });
  t.same(data.buyer, {
    name: 'Werkstatt Ost KG',
    address: { street: 'Feldweg 21', postcode: '04222', city: 'Talheim' },
  });
  t.same((data.seller as Record<string, unknown>)?.name, 'Kontor Süd GmbH');
});

t.test('a VAT number after a spaced dash in a letterhead line, and under "N° TVA"', async (t) => {
  const seller = {
    seller: { type: 'object', properties: { vat_id: { type: 'string', description: 'VAT identification number' } } },
  };
  const dashed = 'Facture F-9\n\nSIRET 555 000 111 00021 - TVA intracommunautaire FR55555000111';
  t.same(extract(dashed, seller), { seller: { vat_id: 'FR55555000111' } });
  t.same(extract('Facture F-9\n\nN° TVA FR55555000111', seller), { seller: { vat_id: 'FR55555000111' } });
});

t.test('the document number and date under Beleg-Nr / Beleg-Datum', async (t) => {
  const properties = {
    invoice_number: { type: 'string', description: 'Invoice number' },
    issue_date: { type: 'string', format: 'date', description: 'Invoice date' },
  };
  const header = 'Beleg-Nr      : KX-5521\nBeleg-Datum   : 02.02.2022';
  t.same(extract(header, properties), { invoice_number: 'KX-5521', issue_date: '2022-02-02' });
});

t.test('no currency printed: the currency of the country of the IBAN or VAT number', async (t) => {
  const currency = { currency: { type: 'string', enum: ['EUR', 'GBP', 'USD'], description: 'Currency code' } };
  t.same(extract('Factuur 12\nBTW-nummer: NL009988776B01\nTotaal 93,74', currency), { currency: 'EUR' });
  t.same(extract('Invoice 12\nIBAN GB82WEST12345698765432\nTotal 93.74', currency), { currency: 'GBP' });
  t.same(extract('Invoice 12\nTotal 93.74', currency), {}, 'nothing says which');
});

t.test('a tax rate after a VAT label is no VAT number', async (t) => {
  const vat = { vat: { type: 'string', description: 'VAT number (tax identification number) of the seller' } };
  t.same(extract('Faktura 7\nVAT 23%: 85,10 PLN', vat), {});
  t.same(
    extract(
      [
        'Facture 12',
        'Désignation                 Qté     P.U. HT      TVA      Total HT',
        'Bougie parfumée              4        6,50     7,5 %        26,00',
        'SIRET 498 765 432 00017 - TVA intracommunautaire FR 21 498765432',
      ].join('\n'),
      vat,
    ),
    { vat: 'FR 21 498765432' },
    'nor a rate under a VAT column, a space before its sign',
  );
});

t.test('Polish item columns and net total: Cena netto, Wartość netto, Razem netto', async (t) => {
  const properties = {
    amount_untaxed: { type: 'number', description: 'Total before tax (net amount, subtotal)' },
    lines: NAMED_LINES_SCHEMA,
  };
  const invoice = [
    'Lp. Nazwa              Ilość   Cena netto   Wartość netto',
    '1   Klej biurowy       4       3,00         12,00',
    '2   Zszywacz           1       21,50        21,50',
    '',
    'Razem netto: 33,50 PLN',
  ].join('\n');
  t.same(extract(invoice, properties), {
    amount_untaxed: 33.5,
    lines: [
      { name: 'Klej biurowy', qty: 4, price_unit: 3, price_subtotal: 12 },
      { name: 'Zszywacz', qty: 1, price_unit: 21.5, price_subtotal: 21.5 },
    ],
  });
});

t.test('an identifier after a number word keeps the number only; "N° de commande" labels the order', async (t) => {
  const number = { invoice_number: { type: 'string', description: 'Invoice number' } };
  t.same(extract('Invoice      No. 8812', number), { invoice_number: '8812' });
  const order = { order_reference: { type: 'string', description: "Buyer's purchase order number" } };
  t.same(extract('Facture F-3\nN° de commande : CMD-512', order), { order_reference: 'CMD-512' });
});

t.test('the Polish amount to pay (Do zapłaty) is the total, the table’s Razem its net', async (t) => {
  const invoice = [
    'Faktura VAT nr 17/2022',
    'Lp.  Nazwa towaru             Ilość   Cena netto   Wartość netto',
    '1    Papier ksero A4          6       14,00        84,00',
    '                              Razem:  84,00 zł    VAT: 19,32 zł    Brutto: 103,32 zł',
    'Do zapłaty: 103,32 zł',
  ].join('\n');
  t.same(extract(invoice, INVOICE_TOTALS), { amount: 103.32, amount_untaxed: 84, amount_tax: 19.32 });
});

t.test('the Indian total before tax: Taxable Value', async (t) => {
  const schema = {
    type: 'object',
    properties: { amount_untaxed: { type: 'number', description: 'Total before tax' } },
  };
  const invoice = ['TAX INVOICE', 'Taxable Value       6,570.00', 'CGST @ 6%             394.20'].join('\n');
  t.same(extractData(invoice, schema), { amount_untaxed: 6570 });
});
