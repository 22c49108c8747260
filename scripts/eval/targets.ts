/**
 * The accuracy targets of the offline engine on the report halves, printed beside the measured
 * figures. A target applies to each listed field (`each`), or to all leaf fields of the set pooled
 * (`pooled`), or to whole elements of an array of objects (`elements`: key and value both right).
 */

export type TargetScope =
  | { readonly kind: 'each'; readonly fields: readonly string[] | 'all' }
  | { readonly kind: 'pooled' }
  | { readonly kind: 'elements'; readonly array: string };

export interface Target {
  readonly label: string;
  readonly scope: TargetScope;
  /** Minimum accuracy in percent, per field when the scope is `each`. */
  readonly minimum: number | Readonly<Record<string, number>>;
}

const INVOICE_TARGET: Target = { label: 'all golden leaf fields (pooled)', scope: { kind: 'pooled' }, minimum: 85 };

export const TARGETS: Readonly<Record<string, readonly Target[]>> = {
  'wildreceipt-receipts': [
    {
      label: 'store_name / date / total / store_address',
      scope: { kind: 'each', fields: ['store_name', 'date', 'total', 'store_address'] },
      minimum: { store_name: 75, date: 90, total: 85, store_address: 60 },
    },
  ],
  'invoice2data-compare': [INVOICE_TARGET],
  'einvoice-facturx-zugferd': [INVOICE_TARGET],
  'einvoice-en16931-rendered': [INVOICE_TARGET],
  'funsd-forms': [
    { label: 'key-value pairs (key and value right)', scope: { kind: 'elements', array: 'fields[]' }, minimum: 60 },
  ],
  'kleister-charity-sample': [{ label: 'every field', scope: { kind: 'each', fields: 'all' }, minimum: 75 }],
  'cuad-contracts': [
    {
      label: 'parties, dates, governing law, renewal term',
      scope: {
        kind: 'each',
        fields: ['parties[]', 'agreement_date', 'effective_date', 'expiration_date', 'governing_law', 'renewal_term'],
      },
      minimum: 70,
    },
  ],
  'omni-ocr-benchmark-samples': [{ label: 'leaf fields (pooled)', scope: { kind: 'pooled' }, minimum: 85 }],
};

/** The per-field minimum a set's targets give `field`, if any. */
export function fieldTarget(set: string, field: string): number | null {
  for (const target of TARGETS[set] ?? []) {
    if (target.scope.kind !== 'each') continue;
    const { fields } = target.scope;
    if (fields !== 'all' && !fields.includes(field)) continue;
    return typeof target.minimum === 'number' ? target.minimum : (target.minimum[field] ?? null);
  }
  return null;
}
