import t from 'tap';
import { registeredNumbers } from '../../../src/pipeline/extract/candidates/registered-numbers.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';

const numbers = (text: string) =>
  registeredNumbers.generate(buildDocumentModel(text)).map((c) => [c.relations[0], c.value]);

t.test('a registered charity number after its label, in its forms', async (t) => {
  t.same(numbers('Registered Charity Number 1132766'), [['charity_number', '1132766']]);
  t.same(numbers('Charity No. 1090595 | www.example.org'), [['charity_number', '1090595']]);
  t.same(numbers('Charity number                  519332'), [['charity_number', '519332']]);
  t.same(numbers('Regd. Charity No: 250030'), [['charity_number', '250030']]);
});

t.test('in prose, and wrapped onto the next line', async (t) => {
  t.same(numbers('It is a registered charity, no. 1142830, and its constitution'), [['charity_number', '1142830']]);
  t.same(numbers('The Trust (registered charity\nnumber 1039369) was founded'), [['charity_number', '1039369']]);
});

t.test('a company number is told apart from the charity number', async (t) => {
  t.same(numbers('Company number 06999163   Charity number 1132766'), [
    ['charity_number', '1132766'],
    ['company_number', '06999163'],
  ]);
  t.same(numbers('Company registration number: SC012345'), [['company_number', 'SC012345']]);
});

t.test('figures that are not a register number are not proposed', async (t) => {
  t.same(numbers('Charity number of staff: 12'), []);
  t.same(numbers('Total charity income 25,000'), []);
});

t.test('the register named in prose, its number in parentheses', async (t) => {
  t.same(numbers('CITB is registered as a charity in England and Wales (Reg No 264289) and in Scotland.'), [
    ['charity_number', '264289'],
  ]);
  t.same(numbers('The Trust is a registered charity in Scotland (SC044875).'), [['charity_number', 'SC044875']]);
  t.same(numbers('It has been a registered charity in England since 1998 (12 staff).'), []);
});
