import { RE2JS } from 're2js';

/**
 * The regular-expression engine of tenants' JSON Schemas (`pattern`, `patternProperties`): RE2, whose matching time
 * is linear in the input. With JavaScript's backtracking RegExp, a pattern such as `^(a+)+$` on a long string of
 * `a`s runs for minutes and holds the API process's event loop, every tenant's requests with it. RE2 has no
 * backreferences or lookaround: a schema that uses them is refused when it is saved, with RE2's message.
 */
export function linearRegExp(pattern: string, _flags: string): { test(text: string): boolean; toString(): string } {
  const compiled = RE2JS.compile(pattern);
  return {
    test: (text) => compiled.test(text),
    // ajv shares one compiled pattern per distinct key: the key must be the pattern itself.
    toString: () => `/${pattern}/`,
  };
}
// What ajv's code generation names the function by (used only for standalone code, which the relay does not emit).
linearRegExp.code = 'linearRegExp';
