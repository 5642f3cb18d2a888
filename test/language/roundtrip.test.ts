// Printing round-trips: the printed text of any value parses back to the same value,
// static marks included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import * as core from '../../server/src/core';
import { IntTuple } from '../../server/src/core';
import { printValue } from '../../server/src/language';
import { analyze } from '../../server/src/language/analysis/documentAnalysis';
import { Value } from '../../server/src/language/eval/values';
import { valueToCpp } from '../../server/src/language/ide/toCpp';
import { GOLDEN_FILES, readGolden } from '../helpers';

function reparse(text: string): Value | null {
  const a = analyze(`auto r = ${text};`);
  assert.deepEqual(
    a.diagnostics.filter((d) => d.severity === 'error'),
    [],
    `'${text}' does not parse back`,
  );
  return a.statements[0].result?.value ?? null;
}

function identicalValues(a: Value, b: Value): boolean {
  if (a.kind === 'layout' || b.kind === 'layout') {
    return (
      a.kind === 'layout' &&
      b.kind === 'layout' &&
      core.identical(a.shape, b.shape) &&
      core.identical(a.stride, b.stride) &&
      core.identical(a.originShape, b.originShape)
    );
  }
  if ((a.kind !== 'int' && a.kind !== 'tuple') || (b.kind !== 'int' && b.kind !== 'tuple')) return false;
  return core.identical(a, b);
}

test('every golden value prints and parses back to an identical value', () => {
  let checked = 0;
  for (const c of GOLDEN_FILES.flatMap(readGolden)) {
    const v = analyze(`auto r = ${c.expr};`).statements[0].result?.value;
    assert.ok(v, c.id);
    const text = printValue(v);
    const back = reparse(text);
    assert.ok(back && identicalValues(v, back), `${c.id}: ${text} read back as ${back && printValue(back)}`);
    // and the expected text of the golden itself reads back to the same print
    const expectText = c.expect.value ?? `${c.expect.shape}:${c.expect.stride}:${c.expect.originShape}`;
    assert.equal(printValue(reparse(expectText)!), expectText);
    checked++;
  }
  assert.ok(checked > 2000);
});

const leaf = fc
  .record({ value: fc.bigInt({ min: -(1n << 40n), max: 1n << 40n }), isStatic: fc.boolean() })
  .map(({ value, isStatic }) => core.int(value, isStatic));
const intTuple: fc.Arbitrary<IntTuple> = fc.letrec<{ t: IntTuple }>((tie) => ({
  t: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('t'), { minLength: 1, maxLength: 4 }).map((items) => core.tuple(...items)),
  ),
})).t;

/** A stride congruent with the shape, with random values. */
const congruentWith = (shape: IntTuple): fc.Arbitrary<IntTuple> =>
  shape.kind === 'int' ? leaf : fc.tuple(...shape.items.map(congruentWith)).map((items) => core.tuple(...items));

const randomLayout = fc
  .array(intTuple, { minLength: 1, maxLength: 4 })
  .map((modes) => core.tuple(...modes))
  .chain((shape) =>
    fc.tuple(fc.constant(shape), congruentWith(shape), fc.array(leaf, { minLength: shape.items.length, maxLength: shape.items.length })),
  )
  .map(([shape, stride, origin]) => core.layout(shape, stride, core.tuple(...origin)));

test('property: random nested tuples print and parse back identically', () => {
  fc.assert(
    fc.property(intTuple, (t) => {
      const back = reparse(printValue(t));
      // a printed rank-1 tuple `(x)` alone is a parenthesised integer; as a compact side it is a tuple
      if (t.kind === 'tuple' && t.items.length === 1) return true;
      return back !== null && identicalValues(t, back);
    }),
    { numRuns: 300 },
  );
});

test('property: random nested layouts print and parse back identically', () => {
  fc.assert(
    fc.property(randomLayout, (l) => {
      const back = reparse(printValue(l));
      return back !== null && identicalValues(l, back);
    }),
    { numRuns: 300 },
  );
});

test('copy as C++ writes a symbolic integer by its name (it has no value to write)', () => {
  assert.equal(valueToCpp(core.symbolicInt('m')), 'm');
  assert.equal(valueToCpp(core.tuple(core.symbolicInt('m'), core.staticInt(16), core.int(3))), 'MakeShape(m, Int<16>{}, 3)');
});
