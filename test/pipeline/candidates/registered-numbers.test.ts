import t from 'tap';
import { registeredNumbers } from '../../../src/pipeline/extract/candidates/registered-numbers.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';

const numbers = (text: string) =>
  registeredNumbers.generate(buildDocumentModel(text)).map((c) => [c.relations[0], c.value]);

t.test('a registered charity number after its label, in its forms', async (t) => {
  t.same(numbers('Registered Charity Number 1187342'), [['charity_number', '1187342']]);
  t.same(numbers('Charity No. 1104286 | www.example.org'), [['charity_number', '1104286']]);
  t.same(numbers('Charity number                  508714'), [['charity_number', '508714']]);
  t.same(numbers('Regd. Charity No: 263108'), [['charity_number', '263108']]);
});

t.test('in prose, and wrapped onto the next line', async (t) => {
  t.same(numbers('It is a registered charity, no. 1159027, and its objects'), [['charity_number', '1159027']]);
  t.same(numbers('The Trust (registered charity\nnumber 1046815) was founded'), [['charity_number', '1046815']]);
});

t.test('a company number is told apart from the charity number', async (t) => {
  t.same(numbers('Company number 07412958   Charity number 1187342'), [
    ['charity_number', '1187342'],
    ['company_number', '07412958'],
  ]);
  t.same(numbers('Company registration number: SC012345'), [['company_number', 'SC012345']]);
});

t.test('figures that are not a register number are not proposed', async (t) => {
  t.same(numbers('Charity number of staff: 12'), []);
  t.same(numbers('Total charity income 25,000'), []);
});

t.test('the register named in prose, its number in parentheses', async (t) => {
  t.same(numbers('HBTA is registered as a charity in England and Wales (Reg No 271936) and in Scotland.'), [
    ['charity_number', '271936'],
  ]);
  t.same(numbers('The Trust is a registered charity in Scotland (SC047213).'), [['charity_number', 'SC047213']]);
  t.same(numbers('It has been a registered charity in England since 1998 (12 staff).'), []);
});
