import { ConflictError } from '../../errors.js';

/**
 * A step's identification configuration. The API writes only `types`; the other two
 * states (automatic identification off, a fixed document type) are set by the operator with
 * `npx quire step configure`.
 */
export interface IdentificationConfig {
  readonly autoIdentify: boolean;
  readonly fixedDocumentTypeCode: string | null;
  /** Codes in the order first sent, without duplicates. Empty with autoIdentify = every accessible type. */
  readonly types: readonly string[];
}

/** The configuration of a new step when the request names no types: every accessible type. */
export const ALL_ACCESSIBLE_TYPES: IdentificationConfig = {
  autoIdentify: true,
  fixedDocumentTypeCode: null,
  types: [],
};

/** Rule 4: duplicate codes are collapsed, keeping the first occurrence's position. */
export function collapseDuplicates(codes: readonly string[]): string[] {
  return [...new Set(codes)];
}

/** Codes the step already has, which a PATCH may keep even if they are no longer accessible. */
export function configuredCodes(config: IdentificationConfig): Set<string> {
  const codes = new Set(config.types);
  if (config.fixedDocumentTypeCode !== null) codes.add(config.fixedDocumentTypeCode);
  return codes;
}

/** Codes of `requested` that must pass the accessibility check: those not already configured. */
export function codesToCheck(current: IdentificationConfig | null, requested: readonly string[]): string[] {
  const configured = current ? configuredCodes(current) : new Set<string>();
  return requested.filter((code) => !configured.has(code));
}

/**
 * The configuration after a PATCH of identification.types: the list replaces the whole
 * list; a non-empty list turns automatic identification on and drops a fixed type; an empty list
 * widens an automatically identifying step to every accessible type, and is a 409 on a step that
 * does not identify automatically (a fixed-type step reads [], so replaying it lands here).
 * Accessibility of new codes is checked by the caller.
 */
export function replaceTypes(current: IdentificationConfig, requested: readonly string[]): IdentificationConfig {
  const types = collapseDuplicates(requested);
  if (types.length === 0 && !current.autoIdentify) {
    throw new ConflictError(
      'identification.types cannot be empty: this step does not use automatic identification' +
        (current.fixedDocumentTypeCode === null
          ? ''
          : ` (it uses the fixed document type "${current.fixedDocumentTypeCode}")`) +
        '; send the codes to identify among',
    );
  }
  return { autoIdentify: true, fixedDocumentTypeCode: null, types };
}
