import type { LineSpan } from '../evidence.js';
import type { DocumentModel } from '../model/document-model.js';

/**
 * A candidate value found in a document, independent of any schema: what kind of value it is,
 * where it is, and how sure its generator is that it is a value of that kind. Ranking then decides
 * which candidate, if any, is the value of each schema property.
 */

/** The kinds of value the generators propose. A property's profile says which kinds it accepts. */
export type CandidateKind =
  | 'date'
  | 'time'
  | 'amount'
  | 'organization'
  | 'person'
  | 'address'
  | 'place'
  | 'duration'
  | 'identifier'
  | 'email'
  | 'phone'
  | 'text'
  /** What the document calls itself ("invoice", "credit note"): only a property asking for that relation takes it. */
  | 'title';

/**
 * What the words around a candidate say it is: a prose relation ("governed by the laws of X" ->
 * 'governing_law'), a role ("Total" -> 'grand_total'), or the letterhead's issuer. Each generator
 * declares the relations it can state, with the words of a property that asks for one (see
 * RelationSpec), so ranking can match a schema property to a relation without knowing the generator.
 */
export type Relation = string;

/** A relation a generator states, and the words in a property's name or description that ask for it. */
export interface RelationSpec {
  readonly relation: Relation;
  /** Phrases (lower case, words separated by spaces) any of which in a property's name or description asks for this relation. */
  readonly propertyPhrases: readonly string[];
  /** Phrases that, in a property's name or description, rule the relation out ("due date" is not the document's date). */
  readonly excludedBy?: readonly string[];
}

/** How the candidate sits in the page: beside or under a label, in prose, in the letterhead, or alone. */
export type LayoutRelation = 'same-line' | 'below' | 'prose' | 'letterhead' | 'none';

export interface Candidate {
  readonly kind: CandidateKind;
  /** The normalised value: ISO date, number, string, or an array of strings for a list relation. */
  readonly value: unknown;
  /** The text the value was read from, as printed. */
  readonly raw: string;
  readonly span: LineSpan;
  /** The generator's confidence that the text is a value of this kind (0..1). */
  readonly kindConfidence: number;
  readonly layout: LayoutRelation;
  /** Facts the document states about this value (relations and labels). */
  readonly relations: readonly Relation[];
  /** Normalised words of the label the value stands beside or under, if any. */
  readonly labelWords: readonly string[];
  /** 0..1 support from checks beyond the text itself, such as amounts that add up (subtotal + tax = total). */
  readonly support?: number;
  /**
   * 0..1 evidence against the value: from the same checks (a total below its subtotal, or not what
   * the cash less the change paid), or a label that says it is another party's (an address block
   * under "Bankers" or "Auditors" is not the organisation's own).
   */
  readonly conflict?: number;
  /**
   * Candidates read from one block of the document share it (the street, town and postcode of one
   * address): the properties of one object take their parts from a single group.
   */
  readonly group?: string;
  /** True when the value is only a guess unless a property asks for its relation (a cover's name is no country or street). */
  readonly onlyWhenAsked?: boolean;
}

/** A candidate generator: reads the document model, proposes values of its kinds, states their relations. */
export interface CandidateGenerator {
  readonly name: string;
  readonly relations: readonly RelationSpec[];
  generate(model: DocumentModel): Candidate[];
}
