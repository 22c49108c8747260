import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CandidateType } from '../../src/pipeline/types.js';
import { INVOICE_SCHEMA } from './invoice-schema.js';

/** The document types of the identification set, as an organisation would configure them. */

const text = (description: string) => ({ type: 'string', description });
const amount = (description: string) => ({ type: 'number', description });
const date = (description: string) => ({ type: 'string', format: 'date', description });

export const CANDIDATE_TYPES: readonly CandidateType[] = [
  {
    code: 'invoice',
    name: 'Invoice',
    description: 'A bill from a supplier asking for payment for goods or services, with tax and totals',
    identifyPromptHints: 'Has an invoice number, invoice date, VAT, net and gross totals, amount due',
    jsonSchema: INVOICE_SCHEMA,
  },
  {
    code: 'receipt',
    name: 'Receipt',
    description: 'Proof of a purchase already paid at a shop, restaurant or station',
    identifyPromptHints: 'Till or card payment slip: merchant, items, subtotal, total, card, change, cashier',
    jsonSchema: {
      type: 'object',
      properties: {
        merchant: { type: 'object', properties: { name: text('Store name'), address: text('Store address') } },
        date: date('Transaction date'),
        items: {
          type: 'array',
          items: { type: 'object', properties: { description: text('Item'), amount: amount('Price') } },
        },
        subtotal: amount('Subtotal'),
        tax: amount('Tax'),
        total: amount('Total paid'),
        payment_method: text('Cash or card'),
      },
    },
  },
  {
    code: 'purchase_order',
    name: 'Purchase order',
    description: 'An order sent by a buyer to a supplier for goods, before delivery and invoicing',
    identifyPromptHints: 'PO number, ship to, delivery date, ordered quantities, buyer, authorised by',
    jsonSchema: {
      type: 'object',
      properties: {
        po_number: text('Purchase order number'),
        order_date: date('Order date'),
        delivery_date: date('Requested delivery date'),
        buyer: text('Buyer'),
        supplier: text('Supplier'),
        ship_to: text('Ship to address'),
        lines: {
          type: 'array',
          items: {
            type: 'object',
            properties: { item: text('Item'), quantity: amount('Quantity ordered'), unit_price: amount('Unit price') },
          },
        },
      },
    },
  },
  {
    code: 'contract',
    name: 'Contract',
    description: 'An agreement between parties with terms, obligations, term and termination, and signatures',
    identifyPromptHints: 'Agreement, parties, whereas, hereby, term, termination, governing law, signed by',
    jsonSchema: {
      type: 'object',
      properties: {
        parties: { type: 'array', items: text('Party') },
        effective_date: date('Effective date'),
        term: text('Duration of the agreement'),
        governing_law: text('Governing law'),
        termination_notice: text('Notice period for termination'),
      },
    },
  },
  {
    code: 'bank_statement',
    name: 'Bank statement',
    description: 'A periodic statement of an account listing transactions and balances',
    identifyPromptHints: 'Account number, IBAN, statement period, opening balance, closing balance, debit, credit',
    jsonSchema: {
      type: 'object',
      properties: {
        account_holder: text('Account holder'),
        iban: text('IBAN'),
        period_start: date('Statement period start'),
        period_end: date('Statement period end'),
        opening_balance: amount('Opening balance'),
        closing_balance: amount('Closing balance'),
        transactions: {
          type: 'array',
          items: {
            type: 'object',
            properties: { date: date('Date'), description: text('Description'), amount: amount('Amount') },
          },
        },
      },
    },
  },
  {
    code: 'resume',
    name: 'Resume',
    description: 'A curriculum vitae: a person’s work experience, education and skills',
    identifyPromptHints: 'CV, experience, education, skills, languages, profile, references',
    jsonSchema: {
      type: 'object',
      properties: {
        full_name: text('Candidate name'),
        email: { type: 'string', format: 'email' },
        phone: text('Phone'),
        skills: { type: 'array', items: { type: 'string' } },
        experience: {
          type: 'array',
          items: { type: 'object', properties: { company: text('Employer'), role: text('Job title') } },
        },
        education: text('Degree and school'),
      },
    },
  },
  {
    code: 'medical_form',
    name: 'Patient medical form',
    description: 'A patient intake or prior authorization form from a clinic, physician or health insurer',
    identifyPromptHints: 'Patient information, date of birth, member ID, physician, diagnosis, medication, insurance',
    jsonSchema: {
      type: 'object',
      properties: {
        patient: {
          type: 'object',
          properties: {
            first_name: text('Patient first name'),
            last_name: text('Patient last name'),
            dob: text('Date of birth'),
            member_id: text('Insurance member ID'),
          },
        },
        physician: text('Physician name'),
        medication: text('Requested medication'),
        diagnosis: text('Diagnosis'),
      },
    },
  },
];

/** A class of the identification list (`identification.csv`) and the dataset folder holding its schema. */
export const IDENTIFICATION_CLASSES = {
  receipt: 'wildreceipt-receipts',
  form: 'funsd-forms',
  contract: 'cuad-contracts',
  invoice: 'einvoice-facturx-zugferd',
  charity_annual_report: 'kleister-charity-sample',
} as const;

export type IdentificationClass = keyof typeof IDENTIFICATION_CLASSES;

/** Each class as a user would publish it: a name, a sentence of description, the dataset's schema.json. */
const PUBLISHED: Record<IdentificationClass, { name: string; description: string; hints: string }> = {
  receipt: {
    name: 'Receipt',
    description: 'A shop, restaurant or petrol station receipt for a purchase paid at the till',
    hints: 'Short printed slip: store name and address, items with prices, subtotal, tax, total, cash or card, change',
  },
  form: {
    name: 'Form',
    description: 'A filled-in paper form: printed questions or labels with handwritten or typed answers',
    hints:
      'Labels followed by answers (Name:, Date:, Phone:), boxes to tick, fax cover sheets, request and approval forms',
  },
  contract: {
    name: 'Contract',
    description: 'A commercial agreement between two or more parties',
    hints:
      'Agreement between parties, whereas clauses, terms and termination, governing law, signatures of the parties',
  },
  invoice: {
    name: 'Invoice',
    description: 'An invoice or credit note from a seller to a buyer asking for payment',
    hints: 'Invoice number and date, seller and buyer, line items, net total, VAT, amount due, due date, bank details',
  },
  charity_annual_report: {
    name: 'Charity annual report',
    description: 'The annual report and financial statements of a registered charity',
    hints:
      'Trustees report, charity number, objectives and activities, statement of financial activities, balance sheet',
  },
};

/** The five classes as candidate types, with or without identifyPromptHints, schemas read from `datasetsRoot`. */
export function identificationCandidates(datasetsRoot: string, withHints: boolean): CandidateType[] {
  return (Object.keys(IDENTIFICATION_CLASSES) as IdentificationClass[]).map((code) => {
    const schemaFile = path.join(datasetsRoot, IDENTIFICATION_CLASSES[code], 'schema.json');
    const published = PUBLISHED[code];
    return {
      code,
      name: published.name,
      description: published.description,
      identifyPromptHints: withHints ? published.hints : null,
      jsonSchema: JSON.parse(readFileSync(schemaFile, 'utf8')) as Record<string, unknown>,
    };
  });
}
