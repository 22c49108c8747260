import type { ConvertedDocument, ExtractionResult, ExtractionType } from '../types.js';
import type { Candidate } from './candidates/candidate.js';
import { GENERATORS } from './candidates/generators.js';
import { labelDateOrder } from './candidates/prose-dates.js';
import { clausePresence } from './clause-presence.js';
import { asksRangeEnd, rangeEnd } from './date-ranges.js';
import { cellsOf, indexLines, type LabelMatch, type LineRange } from './document-lines.js';
import { type Leaf, type Located, pointerToken, toFieldEvidence } from './evidence.js';
import { fillFromBlock, readList } from './extract-blocks.js';
import { type Context, type Field, labelCell, matchesOf, type PlainRange, startsCell } from './extract-context.js';
import { pairProperties, readKeyValues } from './extract-key-values.js';
import { readCaptionedFigures, readPricedLines } from './extract-priced-lines.js';
import { readScalar, type SiblingSpans, siblingSpans } from './extract-scalar.js';
import { readTable } from './extract-table.js';
import { generatorsForSchema, parentWords } from './generators-for-schema.js';
import { inferCountries, namesIssuer } from './infer-country.js';
import { LONE_AMOUNT } from './lexicon/amounts.js';
import {
  COMPOUND_HEAD_NOUNS,
  DISTINCT_KIND_QUALIFIERS,
  ORGANIZATION_NAME_WORDS,
  RECIPIENT_WORDS,
  SECTION_HEADING_NOUNS,
} from './lexicon/field-words.js';
import { lastDigitsAsked, lastDigitsOf, maskedDigits } from './masked-digits.js';
import { buildDocumentModel, type DocumentModel } from './model/document-model.js';
import {
  addresseeSections,
  blockRange,
  inPartyScope,
  letterheadRange,
  type PartyScope,
  type SectionArea,
  splitColumns,
  withinArea,
} from './party-section.js';
import { asPrintedDate } from './printed-date.js';
import { hintLabels, withHintLabels } from './prompt-hints.js';
import { withinBestGroup } from './ranking/block-groups.js';
import { creditNoteSigns } from './ranking/credit-note-signs.js';
import { asEnumMembers } from './ranking/enum-members.js';
import { profileOf } from './ranking/property-profile.js';
import { rankCandidates } from './ranking/rank.js';
import { reconcileTotals } from './ranking/totals-consistency.js';
import { type AddressWindow, addressWindow } from './recipient-window.js';
import {
  itemsOf,
  type JsonObject,
  type LabelVariant,
  labelVariants,
  propertiesOf,
  valueType,
} from './schema-fields.js';
import { joinSplitLabelWords } from './split-words.js';
import { nameWords, ownRows } from './table-names.js';
import { contentWords, normalizeWord } from './text-tokens.js';
import { stringKind } from './typed-value.js';
import { yesNoAnswer } from './yes-no-answers.js';

/**
 * Schema-guided extraction without a model: every property is looked for by its labels (name,
 * title, short description phrases, common synonyms, labels the type's `promptHints` quote for
 * it) next to or under which its value is printed, and parsed by its declared type. Nothing is
 * invented: a property whose value is not found is left out, and validation then names it if it
 * was required. Each extracted leaf value comes with its evidence: JSON Pointer, confidence, and
 * the page and span it was read from.
 *
 * Output keys follow the schema's order whether or not `keepPropertyOrdering` is set: a stable
 * order costs nothing here, and the flag matters to the model-backed engine's prompts.
 */
export function extractFields(document: ConvertedDocument, type: ExtractionType): ExtractionResult {
  // Label words the text layer split ("Liefer ant") joined again; every offset stays where it was.
  const text = joinSplitLabelWords(document.text);
  const lines = indexLines(text);
  const model = buildDocumentModel(text);
  // Only the generators whose candidates some property can take: the rest would be ranked for nothing.
  const candidates = generatorsForSchema(type.jsonSchema).flatMap((generator) => generator.generate(model));
  const context: RankingContext = {
    model,
    candidates,
    document: lines,
    dateOrder: labelDateOrder(model),
    keyCounts: countKeys(type.jsonSchema, new Map()),
    emailFields: countEmailFields(type.jsonSchema),
    kindCounts: countKinds(type.jsonSchema, new Map()),
    text,
    hintLabels: hintLabels(type.promptHints, type.jsonSchema),
    window: addressWindow(lines.lines),
  };
  const leaves: Leaf[] = [];
  const data = extractObject(context, type.jsonSchema, [], null, '', leaves);
  creditNoteSigns(data, candidates);
  reconcileTotals(data, type.jsonSchema, GENERATORS, candidates, leaves);
  inferCountries(data, type.jsonSchema, leaves, text);
  return { data, fields: toFieldEvidence(document, lines.lines, leaves) };
}

/** The label readers' context, plus the document model and the candidates every generator proposed. */
interface RankingContext extends Context {
  readonly model: DocumentModel;
  readonly candidates: readonly Candidate[];
  /** The letter's address window (sender line over the recipient's block), when the first page has one. */
  readonly window: AddressWindow | null;
}

/** A party's names that prefix its properties' labels, at most. */
const MAX_PREFIXES = 12;

/** Lines after an object's own label ("Bill to:") where its unprefixed properties are looked for. */
const SECTION_LINES = 12;

/** Adds the head noun alone as a last-resort label, when no sibling property shares that head noun. */
function withHeadNouns(fields: Field[]): Field[] {
  const words = fields.map((field) => contentWords(field.key));
  return fields.map((field, index) => {
    const own = words[index] ?? [];
    const head = own.at(-1);
    if (
      own.length < 2 ||
      !head ||
      !COMPOUND_HEAD_NOUNS.has(head) ||
      own.some((word) => DISTINCT_KIND_QUALIFIERS.has(word))
    )
      return field;
    if (words.some((other, otherIndex) => otherIndex !== index && other.includes(head))) return field;
    return { ...field, variants: [...field.variants, { words: [head], priority: 0 }] };
  });
}

function countEmailFields(schema: JsonObject): number {
  return propertiesOf(schema).reduce(
    (sum, [, property]) =>
      sum + (property.format === 'email' ? 1 : valueType(property) === 'object' ? countEmailFields(property) : 0),
    0,
  );
}

function countKinds(schema: JsonObject, counts: Map<string, number>): Map<string, number> {
  for (const [key, property] of propertiesOf(schema)) {
    const type = valueType(property);
    if (type === 'object') countKinds(property, counts);
    const kind = type === 'string' || type === null ? stringKind(property, key) : null;
    if (kind) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return counts;
}

function countKeys(schema: JsonObject, counts: Map<string, number>): Map<string, number> {
  for (const [key, property] of propertiesOf(schema)) {
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (valueType(property) === 'object') countKeys(property, counts);
  }
  return counts;
}

function extractObject(
  context: RankingContext,
  schema: JsonObject,
  prefixes: readonly LabelVariant[],
  section: LineRange | null,
  path: string,
  leaves: Leaf[],
  scope: PartyScope | null = null,
  issuer = false,
  inherited: readonly LabelMatch[] = [],
): Record<string, unknown> {
  const fields: Field[] = withHeadNouns(
    propertiesOf(schema).map(([key, property]) => ({
      key,
      schema: property,
      type: valueType(property),
      // A field outside a table is not labelled by a column's one-word header ("Total" is not the tax).
      variants: withHintLabels(
        labelVariants(key, property, prefixes).filter((variant) => !variant.columnOnly),
        context.hintLabels.get(key),
      ),
    })),
  );
  const siblings = siblingSpans(context, fields);
  // Unprefixed labels of a nested property are trusted anywhere when no other object has a
  // property of that name, else only near the parent's label.
  const nested = prefixes.length > 0;
  const plainRangeOf = (field: Field): PlainRange =>
    !nested || (context.keyCounts.get(field.key) ?? 0) <= 1 ? null : (section ?? false);
  const anchors = new Map<string, LabelMatch | undefined>();
  for (const field of fields) {
    if (field.type !== 'object') continue;
    const own = matchesOf(context, field, plainRangeOf(field)).sort((a, b) => a.line - b.line || a.start - b.start);
    anchors.set(field.key, sectionAnchor(context, own));
  }
  // The headings of the objects' sections, here and around: none of them is a value.
  const headings = [...inherited, ...[...anchors.values()].filter((anchor) => anchor !== undefined)];
  // The address window's recipient block is the party the document is addressed to, when no heading places it.
  const recipient = scope ? undefined : windowRecipient(context, fields, anchors);
  const scopes = scope ? null : partyScopes(context, fields, anchors, recipient);
  const arrays = fields
    .filter((field) => field.type === 'array' && valueType(itemsOf(field.schema) ?? {}) === 'object')
    .map((field) => field.key);
  const result: Record<string, unknown> = {};
  for (const field of fields) {
    const value = extractField(
      context,
      field,
      siblings,
      plainRangeOf(field),
      `${path}/${pointerToken(field.key)}`,
      leaves,
      {
        anchor: anchors.get(field.key),
        scope: scope ?? scopes?.get(field.key) ?? null,
        window: field.key === recipient ? 'recipient' : null,
        issuer,
        headings,
        arrays,
      },
    );
    if (value !== undefined) result[field.key] = value;
  }
  return result;
}

/** The object field the address window's recipient block fills: the first unheaded one named as the addressee. */
function windowRecipient(
  context: RankingContext,
  fields: readonly Field[],
  anchors: ReadonlyMap<string, LabelMatch | undefined>,
): string | undefined {
  if (!context.window) return undefined;
  return fields.find(
    (field) =>
      field.type === 'object' &&
      !anchors.get(field.key) &&
      !isIssuerObject(field) &&
      contentWords(field.key).some((word) => RECIPIENT_WORDS.has(word)),
  )?.key;
}

/**
 * Each party object's scope: its own headed section (a column of the lines when another party's
 * section stands beside it), and the sections of the other parties beside it. The addressee's
 * particulars under a heading addressed to the reader ("Your identifiers") are its section too.
 */
function partyScopes(
  context: RankingContext,
  fields: readonly Field[],
  anchors: ReadonlyMap<string, LabelMatch | undefined>,
  recipient: string | undefined,
): Map<string, PartyScope> {
  const { lines } = context.document;
  const headed = [...anchors]
    .filter((entry): entry is [string, LabelMatch] => entry[1] !== undefined)
    .map(([key, anchor]) => ({
      key,
      area: blockRange(lines, anchor.line, true),
      column: headingColumn(lines, anchor),
    }));
  const columns = splitColumns(headed);
  const sections = new Map<string, SectionArea[]>(headed.map(({ key }, index) => [key, [columns[index]!]]));
  const window = context.window?.recipient;
  const first = window?.[0]?.span.line;
  const last = window?.at(-1)?.span.line;
  if (recipient && first !== undefined && last !== undefined) sections.set(recipient, [{ from: first, to: last + 1 }]);
  const scopes = new Map<string, PartyScope>();
  if (anchors.size < 2 || sections.size === 0) return scopes;
  const addressee = fields.find(
    (field) =>
      sections.has(field.key) &&
      !isIssuerObject(field) &&
      contentWords(field.key).some((word) => RECIPIENT_WORDS.has(word)),
  );
  if (addressee) sections.get(addressee.key)!.push(...addresseeSections(lines));
  for (const key of anchors.keys()) {
    const others = [...sections].filter(([other]) => other !== key).flatMap(([, areas]) => areas);
    scopes.set(key, { own: sections.get(key) ?? [], others });
  }
  return scopes;
}

/** Where a heading's cell starts ("Adresse du Client" for its label word "Client"). */
function headingColumn(lines: readonly string[], anchor: LabelMatch): number {
  const cell = cellsOf(lines[anchor.line] ?? '').find((own) => own.start <= anchor.start && anchor.end <= own.end);
  return cell?.start ?? anchor.start;
}

/** Where an object field stands: its section's heading, and the party scope its values are chosen in. */
interface Placement {
  readonly anchor: LabelMatch | undefined;
  readonly scope: PartyScope | null;
  /** 'recipient' for the party the address window's block is (the issuer takes the window's sender line). */
  readonly window?: 'recipient' | null;
  /** True for the properties of the document's issuer (seller, supplier...). */
  readonly issuer?: boolean;
  /** The headings of the objects' sections ("Adresse du Client" over the buyer's block). */
  readonly headings?: readonly LabelMatch[];
  /** The keys of the object's arrays of objects (each takes the tables that name it). */
  readonly arrays?: readonly string[];
}

/**
 * True when the value was read from the heading of an object's section: a party's heading
 * ("Adresse du Client", beside the seller's "Trade name" caption) is none of its values nor another's.
 */
function onHeading(located: Located | undefined, headings: readonly LabelMatch[] | undefined): boolean {
  const span = located?.span;
  if (!span || span.line !== span.endLine) return false;
  return (headings ?? []).some(
    (heading) => span.line === heading.line && span.start < heading.end && heading.start < span.end,
  );
}

function addLeaf(leaves: Leaf[], path: string, located: Located): unknown {
  leaves.push({ path, confidence: located.confidence, span: located.span });
  return located.value;
}

function extractField(
  context: RankingContext,
  field: Field,
  siblings: SiblingSpans,
  plainRange: PlainRange,
  path: string,
  leaves: Leaf[],
  placement: Placement,
): unknown {
  switch (field.type) {
    case 'object': {
      const { anchor, scope } = placement;
      // An issuer printed without a heading labels its own lines in the letterhead ("VAT ID: ...").
      const letterhead = !anchor && isIssuerObject(field) ? letterheadRange(context.document.lines) : null;
      const section = anchor ? { from: anchor.line, to: anchor.line + SECTION_LINES } : letterhead;
      // A party's one-word names prefix its properties ("Buyer VAT ID", "N° TVA client"); its
      // headings of several words ("Bill to", "Factuur aan") head a block and come last.
      const prefixes = field.variants
        .filter((variant) => variant.priority >= 3)
        .sort((a, b) => b.priority - a.priority || a.words.length - b.words.length)
        .slice(0, MAX_PREFIXES);
      const value = extractObject(
        oneBlockPerObject(context, field, path, scope),
        field.schema,
        prefixes,
        section,
        path,
        leaves,
        scope,
        placement.issuer || isIssuerObject(field),
        placement.headings,
      );
      // An issuer without a label of its own is the address window's sender line, then the
      // letterhead; the addressee is the window's block.
      const issuer = !anchor && isIssuerObject(field);
      const blocks = anchor
        ? [anchor]
        : placement.window === 'recipient' && context.window
          ? [context.window.recipient]
          : issuer
            ? [...(context.window ? [context.window.sender] : []), 'letterhead' as const]
            : [];
      for (const block of blocks) {
        for (const [key, filled] of fillFromBlock(context, field.schema, block, new Set(Object.keys(value)))) {
          const keyPath = `${path}/${pointerToken(key)}`;
          if ('leaf' in filled) {
            value[key] = addLeaf(leaves, keyPath, filled.leaf);
            continue;
          }
          const parts: Record<string, unknown> = {};
          for (const [part, located] of Object.entries(filled.parts)) {
            parts[part] = addLeaf(leaves, `${keyPath}/${pointerToken(part)}`, located);
          }
          value[key] = parts;
        }
      }
      return Object.keys(value).length > 0 ? inSchemaOrder(field.schema, value) : undefined;
    }
    case 'array': {
      const items = itemsOf(field.schema);
      if (items && valueType(items) === 'object') {
        // Items that are a label and its value take every pair the document prints; else a table
        // anywhere: its header is made of the item labels, which is evidence enough.
        const pair = pairProperties(items);
        const rows =
          (pair ? readKeyValues(context.text, items, pair, context.dateOrder) : undefined) ??
          readTable(context.document, items, context.dateOrder, undefined, context.hintLabels) ??
          readPricedLines(context.document, items, context.dateOrder) ??
          readCaptionedFigures(context.document, items, context.dateOrder);
        if (!rows) return rankNamedObjects(context, field, path, items, leaves);
        const own = ownRows(context.document, rows, {
          own: nameWords(field.key),
          others: (placement.arrays ?? []).filter((key) => key !== field.key).map(nameWords),
        });
        if (own.length === 0) return undefined;
        return own.map((row, index) => {
          const out: Record<string, unknown> = {};
          for (const [key, located] of Object.entries(row)) {
            out[key] = addLeaf(leaves, `${path}/${index}/${pointerToken(key)}`, located);
          }
          return out;
        });
      }
      // A list the document states in prose (the parties "by and between A and B") comes before a label's list.
      const ranked = rankList(context, field, path);
      const list = items && !ranked ? readList(context, field, items, plainRange) : undefined;
      if (ranked)
        return ranked.values.map((value, index) => addLeaf(leaves, `${path}/${index}`, { ...ranked.located, value }));
      return list?.map((located, index) => addLeaf(leaves, `${path}/${index}`, located));
    }
    default: {
      // A party's labels are read in its own sections, wherever they stand (under "Your identifiers" too).
      const own = placement.scope?.own ?? [];
      const labelRead =
        own.length > 0 && plainRange !== false
          ? readScalar(
              { ...context, labelArea: (line, column) => own.some((area) => withinArea(area, line, column)) },
              field,
              siblings,
              null,
            )
          : readScalar(context, field, siblings, plainRange);
      const headed = onHeading(labelRead, placement.headings) ? undefined : labelRead;
      // The issuer's footer is outside every other party's section, not outside the issuer's.
      const footer =
        headed === undefined && placement.issuer
          ? readIssuerFooter(context, field, siblings, plainRange, placement.scope)
          : undefined;
      const read = headed ?? footer ?? (field.type === 'boolean' ? answerYesNo(context, field) : undefined);
      const profile = profileOf(field.key, field.schema, GENERATORS, parentWords(path));
      // An enum's candidates are the members the document's words name.
      const { scope } = placement;
      const scoped = scope
        ? context.candidates.filter((candidate) => inPartyScope(scope, candidate.span))
        : context.candidates;
      // A value read outside the party's scope (the letterhead's name for the buyer) is another
      // party's, unless a label naming this party says otherwise ("Customer VAT: ...").
      const outside = scope !== null && !footer && read?.span != null && !inPartyScope(scope, read.span);
      const labelled = outside ? readPrefixed(context, field, siblings, plainRange) : read;
      // The last digits of a card or account number: those its label reads, else a masked number's.
      const lastDigits =
        field.type === 'string' || field.type === null ? lastDigitsAsked(field.key, field.schema) : null;
      if (lastDigits !== null) {
        const digits =
          (labelled ? lastDigitsOf(labelled, context.document.lines, lastDigits) : undefined) ??
          maskedDigits(context.document.lines, lastDigits);
        return digits ? addLeaf(leaves, path, digits) : undefined;
      }
      const candidates = Array.isArray(field.schema.enum) ? asEnumMembers(scoped, field.schema) : scoped;
      // The first company name of the page, read without a label, is one of the issuer generator's own
      // candidates: that generator weighs where it stands in the letterhead (above or under its address).
      const guess = labelled?.unlabelled === true && profile.relations.has('issuer');
      const located =
        profile.kinds.size === 0
          ? labelled
          : (rankCandidates(profile, candidates, guess ? undefined : labelled, context.model.lines) ??
            (guess ? labelled : undefined));
      if (!located) return undefined;
      // The end of a period is the last date of the range printed where its date was read.
      const dated = asksRangeEnd(field.key, field.schema)
        ? rangeEnd(located, context.document.lines, context.dateOrder)
        : located;
      return addLeaf(leaves, path, asPrintedDate(dated, field.schema, context.document.lines, context.dateOrder));
    }
  }
}

/**
 * A yes/no property: the answer a form prints to its question, else whether a sentence names the
 * clause it asks about.
 */
function answerYesNo(context: RankingContext, field: Field): Located | undefined {
  return (
    yesNoAnswer(context.document.lines, field.key, field.schema) ??
    clausePresence(context.model, field.key, field.schema)
  );
}

/**
 * An issuer's number printed by a plain label outside its section (its VAT ID or register number
 * in the page's footer): the footer and the other unheaded parts of an invoice are the issuer's,
 * so the label counts there when it is outside every other party's section and names no other party.
 */
const FOOTER_IDENTIFIER_DIGITS = 4;

function readIssuerFooter(
  context: RankingContext,
  field: Field,
  siblings: SiblingSpans,
  plainRange: PlainRange,
  scope: PartyScope | null,
): Located | undefined {
  if (!plainRange || field.type !== 'string') return undefined;
  const read = readScalar(context, field, siblings, null);
  const line = read?.span?.line;
  if (!read || line === undefined || (scope && !inPartyScope({ own: [], others: scope.others }, read.span!)))
    return undefined;
  // Only a number the issuer is registered under (VAT ID, register number), not a count in a table.
  if (typeof read.value !== 'string' || (read.value.match(/\d/g)?.length ?? 0) < FOOTER_IDENTIFIER_DIGITS)
    return undefined;
  const words = contentWords(context.document.lines[line] ?? '');
  return words.some((word) => RECIPIENT_WORDS.has(word)) ? undefined : read;
}

/** The value beside or under a label that names the field's parent too ("Customer VAT" for customer.vat). */
function readPrefixed(
  context: RankingContext,
  field: Field,
  siblings: SiblingSpans,
  plainRange: PlainRange,
): Located | undefined {
  const prefixed = { ...field, variants: field.variants.filter((variant) => variant.prefixed) };
  const labels = matchesOf(context, prefixed, plainRange);
  if (labels.length === 0) return undefined;
  const read = readScalar(context, prefixed, siblings, plainRange);
  // Only a value printed by one of those labels: not an unlabelled guess.
  const line = read?.span?.line;
  return line !== undefined && labels.some((label) => Math.abs(label.line - line) <= 1) ? read : undefined;
}

/** An object for the document's issuer (seller, supplier, vendor...), by its name or description. */
function isIssuerObject(field: Field): boolean {
  return namesIssuer(field.key, field.schema);
}

/** An array of strings answered by a list relation (the parties of a contract). */
function rankList(
  context: RankingContext,
  field: Field,
  path: string,
): { values: string[]; located: Located } | undefined {
  const profile = profileOf(field.key, field.schema, GENERATORS, parentWords(path));
  if (!profile.list || profile.relations.size === 0) return undefined;
  const located = rankCandidates(profile, context.candidates, undefined, context.model.lines);
  if (!located || !Array.isArray(located.value)) return undefined;
  return { values: located.value.map(String), located };
}

/**
 * A list relation asked for as objects with a name ("parties": [{ "name": ..., "role": ... }]): one
 * object per name the document states, its name under the items' name property.
 */
function rankNamedObjects(
  context: RankingContext,
  field: Field,
  path: string,
  items: JsonObject,
  leaves: Leaf[],
): Record<string, unknown>[] | undefined {
  const nameKey = propertiesOf(items).find(
    ([key, property]) =>
      valueType(property) === 'string' && contentWords(key).some((word) => ORGANIZATION_NAME_WORDS.has(word)),
  )?.[0];
  if (nameKey === undefined) return undefined;
  const asList = { ...field, schema: { ...field.schema, items: { type: 'string' } } };
  const ranked = rankList(context, asList, path);
  return ranked?.values.map((value, index) => ({
    [nameKey]: addLeaf(leaves, `${path}/${index}/${pointerToken(nameKey)}`, { ...ranked.located, value }),
  }));
}

/**
 * The context an object's properties are read in: of the candidates read from one block (the parts
 * of one address), only the best block's, so that its street, town and postcode agree.
 */
function oneBlockPerObject(
  context: RankingContext,
  field: Field,
  path: string,
  scope: PartyScope | null,
): RankingContext {
  const profiles = propertiesOf(field.schema)
    .filter(([, property]) => valueType(property) !== 'object' && valueType(property) !== 'array')
    .map(([key, property]) => profileOf(key, property, GENERATORS, parentWords(`${path}/${pointerToken(key)}`)));
  const eligible = scope ? (candidate: Candidate) => inPartyScope(scope, candidate.span) : undefined;
  const candidates = withinBestGroup(profiles, context.candidates, context.model.lines, eligible);
  return candidates === context.candidates ? context : { ...context, candidates };
}

/**
 * Where an object's section starts: its label on a heading line ("PART C - APPLICANT
 * INFORMATION", no colon on it) first, then at the start of a cell ("Bill To:"), earliest first.
 * A label followed by a lone amount ("Total $48.43" for a `totals` object) is a value's label,
 * not a section heading.
 */
function sectionAnchor(context: Context, matches: readonly LabelMatch[]): LabelMatch | undefined {
  let best: { match: LabelMatch; rank: number } | undefined;
  for (const match of matches) {
    const line = context.document.lines[match.line] ?? '';
    const { after } = labelCell(line, match);
    if (LONE_AMOUNT.test(cellsOf(after)[0]?.text ?? '')) continue;
    if (insideName(line, match) || labelsValue(context, line, match)) continue;
    // A heading is the label alone in its cell: "Lieferant GmbH" names a company, not a section.
    const cell = labelCell(line, match);
    const alone = cell.colon || !/^ ?[\p{L}\p{N}]/u.test(line.slice(match.end));
    // "Verkäufer:" alone on its line heads a section as surely as a line without a colon; a colon
    // with a value after it ("Seller: ACME") is a label's.
    const headingColon = cell.colon && cell.after.trim() === '';
    const rank =
      (/[:：]/.test(line) && !headingColon ? 0 : 2) +
      (startsCell(context, match) ? 1 : 0) +
      (alone ? 2 : 0) +
      (headingColon ? 1 : 0);
    if (!best || rank > best.rank) best = { match, rank };
  }
  return best?.match;
}

/**
 * A label word inside a name is no heading: glued to the letters of a longer word ("SellerCompany")
 * or with words before and after it in its cell ("Our Vendor Company", "Acme Client Services").
 */
function insideName(line: string, match: LabelMatch): boolean {
  if (/\p{L}/u.test(line[match.start - 1] ?? '') || /\p{L}/u.test(line[match.end] ?? '')) return true;
  const cell = cellsOf(line).find((own) => own.start <= match.start && match.end <= own.end);
  if (!cell) return false;
  const before = line.slice(cell.start, match.start);
  const after = line.slice(match.end, cell.end);
  // "SECTION B - BUYER INFORMATION": the words after the role name the section, not a company.
  const afterWords = after.trim().split(/\s+/).map(normalizeWord);
  if (afterWords.every((word) => SECTION_HEADING_NOUNS.has(word))) return false;
  return /\p{L}/u.test(before) && /^\s+\p{L}/u.test(after) && !/[:：]/.test(cell.text);
}

/**
 * A role word that ends a label of other words, with a figure in the next column ("N° TVA client
 * FR12345678901", "Numéro client   4711"), labels that value: it heads no section.
 */
function labelsValue(context: Context, line: string, match: LabelMatch): boolean {
  if (startsCell(context, match)) return false;
  const next = cellsOf(line.slice(match.end))[0];
  return next !== undefined && /^\s{2,}/.test(line.slice(match.end)) && /\d/.test(next.text);
}

/** Keys in the schema's order: values filled from a party block come after the labelled ones. */
function inSchemaOrder(schema: JsonObject, value: Record<string, unknown>): Record<string, unknown> {
  const ordered: Record<string, unknown> = {};
  for (const [key] of propertiesOf(schema)) if (key in value) ordered[key] = value[key];
  return ordered;
}
