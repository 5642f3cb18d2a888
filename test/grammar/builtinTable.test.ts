// Every function of the vocabulary has its implementation: eval/builtins/ is a
// Record<BuiltinName, Builtin>, so tsc -b rejects a vocabulary entry without one (it would be
// completed, highlighted and documented, then answered `unknown function` on every call). The
// expect-error lines below make the type check itself fail if that stops being so.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BuiltinName } from '../../server/src/language/syntax/vocabulary';
import { BUILTIN_FUNCTIONS } from '../../server/src/language/syntax/vocabulary';
import type { Builtin } from '../../server/src/language/eval/context';
import { BUILTINS } from '../../server/src/language/eval/builtins';
import { TUPLES_BUILTINS } from '../../server/src/language/eval/builtins/tuples';

// @ts-expect-error — a table that lacks a family's names is not a table of every builtin
const lacking: Record<BuiltinName, Builtin> = { ...TUPLES_BUILTINS };
// @ts-expect-error — a name the vocabulary does not have is not a builtin
const extra: Partial<Record<BuiltinName, Builtin>> = { MakeNothing: TUPLES_BUILTINS.MakeShape };

test('the builtin table has exactly the vocabulary functions', () => {
  assert.deepEqual(Object.keys(BUILTINS).sort(), BUILTIN_FUNCTIONS.map((f) => f.name).sort());
  assert.ok(lacking && extra);
});
