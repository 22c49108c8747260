import { Document, Packer, PageBreak, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import t from 'tap';
import { convertDocument } from '../../src/pipeline/convert/convert.js';
import { DOCX_TYPE } from '../../src/pipeline/convert/detect-format.js';
import { source } from './fixtures.js';

function row(cells: readonly string[]): TableRow {
  return new TableRow({ children: cells.map((text) => new TableCell({ children: [new Paragraph(text)] })) });
}

/** A Word contract: a title, label/value paragraphs, a table, and a second page after a page break. */
function contractDocx(): Promise<Buffer> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun({ text: 'Service Agreement', bold: true })] }),
          new Paragraph('Contract Number: SA-2024-118'),
          new Paragraph('Effective Date: 1 March 2024'),
          new Table({
            rows: [
              row(['Item', 'Quantity', 'Price']),
              row(['Hosting', '12', '49.00']),
              row(['Support', '1', '300.00']),
            ],
          }),
          new Paragraph({ children: [new PageBreak()] }),
          new Paragraph('Signed: Jane Roe'),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

t.test('a DOCX keeps its paragraphs and lays its tables out in aligned columns', async (t) => {
  const document = await convertDocument(source(await contractDocx()));
  t.equal(document.format, 'docx');
  t.equal(document.contentType, DOCX_TYPE);
  const [first = ''] = document.pages;
  t.match(first, /Service Agreement/);
  t.match(first, /^Contract Number: SA-2024-118$/m);
  t.match(first, /^Effective Date: 1 March 2024$/m);
  const table = first.split('\n').filter((line) => /^(Item|Hosting|Support)\b/.test(line));
  t.equal(table.length, 3, first);
  t.match(table[1], /^Hosting {3,}12 {3,}49\.00$/);
  // Columns line up: each row's price starts where the header's does.
  t.equal(table[1]?.indexOf('49.00'), table[0]?.indexOf('Price'));
});

t.test('an explicit page break starts a new page', async (t) => {
  const document = await convertDocument(source(await contractDocx(), DOCX_TYPE, 'contract.docx'));
  t.equal(document.pages.length, 2);
  t.match(document.pages[1], /Signed: Jane Roe/);
  t.notMatch(document.pages[0], /Signed/);
});
