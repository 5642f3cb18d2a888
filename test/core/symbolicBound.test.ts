// The size bound of symbolic integers (limits.ts): past MAX_SYMBOLIC_TERMS terms an
// expression becomes an opaque symbol, which still evaluates and substitutes exactly,
// and is non-negative only when the expression provably was. Expected values are
// computed here with plain BigInt arithmetic on the same formulas.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as S from '../../server/src/core/symbolic';
import { MAX_SYMBOLIC_CHARS, MAX_SYMBOLIC_TERMS } from '../../server/src/core/limits';

const a = S.variable('a');
const one = S.constant(1);

/** A_i = (A_{i-1} + 1)^2 from A_0 = a, symbolically and for a number. */
function squarings(n: number): S.Sym {
  let x = a;
  for (let i = 0; i < n; i++) x = S.mul(S.add(x, one), S.add(x, one));
  return x;
}
function squaringsOf(v: bigint, n: number): bigint {
  let x = v;
  for (let i = 0; i < n; i++) x = (x + 1n) * (x + 1n);
  return x;
}

test('(a+1)^2 squared 12 and 40 times: bounded, opaque, and exact on evaluation', () => {
  for (const n of [12, 40]) {
    const x = squarings(n);
    assert.ok(x.terms.length <= MAX_SYMBOLIC_TERMS && x.key.length <= MAX_SYMBOLIC_CHARS, `${x.terms.length} terms, key of ${x.key.length}`);
    assert.ok(S.hasOpaque(x));
    assert.ok(S.print(x).includes(S.OPAQUE_PREFIX));
    assert.ok(S.print(x).length < 200, S.print(x));
    assert.deepEqual([...S.variables(x)], ['a']);
    if (n === 12) {
      for (const v of [0n, 1n, 3n]) assert.equal(S.evaluate(x, new Map([['a', v]])), squaringsOf(v, n));
      assert.equal(S.constantValue(S.substitute(x, new Map([['a', 2n]]))), squaringsOf(2n, n));
    }
  }
});

test('a few squarings stay expanded (no opaque symbol below the bound)', () => {
  const x = squarings(3); // degree 8: 9 terms
  assert.equal(S.hasOpaque(x), false);
  assert.equal(x.terms.length, 9);
  assert.equal(S.evaluate(x, new Map([['a', 5n]])), squaringsOf(5n, 3));
});

test('the product (a0+b0)·…·(a17+b17): bounded, evaluates to the product', () => {
  let p = S.constant(1);
  const values = new Map<string, bigint>();
  let want = 1n;
  for (let i = 0; i < 18; i++) {
    p = S.mul(p, S.add(S.variable(`a${i}`), S.variable(`b${i}`)));
    values.set(`a${i}`, BigInt(i + 1));
    values.set(`b${i}`, BigInt(2 * i + 3));
    want *= BigInt(i + 1) + BigInt(2 * i + 3);
  }
  assert.ok(p.terms.length <= MAX_SYMBOLIC_TERMS && p.key.length <= MAX_SYMBOLIC_CHARS);
  assert.equal(S.evaluate(p, values), want);
});

test('an opaque symbol that may be negative is not treated as non-negative', () => {
  // D = (x0-y0)·…·(x5-y5): 64 terms, may be negative
  let d = S.constant(1);
  for (let i = 0; i < 6; i++) d = S.mul(d, S.sub(S.variable(`x${i}`), S.variable(`y${i}`)));
  assert.ok(S.hasOpaque(d));
  assert.equal(S.nonNegative(d), false);
  const m = S.min(d, S.constant(0));
  assert.equal(S.isConstant(m), false, 'min(D, 0) does not fold to 0');
  // x0 = 0, y0 = 1 and the rest 1 - 0: D = -1, min(D, 0) = -1
  const vals = new Map<string, bigint>();
  for (let i = 0; i < 6; i++) {
    vals.set(`x${i}`, i === 0 ? 0n : 1n);
    vals.set(`y${i}`, i === 0 ? 1n : 0n);
  }
  assert.equal(S.evaluate(m, vals), -1n);
  // a product of sums of variables is non-negative, opaque or not
  let p = S.constant(1);
  for (let i = 0; i < 6; i++) p = S.mul(p, S.add(S.variable(`x${i}`), S.variable(`y${i}`)));
  assert.ok(S.hasOpaque(p));
  assert.equal(S.nonNegative(p), true);
});

test('the same operation on equal operands gives the same opaque symbol (its dependents stay equal)', () => {
  assert.ok(S.equals(squarings(12), squarings(12)));
  assert.equal(S.equals(squarings(12), squarings(13)), false);
  // x - x is 0 for an opaque x too
  const x = squarings(12);
  assert.equal(S.constantValue(S.sub(x, x)), 0n);
});
