import type { Candidate } from '../candidates/candidate.js';
import type { JsonObject } from '../schema-fields.js';
import { foldText } from '../text-tokens.js';

/**
 * A property with an `enum` of strings takes the member the document's words name: a candidate
 * whose value is a member's words ("credit note" for `credit_note`) becomes that member; a code
 * printed beside it ("(381)") picks the member the property's description maps that code to
 * ("381 credit_note"). Candidates that name no member cannot be the value and are dropped.
 */

function wordsOf(text: string): string {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .join(' ');
}

/** Codes the description pairs with members: "380 invoice, 381 credit_note" -> 380 -> invoice. */
export function describedCodes(description: string, members: readonly string[]): Map<string, string> {
  const codes = new Map<string, string>();
  for (const match of description.matchAll(/\b(\d{1,4})\s*[:=-]?\s*([\p{L}][\p{L}\p{N}_-]*)/gu)) {
    const member = members.find((candidate) => candidate === match[2]);
    if (member && match[1] && !codes.has(match[1])) codes.set(match[1], member);
  }
  return codes;
}

/** The member a text names: its words exactly, else the member with the most words all in the text. */
export function memberNamed(text: string, members: readonly string[]): string | null {
  const words = ` ${wordsOf(text)} `;
  let best: { member: string; size: number } | null = null;
  for (const member of members) {
    const own = wordsOf(member);
    if (own === '') continue;
    if (words.trim() === own) return member;
    const size = own.split(' ').length;
    if (words.includes(` ${own} `) && (!best || size > best.size)) best = { member, size };
  }
  return best?.member ?? null;
}

/** The candidates of an enum property, their values turned into members; the rest dropped. */
export function asEnumMembers(candidates: readonly Candidate[], schema: JsonObject): Candidate[] {
  const members = Array.isArray(schema.enum) ? schema.enum.filter((value) => typeof value === 'string') : [];
  if (members.length === 0) return [...candidates];
  const codes = describedCodes(typeof schema.description === 'string' ? schema.description : '', members);
  const out: Candidate[] = [];
  for (const candidate of candidates) {
    if (typeof candidate.value !== 'string') continue;
    const code = /\((\d{1,4})\)/.exec(candidate.raw)?.[1];
    const member = (code ? codes.get(code) : undefined) ?? memberNamed(candidate.value, members);
    if (member) out.push({ ...candidate, value: member });
  }
  return out;
}
