/**
 * One invoice document type, written the way a user of quire would write it for invoices from any
 * supplier: field names in the invoice2data vocabulary (so its golden files can be compared), plain
 * descriptions, types and formats. Nothing here is about a particular issuer or file.
 */

const text = (description: string) => ({ type: 'string', description });
const amount = (description: string) => ({ type: 'number', description });
const date = (description: string) => ({ type: 'string', format: 'date', description });

const CURRENCIES = ['EUR', 'USD', 'GBP', 'INR', 'PLN', 'CHF', 'JPY', 'CNY', 'CAD', 'AUD', 'SEK', 'NOK', 'DKK', 'CZK'];

export const INVOICE_SCHEMA = {
  type: 'object',
  properties: {
    issuer: text('Name of the company that issued the invoice (seller, supplier)'),
    invoice_number: text('Invoice number'),
    date: date('Invoice date, issue date'),
    date_due: date('Due date, payment due'),
    amount: amount('Total amount to pay, taxes included (grand total)'),
    amount_untaxed: amount('Total before tax (net amount, subtotal)'),
    amount_tax: amount('Total tax amount (VAT)'),
    currency: { type: 'string', enum: CURRENCIES, description: 'Currency code' },
    vat: text('VAT number (tax identification number) of the seller'),
    iban: text('IBAN bank account number'),
    bic: text('BIC / SWIFT code'),
    partner_name: text('Legal name of the seller'),
    partner_website: { type: 'string', format: 'uri', description: 'Website' },
    partner_email: { type: 'string', format: 'email', description: 'Email address' },
    partner_street: text('Street address of the seller'),
    partner_zip: text('Postal code, ZIP code of the seller'),
    partner_city: text('City of the seller'),
    country_code: text('Country code of the seller (ISO 3166)'),
    telephone: text('Telephone number'),
    partner_coc: text('Chamber of commerce registration number (KvK)'),
    siren: text('SIREN company number'),
    client_id: text('Customer number, client ID'),
    order_id: text('Order number, order ID'),
    purchase_order_id: text('Purchase order number (PO)'),
    payment_reference: text('Payment reference'),
    payment_method: text('Payment method'),
    lines: {
      type: 'array',
      description: 'Invoice lines',
      items: {
        type: 'object',
        properties: {
          pos: text('Line position number'),
          code: text('Product code, article number'),
          name: text('Product or service description'),
          qty: amount('Quantity'),
          uom: text('Unit of measure'),
          price_unit: amount('Unit price'),
          discount: amount('Discount percent'),
          line_tax_percent: amount('Tax rate percent (VAT %)'),
          price_subtotal: amount('Line total amount'),
        },
      },
    },
  },
} as const;
