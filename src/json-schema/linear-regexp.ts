import { RE2JS } from 're2js';

/**
 * The regular-expression engine for user schemas (`pattern`, `patternProperties`): RE2 semantics
 * (re2js, pure JavaScript), which match in time linear in the input. With JavaScript's own
 * backtracking engine a pattern such as `^(a+)+$` sent in a document type or knowledge-base
 * schema could stall the event loop for minutes on a 40-character value (ReDoS). The price:
 * backreferences and lookarounds are not supported, and such a schema is refused with a 400
 * naming the pattern.
 */
export function linearTimeRegExp(pattern: string): { test(input: string): boolean; toString(): string } {
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch (error) {
    throw new Error(
      `pattern "${pattern}" is not supported (quire runs patterns on a linear-time engine without backreferences or lookarounds): ${(error as Error).message}`,
    );
  }
  return {
    // JSON Schema patterns are not anchored: a match anywhere counts, like RegExp.prototype.test.
    test: (input) => compiled.test(input),
    // ajv keys its cache of compiled patterns by this string.
    toString: () => `/${pattern}/`,
  };
}
// ajv needs a name for the function when it prints standalone code; quire never does, but the
// option's type asks for it.
linearTimeRegExp.code = 'linearTimeRegExp';
