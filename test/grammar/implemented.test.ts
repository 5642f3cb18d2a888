// Every function of the vocabulary (builtins.ts) has its implementation: a `case` of the
// evaluator's call switch. A vocabulary entry without one would be completed, highlighted and
// documented, then answered `unknown function` on every call — nothing else catches that.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Analyzer } from '../../server/src/language';
import { BUILTIN_FUNCTIONS } from '../../server/src/language/syntax/vocabulary';

test('every vocabulary function is implemented by the evaluator', () => {
  const missing: string[] = [];
  for (const f of BUILTIN_FUNCTIONS) {
    // called with no arguments: an arity or argument error is fine, `unknown function` is not
    for (const call of [`${f.name}()`, `tla::${f.name}()`]) {
      const a = new Analyzer().analyze(`auto x = ${call};\n`);
      if (a.diagnostics.some((d) => d.code === 'unknown-function' && d.message.includes(`'`))) missing.push(call);
    }
  }
  assert.deepEqual(missing, []);
});

test('the check sees a function the evaluator does not know', () => {
  // the same check on a name that is not in the vocabulary must report it
  const a = new Analyzer().analyze('auto x = MakeNothing();\n');
  assert.ok(a.diagnostics.some((d) => d.code === 'unknown-function' && d.message.includes(`'`)));
});
